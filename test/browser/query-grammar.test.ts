// Facet values with the query language's syntax characters in them — parentheses, brackets,
// apostrophes, double quotes — chosen by a visitor in the data table (REST door and eZ module door)
// and in the listing: the emulator, which reads queries as the real ocopendata parser does (its
// quote check, its bracket splitting, its clean-up, Solr's phrase), answers with the rows that
// carry that value. Before the shared escaping, a bracket in a data table value made the server's
// parser build a nested array (a PHP 8 TypeError), and the REST door ignored ?q= altogether.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { useBrowserEnv } from './env';
import { drawAfter, drawQuery, infoText, lastDraw, openTable } from './datatable-kit';
import { after, expected, firstResults, day } from './listing-helpers';
import { openPage } from './harness';
// @ts-ignore plain JS fixture module: the emulator's parser
import { parseQuery } from '../../fixtures/emulator/query/index.mjs';

const env = useBrowserEnv();
const NASTY = ['Ambiente (verde) [urbano]', "L'arte dell'incontro", '"Partecipazione" civica'];

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
  const index = await page.$$eval(`#${facetId}-panel label`, (ls, v) => ls.findIndex((l) => l.textContent!.replace(/ \(\d+\)$/, '') === v), value);
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

describe('listing', () => {
  it.each(NASTY)('the topic %s narrows the events to those that carry it', async (topic) => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html');
    const { page } = probe;
    await firstResults(page, 'eventi');
    const options = await page.$$eval('#eventi-facet-0 option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain(topic);
    const res = await after(page, 'eventi', () => page.select('#eventi-facet-0', topic));
    const query = `topics in ['"${topic.replace(/["'()[\]]/g, '\\$&')}"'] and classes [event] and subtree [101] sort [time_interval=>asc] and calendar[time_interval] = [${day()} 00:00,*]`;
    expect(res).toMatchObject(expected(env.portal.dataset, query + ' limit 6 offset 0'));
    const events = new Set(withTopic('event', topic));
    for (const id of res.ids) expect(events.has(id)).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
