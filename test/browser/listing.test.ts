// The listing block on the demo portal page, against the emulator: every filter narrows the results
// exactly as the portal's API computes them, both paging styles, URL state with Back/Forward,
// the PA validator's crawl, and axe-core in each state.
import { describe, expect, it } from 'vitest';
import { chunksLoaded, newProbe, openPage, waitReady, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import {
  after,
  announcements,
  day,
  expected,
  firstResults,
  nextResults,
  recordAnnouncements,
  searchParams,
  setDate,
  shown,
  pageIdle,
  saveData,
} from './listing-helpers';
import { DATE, romeWeekday } from './clock';

const BASE = 'classes [event] and subtree [101] sort [time_interval=>asc]';
const FROM_TODAY = `calendar[time_interval] = [${day()} 00:00,*]`;

const env = useBrowserEnv();

async function demo(query = '', savingData = false): Promise<Probe> {
  const probe = await newProbe(env.browser);
  if (savingData) await saveData(probe.page);
  await probe.page.goto(env.portal.url + 'listing.html' + query, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  await firstResults(probe.page, 'eventi', 'notizie', 'eventi-server', 'servizi-remoti');
  return probe;
}

const facetOptions = (probe: Probe, selector: string) =>
  probe.page.$$eval(selector + ' option', (os) =>
    os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent!.trim(), disabled: (o as HTMLOptionElement).disabled })),
  );

