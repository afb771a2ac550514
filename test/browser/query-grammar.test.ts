// Facet values with the query language's syntax characters in them — parentheses, brackets,
// apostrophes, double quotes, a trailing backslash — chosen by a visitor in the data table and in
// the listing, each on the REST door and the eZ module door: the emulator, which reads queries as
// the real ocopendata parser does (its quote check, its bracket splitting, its clean-up, Solr's
// phrase), answers with the rows that carry that value. Before the shared escaping, a bracket in a data table value made the server's
// parser build a nested array (a PHP 8 TypeError), and the REST door ignored ?q= altogether.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { useBrowserEnv } from './env';
import { drawAfter, drawQuery, infoText, lastDraw, openTable } from './datatable-kit';
import { addListing, after, expected, firstResults } from './listing-helpers';
import { openPage } from './harness';
// @ts-ignore plain JS fixture module: the emulator's parser
import { parseQuery } from '../../fixtures/emulator/query/index.mjs';
// @ts-ignore plain JS fixture module: PHP's urldecode
import { phpUrldecode } from '../../fixtures/emulator/endpoints/http.mjs';

const env = useBrowserEnv();
const NASTY = ['Ambiente (verde) [urbano]', "L'arte dell'incontro", '"Partecipazione" civica', 'Tempo libero \\'];

/** Ids of the contents of `classId` under the topic named `name` (the dataset's own relations). */
function withTopic(classId: string, name: string): number[] {
  const ds = env.portal.dataset;
  const topic = ds.contents.find((c: any) => c.classIdentifier === 'topic' && c.name['ita-IT'] === name);
  expect(topic, name).toBeTruthy();
  return ds.contents.filter((c: any) => c.classIdentifier === classId && (c.fields.topics || []).includes(topic.id)).map((c: any) => c.id);
}

/** Chooses the checkbox of `value` in a multiple facet panel and waits for the draw. */
async function chooseTopic(page: Page, facetId: string, value: string) {
  await page.click('#' + facetId);
  const index = await page.$$eval(
    `#${facetId}-panel label`,
    (ls, v) => ls.findIndex((l) => l.textContent!.replace(/ \(\d+\)$/, '') === v),
    value,
  );
  expect(index, value).toBeGreaterThanOrEqual(0);
  await drawAfter(page, () => page.click(`#${facetId}-${index}`));
}

describe.each([
  ['REST door', 'datatable.html', 'piazza-dt-documenti-facet-1', 'document'],
  ['eZ module door', 'datatable-contenuti.html', 'piazza-dt-contenuti-facet-0', null],
] as const)('data table, %s', (door, path, facetId, classId) => {
  it.each(NASTY)('the topic %s shows the rows that carry it', async (topic) => {
    const probe = await openTable(env.browser, env.portal, path);
    const { page } = probe;
    await chooseTopic(page, facetId, topic);
    const url = lastDraw(probe);
    if (door === 'REST door') {
      expect(new URL(url).pathname.startsWith('/api/opendata/v2/datatable/search/')).toBe(true);
      expect(new URL(url).searchParams.has('q')).toBe(false);
    } else expect(new URL(url).searchParams.has('q')).toBe(true);
    // The portal's parser reads back exactly the topic chosen.
    expect(parseQuery(drawQuery(url)).clauses.find((c: any) => c.field === 'topics')!.values).toEqual([topic]);
    const answer = await (await fetch(url)).json();
    const ids = answer.data.map((h: any) => h.metadata.id);
    if (classId) {
      const want = withTopic(classId, topic);
      expect(want.length).toBeGreaterThan(0);
      expect(answer.recordsFiltered).toBe(want.length);
      for (const id of ids) expect(want).toContain(id);
    } else expect(answer.recordsFiltered).toBeGreaterThan(0);
    expect(await infoText(page)).toMatch(new RegExp(`(di|of) ${answer.recordsFiltered}$`));
    expect(await page.$('.piazza-datatable [role=alert]')).toBeNull();
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

/** The query a listing request carries: in the path on the REST door, in `?q=` (encoded twice) on the module's. */
function listingQuery(url: string): string {
  const u = new URL(url);
  if (u.pathname.startsWith(REST_SEARCH)) return decodeURIComponent(u.pathname.slice(REST_SEARCH.length));
  expect(u.pathname).toBe('/opendata/api/content/search/');
  return phpUrldecode(u.searchParams.get('q'));
}
const REST_SEARCH = '/api/opendata/v2/content/search/';
const EVENTS = 'classes [event] sort [time_interval=>asc]';

describe.each([
  ['eZ module door', false],
  ['REST door (a remote portal, JSONP)', true],
] as const)('listing, %s', (door, remote) => {
  it.each(NASTY)('the topic %s narrows the events to those that carry it', async (topic) => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-cases.html');
    const { page } = probe;
    // The same emulator answers as "this portal" and as the remote one, as on the demo page.
    await addListing(page, 'temi', {
      blockId: 'temi',
      query: EVENTS,
      facets: ['topics'],
      limitPagination: 6,
      ...(remote ? { remoteUrl: env.portal.origin } : {}),
    });
    await firstResults(page, 'temi');
    // the facet's options (with their counts) follow the list's answer: wait for them to be filled
    await page.waitForSelector('#temi-facet-0 option:nth-child(2)');
    const options = await page.$$eval('#temi-facet-0 option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain(topic);
    const sent = probe.requests.length;
    const res = await after(page, 'temi', () => page.select('#temi-facet-0', topic));
    // Written by hand from the grammar: an exact phrase, backslashes doubled for Solr, then
    // ' ( ) [ ] " escaped for the parser.
    const phrase = topic.replace(/\\/g, '\\\\').replace(/["'()[\]]/g, '\\$&');
    expect(res).toMatchObject(expected(env.portal.dataset, `topics in ['"${phrase}"'] and ${EVENTS} limit 6 offset 0`));
    const events = new Set(withTopic('event', topic));
    expect(res.total).toBe(events.size);
    for (const id of res.ids) expect(events.has(id)).toBe(true);
    // The request went through the door under test, and the portal's parser reads back the topic.
    const searches = probe.requests.slice(sent).filter((u) => u.includes(remote ? REST_SEARCH : '/opendata/api/content/search/'));
    expect(searches.length).toBeGreaterThan(0);
    if (remote) for (const url of searches) expect(new URL(url).searchParams.get('callback')).toMatch(/^piazzaJsonp/);
    // The results' search carries the topic (the topic facet's own counts are asked without it).
    const chosen = searches.map((url) => parseQuery(listingQuery(url)).clauses.find((c: any) => c.field === 'topics')).filter(Boolean);
    expect(chosen.length).toBeGreaterThan(0);
    for (const clause of chosen) expect(clause!.values).toEqual([topic]);
    expect(await page.$('#temi [role=alert]')).toBeNull();
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