describe('listing on the demo page', () => {
  it('mounts the four blocks with their first results, replacing the fallback, accessibly', async () => {
    const probe = await demo();
    const { page } = probe;
    const eventi = await shown(page, 'eventi');
    expect(eventi).toMatchObject(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} and limit 6 offset 0`));
    expect((await shown(page, 'notizie')).ids).toEqual(
      expected(env.portal.dataset, 'classes [article] sort [published=>desc] limit 5').ids,
    );
    expect((await shown(page, 'servizi-remoti')).ids).toEqual(
      expected(env.portal.dataset, 'classes [public_service] sort [name=>asc] limit 8').ids,
    );
    expect((await shown(page, 'eventi-server')).ids).toHaveLength(6);
    // The no-JS fallback is gone once mounted; only the listing chunk (and the sanitiser) were loaded.
    expect(await page.$$eval('[data-piazza-block=listing] > p', (ps) => ps.length)).toBe(0);
    expect(chunksLoaded(probe).map((f) => f.replace(/-[\w-]{8}\.js$/, ''))).toEqual(expect.arrayContaining(['listing']));
    // (the map and agenda code come only on intent: tested below)
    // A block with one tab has no tab bar.
    expect(await page.$$('#notizie [role=tablist]')).toHaveLength(0);
    expect(await page.$('#notizie-list')).not.toBeNull();
    await expectAxe(probe.page, 'first results');
    expect(probe.external()).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('keeps the no-JS fallback when scripts do not run', async () => {
    const page = await env.browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(env.portal.url + 'listing.html');
    expect(await page.$eval('#eventi', (el) => el.textContent)).toContain('Il calendario completo degli eventi');
    await page.close();
  });

  it('a facet narrows the results to what the API counts, with the counts in the options', async () => {
    const probe = await demo('?eventi.page=2');
    const { page } = probe;
    await recordAnnouncements(page, 'eventi');
    const options = await facetOptions(probe, '#eventi-facet-0');
    expect(options[0]).toEqual({ value: '', text: 'Tutti', disabled: false });
    const cultura = options.find((o) => o.value === 'Cultura')!;
    const count = Number(/\((\d+)\)$/.exec(cultura.text)![1]);
    expect(options.every((o) => o.value === '' || /\(\d+\)$/.test(o.text))).toBe(true);

    const res = await after(page, 'eventi', () => page.select('#eventi-facet-0', 'Cultura'));
    const want = expected(env.portal.dataset, `topics in ['"Cultura"'] and ${BASE} and ${FROM_TODAY} limit 6 offset 0`);
    expect(res.total).toBe(count);
    expect(res).toMatchObject(want);
    for (const id of res.ids) expect(env.portal.dataset.byId.get(id).fields.topics).toContain(201);
    // Back on page 1; the state is in the URL.
    expect(await page.$eval('#eventi [aria-current=page]', (a) => a.textContent)).toContain('1');
    expect(await searchParams(page)).toEqual({ 'eventi.f.topics': 'Cultura' });
    // The other facet's counts now follow the topic; the chosen facet still offers its alternatives.
    await page.waitForFunction(() => !document.querySelector('#eventi-facet-1[aria-busy]'));
    const typologies = await facetOptions(probe, '#eventi-facet-1');
    const sum = typologies.slice(1).reduce((n, o) => n + Number(/\((\d+)\)$/.exec(o.text)![1]), 0);
    expect(sum).toBeGreaterThanOrEqual(count);
    expect((await facetOptions(probe, '#eventi-facet-0')).length).toBe(options.length);
    await page.waitForFunction(() => (window as any).__said_eventi?.length > 0);
    expect(await announcements(page, 'eventi')).toEqual([
      `${count} risultati` + (count > 6 ? `, pagina 1 di ${Math.ceil(count / 6)}` : ''),
    ]);
    await expectAxe(probe.page, 'facet selected');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['today', `[${day()} 00:00,${day()} 23:59]`],
    ['next7days', `[${day()} 00:00,${day(7)} 23:59]`],
    ['next30days', `[${day()} 00:00,${day(30)} 23:59]`],
  ])('the %s interval shows what the API finds in %s', DATE, async (interval, range) => {
    const probe = await demo();
    const res = await after(probe.page, 'eventi', () => probe.page.click(`#eventi-interval-${interval}`));
    expect(res).toMatchObject(expected(env.portal.dataset, `${BASE} and calendar[time_interval] = ${range} limit 6 offset 0`));
    expect(res.total).toBeLessThan((await expected(env.portal.dataset, `${BASE} and ${FROM_TODAY}`)).total + 1);
    expect((await searchParams(probe.page))['eventi.interval']).toBe(interval);
    await probe.page.close();
  });

  it('the weekend is this weekend, also on a Sunday', DATE, async () => {
    const probe = await demo();
    const res = await after(probe.page, 'eventi', () => probe.page.click('#eventi-interval-weekend'));
    const dow = romeWeekday(); // the portal's weekday, whatever the browser's zone
    const [from, to] = dow === 0 ? [day(), day()] : dow === 6 ? [day(), day(1)] : [day(6 - dow), day(7 - dow)];
    expect(res).toMatchObject(
      expected(env.portal.dataset, `${BASE} and calendar[time_interval] = [${from} 00:00,${to} 23:59] limit 6 offset 0`),
    );
    expect(expected(env.portal.dataset, `${BASE} and calendar[time_interval] = [${from} 00:00,${to} 23:59] limit 100`).ids).toContain(4010); // the dataset's "weekend concert"
    await probe.page.close();
  });

  it('the published range applies once both dates are valid; from bounds to, to bounds from, reset clears both', DATE, async () => {
    const probe = await demo();
    const { page } = probe;
    const before = await shown(page, 'eventi');
    expect(await page.$('#eventi .piazza-listing-published button')).toBeNull();
    await setDate(page, '#eventi-published-from', day(-30));
    // One date is not a range: the results stay, the reset appears, "to" cannot precede "from".
    await page.waitForSelector('#eventi .piazza-listing-published button');
    expect(await page.$eval('#eventi-published-to', (el) => (el as HTMLInputElement).min)).toBe(day(-30));
    expect((await shown(page, 'eventi')).ids).toEqual(before.ids);
    const res = await after(page, 'eventi', () => setDate(page, '#eventi-published-to', day(-10)));
    const want = expected(
      env.portal.dataset,
      `${BASE} and ${FROM_TODAY} and published range [${day(-30)} 00:00,${day(-10)} 23:59] limit 6 offset 0`,
    );
    expect(res).toMatchObject(want);
    expect(res.total).toBeLessThan(before.total);
    expect(await page.$eval('#eventi-published-from', (el) => (el as HTMLInputElement).max)).toBe(day(-10));
    await expectAxe(probe.page, 'published range');
    const reset = await after(page, 'eventi', () => page.click('#eventi .piazza-listing-published button'));
    expect(reset.ids).toEqual(before.ids);
    expect(await page.$('#eventi .piazza-listing-published button')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('eventi-published-from');
    expect(await page.$eval('#eventi-published-to', (el) => (el as HTMLInputElement).min)).toBe('');
    await page.close();
  });

  it('"to" alone bounds "from"', DATE, async () => {
    const probe = await demo();
    await setDate(probe.page, '#eventi-published-to', day(-3));
    await probe.page.waitForFunction(() => (document.querySelector('#eventi-published-from') as HTMLInputElement).max !== '');
    expect(await probe.page.$eval('#eventi-published-from', (el) => (el as HTMLInputElement).max)).toBe(day(-3));
    await probe.page.close();
  });

  it('the published range: date fields a frame after the first results; a slow first answer holds them half a second at most', async () => {
    const probe = await demo();
    await probe.page.waitForFunction(() => (document.getElementById('eventi-published-from') as HTMLInputElement).type === 'date');
    expect(await probe.page.$eval('#eventi-published-to', (el) => (el as HTMLInputElement).type)).toBe('date');
    await probe.page.close();
    // The block's first list answer held (its query is encoded twice in the module URL): date fields all the same.
    // On a page without the theme's CSS (the bench's block page), where a date field is taller than
    // a plain one: the range keeps its height (the block's own CSS), read as each kind is inserted.
    env.portal.faults.arm({ match: 'view=card_teaser&q=classes%2520%255Bevent%255D', hold: true, times: 1 });
    const slow = await newProbe(env.browser);
    await slow.page.evaluateOnNewDocument(() => {
      const heights: Record<string, number> = ((window as any).__rangeHeights = {});
      new MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach((n) => {
            if (n instanceof HTMLLinkElement && n.href.includes('bootstrap-italia')) n.remove();
          });
        const from = document.getElementById('eventi-published-from') as HTMLInputElement | null;
        if (from && !(from.type in heights)) heights[from.type] = from.closest('fieldset')!.getBoundingClientRect().height;
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['type'] });
    });
    await slow.page.goto(env.portal.url + 'listing.html', { waitUntil: 'domcontentloaded' });
    await slow.page.waitForFunction(() => (document.getElementById('eventi-published-from') as HTMLInputElement | null)?.type === 'date');
    expect(await slow.page.$eval('#eventi .piazza-listing-list', (l) => l.getAttribute('data-piazza-status'))).toBe('loading');
    const heights = (await slow.page.evaluate(() => (window as any).__rangeHeights)) as Record<string, number>;
    expect(await slow.page.$$eval('link[href*="bootstrap-italia"]', (ls) => ls.length)).toBe(0);
    expect(heights.text).toBeGreaterThan(0);
    expect(heights.date).toBe(heights.text);
    expect(env.portal.faults.release()).toBe(1);
    await firstResults(slow.page, 'eventi');
    expect(slow.errors).toEqual([]);
    await slow.page.close();
  });

  it('search: the toggle opens the form, Enter searches, closing clears the text and searches again', async () => {
    const probe = await demo();
    const { page } = probe;
    const all = await shown(page, 'eventi');
    const toggle = '#eventi .piazza-listing-search > button';
    expect(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded'))).toBe('false');
    await page.click(toggle);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('eventi-search-text');
    await page.keyboard.type(`festa`);
    const res = await after(page, 'eventi', () => page.keyboard.press('Enter'));
    expect(res).toMatchObject(
      expected(env.portal.dataset, `q = 'festa' and ${BASE} and ${FROM_TODAY} and sort [score=>desc] limit 6 offset 0`),
    );
    expect(res.total).toBeGreaterThan(0);
    expect(res.total).toBeLessThan(all.total);
    expect((await searchParams(page))['eventi.q']).toBe('festa');
    await expectAxe(probe.page, 'search open');
    const cleared = await after(page, 'eventi', () => page.click(toggle));
    expect(cleared.ids).toEqual(all.ids);
    expect(await page.$eval('#eventi-search', (f) => (f as HTMLElement).hidden)).toBe(true);
    expect(await searchParams(page)).toEqual({});
    await page.close();
  });

  it('no results: a polite empty state, no pagination, one message', async () => {
    const probe = await demo();
    const { page } = probe;
    await recordAnnouncements(page, 'eventi');
    await page.click('#eventi .piazza-listing-search > button');
    await page.type('#eventi-search-text', 'zzzznessunrisultato');
    const res = await after(page, 'eventi', () => page.keyboard.press('Enter'));
    expect(res).toMatchObject({ status: 'ready', total: 0, ids: [] });
    expect(await page.$eval('#eventi .piazza-listing-empty', (p) => p.textContent)).toBe('Nessun contenuto trovato.');
    expect(await page.$('#eventi nav.pagination-wrapper')).toBeNull();
    await page.waitForFunction(() => (window as any).__said_eventi?.length > 0);
    expect(await announcements(page, 'eventi')).toEqual(['Nessun risultato']);
    await expectAxe(probe.page, 'no results');
    await page.close();
  });

  it('search text with & # and quotes reaches the API intact (the URL is encoded)', async () => {
    const probe = await demo();
    const { page } = probe;
    await page.click('#eventi .piazza-listing-search > button');
    const text = `Concerto "all'aperto" & #1`;
    await page.type('#eventi-search-text', text);
    const res = await after(page, 'eventi', () => page.keyboard.press('Enter'));
    expect(res.status).toBe('ready');
    expect(res).toMatchObject(
      expected(
        env.portal.dataset,
        `q = 'Concerto \\"all\\'aperto\\" & #1' and ${BASE} and ${FROM_TODAY} and sort [score=>desc] limit 6 offset 0`,
      ),
    );
    expect(res.total).toBeGreaterThan(0);
    expect((await searchParams(page))['eventi.q']).toBe(text);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('numbered pages: ellipsis hidden from screen readers, aria-current, real links; paging scrolls and moves focus to the list', async () => {
    const probe = await demo();
    const { page } = probe;
    // Instant scrolling (as visitors who ask for reduced motion get it), so clicks land where aimed.
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const nav = '#eventi nav.pagination-wrapper';
    expect(await page.$eval(nav, (n) => n.getAttribute('aria-label'))).toBe('Navigazione pagine');
    expect(await page.$$eval(nav + ' li[aria-hidden=true]', (li) => li.map((l) => l.textContent))).toEqual(['…']);
    const total = (await shown(page, 'eventi')).total;
    const pages = Math.ceil(total / 6);
    expect(await page.$eval(nav + ' a[aria-label="Pagina 2"]', (a) => a.getAttribute('href'))).toBe('/listing.html?eventi.page=2');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const p2 = await after(page, 'eventi', () => page.click(nav + ' a[aria-label="Pagina 2"]'));
    expect(p2.ids).toEqual(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} limit 6 offset 6`).ids);
    expect(await page.$eval(nav + ' [aria-current=page]', (a) => a.textContent)).toBe('2' + `Pagina 2 di ${pages}`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('eventi-list-results');
    // The list's top is now just below the sticky-header allowance (72px without scroll-padding-top).
    expect(await page.$eval('#eventi .piazza-listing-list', (el) => Math.round(el.getBoundingClientRect().top))).toBe(72);
    expect((await searchParams(page))['eventi.page']).toBe('2');
    const last = await after(page, 'eventi', () => page.click(nav + ` a[aria-label="Pagina ${pages}"]`));
    expect(last.ids).toEqual(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} limit 6 offset ${(pages - 1) * 6}`).ids);
    expect(await page.$eval(nav + ' li:last-child', (li) => li.className)).toContain('disabled');
    const prev = await after(page, 'eventi', () => page.click(nav + ' a[aria-label="Pagina precedente"]'));
    expect(prev.ids).toEqual(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} limit 6 offset ${(pages - 2) * 6}`).ids);
    await expectAxe(probe.page, 'page navigation');
    await page.close();
  });

  it('Back and Forward restore filters and pages; a shared link opens the same results', async () => {
    const probe = await demo();
    const { page } = probe;
    const start = await shown(page, 'eventi');
    // (each change reaches the URL a frame after its results: blocks/listing/setup.ts; a visitor's Back comes later than that)
    const filtered = await after(page, 'eventi', () => page.select('#eventi-facet-0', 'Cultura'));
    await page.waitForFunction(() => [...new URLSearchParams(location.search).keys()].some((k) => k.startsWith('eventi.f.')));
    const paged = await after(page, 'eventi', () => page.click('#eventi nav a[aria-label="Pagina 2"]'));
    await page.waitForFunction(() => new URLSearchParams(location.search).get('eventi.page') === '2');
    expect(paged.ids).not.toEqual(filtered.ids);
    const url = page.url();

    const back1 = await after(page, 'eventi', () => page.goBack());
    expect(back1.ids).toEqual(filtered.ids);
    expect(await page.$eval('#eventi-facet-0', (s) => (s as HTMLSelectElement).value)).toBe('Cultura');
    const back2 = await after(page, 'eventi', () => page.goBack());
    expect(back2.ids).toEqual(start.ids);
    expect(await page.$eval('#eventi-facet-0', (s) => (s as HTMLSelectElement).value)).toBe('');
    const forward = await after(page, 'eventi', () => page.goForward());
    expect(forward.ids).toEqual(filtered.ids);
    // Other blocks keep their state (keys are per block).
    expect(Object.keys(await searchParams(page)).every((k) => k.startsWith('eventi.'))).toBe(true);
    await page.close();

    const shared = await openPage(env.browser, url);
    await firstResults(shared.page, 'eventi');
    const again = await shown(shared.page, 'eventi');
    expect(again.ids).toEqual(paged.ids);
    expect(await shared.page.$eval('#eventi-facet-0', (s) => (s as HTMLSelectElement).value)).toBe('Cultura');
    expect(shared.errors).toEqual([]);
    await shared.page.close();
  });

  it('an old link past the last page shows the last page, without a history entry', async () => {
    const page = await env.browser.newPage();
    await page.evaluateOnNewDocument(() => {
      (window as any).__historyAtStart = history.length;
    });
    await page.goto(env.portal.url + 'listing.html?eventi.page=99');
    await firstResults(page, 'eventi');
    const total = (await shown(page, 'eventi')).total;
    const pages = Math.ceil(total / 6);
    await page.waitForFunction((p) => new URLSearchParams(location.search).get('eventi.page') === String(p), {}, pages);
    const res = await shown(page, 'eventi');
    expect(res.ids).toEqual(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} limit 6 offset ${(pages - 1) * 6}`).ids);
    expect(await page.evaluate(() => history.length === (window as any).__historyAtStart)).toBe(true);
    await page.close();
  });

  it('append style: the validator crawl clicks load-other-cards until it is gone and collects every item', async () => {
    const probe = await demo();
    const { page } = probe;
    const all = expected(env.portal.dataset, 'classes [article] sort [published=>desc] limit 300');
    const historyLength = await page.evaluate(() => history.length);
    let clicks = 0;
    for (;;) {
      const button = await page.$('#notizie [data-element="load-other-cards"]');
      if (!button) break;
      const before = await shown(page, 'notizie');
      const res = await after(page, 'notizie', () => button.click());
      clicks++;
      expect(res.ids.slice(0, before.ids.length)).toEqual(before.ids);
      // Focus goes to the first new item, never to the removed or busy button.
      expect(
        await page.evaluate(() =>
          document.activeElement?.closest('[role=listitem]')?.querySelector('[data-object_id]')?.getAttribute('data-object_id'),
        ),
      ).toBe(String(res.ids[before.ids.length]));
      if (clicks === 1) await expectAxe(probe.page, 'after one load more');
      expect(clicks).toBeLessThan(40);
    }
    const end = await shown(page, 'notizie');
    expect(end.ids).toEqual(all.ids);
    expect(new Set(end.ids).size).toBe(all.total);
    expect(clicks).toBe(Math.ceil(all.total / 5) - 1);
    // "Load more" is not a place to go Back to; a reload keeps what was loaded.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect((await searchParams(page))['notizie.page']).toBe(String(clicks + 1));
    await page.reload();
    await firstResults(page, 'notizie');
    expect((await shown(page, 'notizie')).ids).toEqual(all.ids);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('server mode sends the filters to the block endpoint and shows what it answers', async () => {
    const probe = await demo();
    const { page } = probe;
    const res = await after(page, 'eventi-server', () => page.select('#eventi-server-facet-0', 'Cultura'));
    // the list's request (the facet counts' go to the same endpoint, without a view, after it)
    const server = probe.requests.filter(
      (u) => u.includes('/openpa/data/block_opendata_queried_contents/eventi-server/search/') && new URL(u).searchParams.has('view'),
    );
    const last = new URL(server[server.length - 1]);
    expect(Object.fromEntries(last.searchParams)).toEqual({
      limit: '6',
      offset: '0',
      view: 'card_teaser',
      'facets[topics][]': 'Cultura',
      interval: 'all',
    });
    const body = await (await fetch(last.href)).json();
    expect(res.ids).toEqual(body.searchHits.map((h: any) => h.metadata.id));
    expect(res.total).toBe(body.totalCount);
    for (const id of res.ids) expect(env.portal.dataset.byId.get(id).fields.topics).toContain(201);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('tabs: a keyboard-operable tab bar; the URL keeps the tab; date filters hidden on the agenda; the list re-runs for filters changed elsewhere', async () => {
    const probe = await demo();
    const { page } = probe;
    const tabs = () =>
      page.$$eval('#eventi [role=tab]', (ts) => ts.map((t) => [t.id, t.getAttribute('aria-selected'), (t as HTMLElement).tabIndex]));
    expect(await tabs()).toEqual([
      ['eventi-list-tab', 'true', 0],
      ['eventi-geo-tab', 'false', -1],
      ['eventi-agenda-tab', 'false', -1],
    ]);
    expect(await page.$eval('#eventi-list', (p) => [p.getAttribute('role'), p.getAttribute('aria-labelledby')])).toEqual([
      'tabpanel',
      'eventi-list-tab',
    ]);
    await page.focus('#eventi-list-tab');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => !(document.querySelector('#eventi-geo') as HTMLElement | null)?.hidden);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('eventi-geo-tab');
    expect(await page.$eval('#eventi-list', (p) => (p as HTMLElement).hidden)).toBe(true);
    expect((await searchParams(page))['eventi.tab']).toBe('geo');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/geo-/.test(e.name)));
    expect(await page.$('#eventi .piazza-listing-intervals')).not.toBeNull();
    // A filter changed on the map applies to the list when the visitor comes back to it.
    const listVersion = (await shown(page, 'eventi')).version;
    await page.select('#eventi-facet-0', 'Sport');
    await page.focus('#eventi-geo-tab');
    await page.keyboard.press('End');
    await page.waitForFunction(() => !(document.querySelector('#eventi-agenda') as HTMLElement | null)?.hidden);
    expect(await page.$('#eventi .piazza-listing-intervals')).toBeNull();
    expect(await page.$('#eventi .piazza-listing-published')).toBeNull();
    expect(await page.$('#eventi-facet-0')).not.toBeNull();
    await expectAxe(page, 'page', '#eventi [role=tablist]');
    await page.keyboard.press('Home');
    const res = await nextResults(page, 'eventi', listVersion);
    expect(res).toMatchObject(expected(env.portal.dataset, `topics in ['"Sport"'] and ${BASE} and ${FROM_TODAY} limit 6 offset 0`));
    expect(await page.$('#eventi .piazza-listing-intervals')).not.toBeNull();
    // Back returns to the agenda, with its filters hidden again.
    await page.goBack();
    await page.waitForFunction(() => !(document.querySelector('#eventi-agenda') as HTMLElement | null)?.hidden);
    expect(await tabs()).toEqual([
      ['eventi-list-tab', 'false', -1],
      ['eventi-geo-tab', 'false', -1],
      ['eventi-agenda-tab', 'true', 0],
    ]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('a visitor who never points at the map or agenda loads none of their code; pointing at the map fetches it and makes the map, hidden; no data or tile is asked, the list stays shown', async () => {
    const probe = await demo();
    const { page } = probe;
    const loaded = (name: string) => chunksLoaded(probe).some((f) => f.startsWith(name + '-'));
    const apiCalls = () => probe.requests.filter((u) => u.includes('/api/'));
    await pageIdle(page); // (when the code came before issue 31, unasked)
    expect(['geo', 'results-geo', 'agenda', 'results-agenda'].filter(loaded)).toEqual([]);
    const before = apiCalls();
    await page.hover('#eventi-geo-tab');
    // the view and the results controller of the map (the other blocks show the list only)
    await page.waitForFunction(
      () =>
        ['geo', 'results-geo'].every((name) =>
          performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/' + name + '-')),
        ),
      { timeout: 10_000 },
    );
    expect(await page.$$eval('#eventi [role=tab]', (ts) => ts.map((t) => t.getAttribute('aria-selected')))).toEqual([
      'true',
      'false',
      'false',
    ]);
    // The map's panel is made, hidden, its map ready for the click: hidden, it has no size, so it
    // draws nothing and asks for no tiles. The agenda was not pointed at: nothing of it came.
    await page.waitForSelector('#eventi-geo .piazza-geo');
    expect(await page.$eval('#eventi-geo', (p) => (p as HTMLElement).hidden)).toBe(true);
    expect(['agenda', 'results-agenda'].filter(loaded)).toEqual([]);
    expect(probe.requests.some((u) => u.includes('/tiles/'))).toBe(false);
    expect(apiCalls()).toEqual(before);
    // The click sends the map's request at once and loads no chunk again.
    const chunks = chunksLoaded(probe).length;
    await page.click('#eventi-geo-tab');
    await page.waitForFunction(() => document.querySelector('#eventi .piazza-geo')?.getAttribute('data-piazza-status') === 'ready', {
      timeout: 20_000,
    });
    expect(
      apiCalls()
        .slice(before.length)
        .filter((u) => u.includes('/extrageo/')),
    ).toHaveLength(1);
    expect(chunksLoaded(probe)).toHaveLength(chunks);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('with Save-Data, pointing at or focusing the map or agenda tab fetches nothing; a press on the tab does, and shows it', async () => {
    const probe = await demo('', true);
    const { page } = probe;
    const loaded = (name: string) => chunksLoaded(probe).some((f) => f.startsWith(name + '-'));
    await page.hover('#eventi-geo-tab');
    await page.hover('#eventi-agenda-tab');
    await page.focus('#eventi-agenda-tab');
    await pageIdle(page);
    expect(['geo', 'results-geo', 'agenda', 'results-agenda'].filter(loaded)).toEqual([]);
    // The press (pointerdown) asks for the map's code; the click shows it, loaded once.
    await page.click('#eventi-geo-tab');
    await page.waitForFunction(() => document.querySelector('#eventi .piazza-geo')?.getAttribute('data-piazza-status') === 'ready', {
      timeout: 20_000,
    });
    expect(chunksLoaded(probe).filter((f) => f.startsWith('geo-'))).toHaveLength(1);
    expect(['agenda', 'results-agenda'].filter(loaded)).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('a link to a tab opens it: on load (#eventi-agenda) and when followed on the page (#eventi-geo-tab); the URL then names the tab', async () => {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    await page.goto(env.portal.url + 'listing.html#eventi-agenda', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    const selected = () => page.$$eval('#eventi [role=tab]', (ts) => ts.map((t) => t.getAttribute('aria-selected')));
    await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]', { timeout: 20_000 });
    expect(await selected()).toEqual(['false', 'false', 'true']);
    await page.evaluate(() => {
      location.hash = 'eventi-geo-tab';
    });
    await page.waitForFunction(() => document.querySelector('#eventi .piazza-geo')?.getAttribute('data-piazza-status') === 'ready', {
      timeout: 20_000,
    });
    expect(await selected()).toEqual(['false', 'true', 'false']);
    expect(await searchParams(page)).toEqual({ 'eventi.tab': 'geo' });
    // Back to the list: the query says so, though the fragment still names the map.
    await page.click('#eventi-list-tab');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('eventi.tab') === 'list');
    expect(await page.evaluate(() => location.hash)).toBe('#eventi-geo-tab');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('two blocks on one page never share URL keys or element ids', async () => {
    const probe = await demo();
    const { page } = probe;
    await after(page, 'eventi', () => page.select('#eventi-facet-0', 'Sport'));
    await after(page, 'notizie', () => page.select('#notizie-facet-0', 'Avviso'));
    expect(await searchParams(page)).toEqual({ 'eventi.f.topics': 'Sport', 'notizie.f.content_type': 'Avviso' });
    const duplicates = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll('[id]')).map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
    await page.close();
  });
});

describe("the consent bar and the portal page's listings (portale.html, a first visit)", () => {
  /** A first visit of portale.html: when each listing's list showed its first results, and the bar came (page clock), and `block:shown`. */
  async function firstVisit(): Promise<Probe> {
    const probe = await newProbe(env.browser);
    await probe.page.deleteCookie(...(await probe.page.cookies(env.portal.url)));
    await probe.page.evaluateOnNewDocument(() => {
      if (window.top !== window) return; // (the page's embeds)
      const w = window as any;
      w.__at = {};
      w.__shown = [];
      document.addEventListener('DOMContentLoaded', () => w.piazza.on('block:shown', (e: any) => w.__shown.push(e.blockId + ' ' + e.type)));
      new MutationObserver(() => {
        for (const id of ['eventi', 'servizi'])
          if (!w.__at[id] && document.querySelector(`#${id} .piazza-listing-list[data-piazza-status=ready]`))
            w.__at[id] = performance.now();
        if (!w.__at.bar && document.getElementById('cconsent-bar')) w.__at.bar = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await probe.page.goto(env.portal.url + 'portale.html', { waitUntil: 'domcontentloaded' });
    return probe;
  }

  /** The listings' `block:shown` so far (the page's data table tells its own: datatable.test.ts). */
  const listingsShown = async (probe: Probe) =>
    ((await probe.page.evaluate(() => (window as any).__shown)) as string[]).filter((s) => s.endsWith(' listing'));

  it('the bar comes once both listings show their first results (their block:shown, one each): the page first', async () => {
    const probe = await firstVisit();
    await probe.page.waitForSelector('#cconsent-bar', { visible: true });
    const at = (await probe.page.evaluate(() => (window as any).__at)) as Record<string, number>;
    expect(at.eventi).toBeGreaterThan(0);
    expect(at.servizi).toBeGreaterThan(0);
    expect(at.bar).toBeGreaterThan(Math.max(at.eventi, at.servizi));
    expect((await listingsShown(probe)).sort()).toEqual(['eventi listing', 'servizi listing']);
    expect(probe.errors).toEqual([]);
    await probe.page.close();
  });

  it('a listing whose first answer does not come holds the bar back two seconds at most', async () => {
    env.portal.faults.arm({ match: 'view=card_teaser&q=classes%2520%255Bevent%255D', hold: true, times: 1 });
    const probe = await firstVisit();
    await probe.page.waitForSelector('#cconsent-bar', { visible: true, timeout: 15_000 });
    expect(await probe.page.$eval('#eventi .piazza-listing-list', (l) => l.getAttribute('data-piazza-status'))).toBe('loading');
    expect(await listingsShown(probe)).toEqual(['servizi listing']);
    expect(env.portal.faults.release()).toBe(1);
    await firstResults(probe.page, 'eventi');
    expect(probe.errors).toEqual([]);
    await probe.page.close();
  });
});
