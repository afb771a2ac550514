// The listing block's requests and states: errors with Retry, stale responses that never render,
// the three loading looks, a remote portal over JSONP, hidden-when-empty, the no-JS fallback until
// mount, hostile data, built-in cards and templates; axe-core in each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { announced, frames, openPage, quiet, startPortal, watchRequests, type Emulator, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { addListing, after, announcements, day, expected, firstResults, nextResults, recordAnnouncements, shown } from './listing-helpers';

const BASE = 'classes [event] and subtree [101] sort [time_interval=>asc]';
const FROM_TODAY = `calendar[time_interval] = [${day()} 00:00,*]`;

const env = useBrowserEnv({ remote: true });

describe('first requests', () => {
  it('sent by the early chunk while the block downloads, taken by the block: the list and the facets asked once each', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-list-only.html');
    const { page } = probe;
    await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status="ready"]');
    // The facet counts come after the list: once they are shown, the block has asked all it asks.
    await page.waitForFunction(() => document.querySelectorAll('#eventi-facet-0 option').length > 1);
    await quiet(page); // any late duplicate would be out by now
    const searches = probe.requests.filter((u) => u.includes('/api/content/search/'));
    // one search with the card view (the list) and one without (the counts of its one facet)
    expect(searches.filter((u) => u.includes('view=card_teaser'))).toHaveLength(1);
    expect(searches.filter((u) => !u.includes('view=card_teaser'))).toHaveLength(1);
    // the list the block shows is the one the page asks for (6 from today, by date)
    expect(await shown(page, 'eventi')).toMatchObject(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} and limit 6 offset 0`));
    // The load's steps on the page's timeline (runtime/timeline.ts), once each, for this block: the
    // early step first (before the block's code runs), its setup and its first answer after.
    const steps = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('piazza-') && (m as PerformanceMark).detail?.blockId === 'eventi')
        .map((m) => m.name),
    );
    expect(steps[0]).toBe('piazza-early');
    expect([...steps].sort()).toEqual(['piazza-early', 'piazza-mounted', 'piazza-results']);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('the list before its facet counts', () => {
  /** The list's and the facet counts' requests sent since `t0` (Resource Timing: start, answer end). */
  const sentSince = (page: Page, t0: number) =>
    page.evaluate((since) => {
      const mine = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime >= since && e.name.includes('/api/content/search/'))
        .map((e) => ({ list: e.name.includes('view=card_teaser'), start: e.startTime, end: e.responseEnd }));
      return { list: mine.filter((e) => e.list), facets: mine.filter((e) => !e.list) };
    }, t0);
  /** A search for `text` (the facet counts follow the text; a facet's own selection would not change its counts). */
  const search = async (page: Page, text: string) => {
    await page.$eval('#eventi-search-text', (i) => {
      (i as HTMLInputElement).value = '';
    });
    await page.type('#eventi-search-text', text);
    await page.keyboard.press('Enter');
  };
  const facetsDone = (page: Page, t0: number) =>
    page.waitForFunction(
      (since) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
          (e) =>
            e.startTime >= since && e.name.includes('/api/content/search/') && !e.name.includes('view=card_teaser') && e.responseEnd > 0,
        ),
      {},
      t0,
    );

  it('a new search asks for the facet counts only once the list has its answer; a slow list holds them half a second, not longer', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-list-only.html');
    const { page } = probe;
    await firstResults(page, 'eventi');
    await page.click('#eventi .piazza-listing-search > button');

    // The list answers 300 ms late: the counts are asked after its answer, not beside it — or, on a
    // machine so busy that the answer takes longer, half a second after Enter (the rule: whichever
    // comes first).
    env.portal.faults.arm({ match: 'view=card_teaser', latency: 300, times: 1 });
    let t0 = await page.evaluate(() => performance.now());
    const festaEnter = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('keydown', (e) => {
            if (e.key === 'Enter') resolve(e.timeStamp);
          }),
        ),
    );
    await after(page, 'eventi', () => search(page, 'festa'));
    await facetsDone(page, t0);
    let sent = await sentSince(page, t0);
    expect(sent.list).toHaveLength(1);
    expect(sent.facets).toHaveLength(1);
    expect(sent.facets[0].start).toBeGreaterThanOrEqual(Math.min(sent.list[0].end, (await festaEnter) + 500));
    expect(sent.facets[0].start).toBeGreaterThan(sent.list[0].start); // never beside it

    // The list answers 3 s late: the counts do not wait for it past the half second.
    env.portal.faults.arm({ match: 'view=card_teaser', latency: 3000, times: 1 });
    t0 = await page.evaluate(() => performance.now());
    const v = (await shown(page, 'eventi')).version;
    const enter = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('keydown', (e) => {
            if (e.key === 'Enter') resolve(e.timeStamp);
          }),
        ),
    );
    await search(page, 'concerto');
    await facetsDone(page, t0);
    expect((await shown(page, 'eventi')).status).toBe('loading'); // the list is still on its way
    sent = await sentSince(page, t0);
    expect(sent.facets).toHaveLength(1);
    expect(sent.facets[0].start - (await enter)).toBeGreaterThanOrEqual(500);
    expect((await nextResults(page, 'eventi', v)).status).toBe('ready');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('a search makes its history entry once its results are shown, never while its request is in flight (issue 31)', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-list-only.html');
    const { page } = probe;
    await firstResults(page, 'eventi');
    await page.click('#eventi .piazza-listing-search > button');
    const entries = await page.evaluate(() => history.length);
    // The list's answer is held until the test has looked at the URL, however slow the machine.
    env.portal.faults.arm({ match: 'view=card_teaser', hold: true, times: 1 });
    const v = (await shown(page, 'eventi')).version;
    // (the URL as it is when the block shows its loading look, read in the page at that moment)
    await page.evaluate(() => {
      const list = document.querySelector('#eventi .piazza-listing-list')!;
      new MutationObserver((_, mo) => {
        if (list.getAttribute('data-piazza-status') !== 'loading') return;
        (window as any).__urlWhileLoading = location.search;
        mo.disconnect();
      }).observe(list, { attributes: true });
    });
    await page.type('#eventi-search-text', 'festa');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).__urlWhileLoading !== undefined);
    expect(await page.evaluate(() => (window as any).__urlWhileLoading)).toBe('');
    env.portal.faults.release();
    expect((await nextResults(page, 'eventi', v)).status).toBe('ready');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('eventi.q') === 'festa');
    expect(await page.evaluate(() => history.length)).toBe(entries + 1); // one entry: Back undoes the search
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('failures', () => {
  it('a failed request shows a polite error with Retry, logs status and message, and Retry recovers', async () => {
    env.portal.faults.arm({ match: 'view=card_teaser', status: 500, times: 1 });
    const probe = await openPage(env.browser, env.portal.url + 'listing-list-only.html');
    const { page } = probe;
    const failed = await nextResults(page, 'eventi', 0);
    expect(failed.status).toBe('error');
    expect(await page.$eval('#eventi .piazza-error', (e) => [e.getAttribute('role'), e.textContent])).toEqual([
      'alert',
      'Non è stato possibile caricare i contenuti.Riprova',
    ]);
    expect(
      probe.consoleErrors.some((m) =>
        m.includes('[piazza] listing block "eventi": richiesta dell’elenco non riuscita: 500 Emulated server error'),
      ),
    ).toBe(true);
    await expectAxe(page, 'error');
    const res = await after(page, 'eventi', () => page.click('#eventi .piazza-error button'));
    expect(res).toMatchObject(expected(env.portal.dataset, `${BASE} and ${FROM_TODAY} limit 6 offset 0`));
    expect(await page.$('#eventi .piazza-error')).toBeNull();
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('an invalid body is an error too; the facet selects have their own Retry', async () => {
    env.portal.faults.arm({ match: 'view=card_teaser', invalid: true, times: 1 });
    env.portal.faults.arm({ match: 'facets', status: 404, times: 1 });
    const probe = await openPage(env.browser, env.portal.url + 'listing-list-only.html');
    const { page } = probe;
    expect((await nextResults(page, 'eventi', 0)).status).toBe('error');
    await page.waitForSelector('#eventi .piazza-listing-filters .piazza-error');
    expect(await page.$eval('#eventi .piazza-listing-filters .piazza-error p', (p) => p.textContent)).toBe(
      'Non è stato possibile caricare le opzioni dei filtri.',
    );
    expect(probe.consoleErrors.some((m) => m.includes('richiesta dell’elenco non riuscita: 200 Invalid JSON response'))).toBe(true);
    expect(probe.consoleErrors.some((m) => m.includes('richiesta delle faccette non riuscita: 404'))).toBe(true);
    await expectAxe(page, 'list and facets failed');
    await page.click('#eventi .piazza-listing-filters .piazza-error button');
    await page.waitForFunction(() => document.querySelectorAll('#eventi-facet-0 option').length > 1);
    expect(await page.$('#eventi .piazza-listing-filters .piazza-error')).toBeNull();
    await page.close();
  });

  it('typing fast: only the last response renders, even when an earlier one arrives later', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html');
    const { page } = probe;
    await firstResults(page, 'eventi');
    await recordAnnouncements(page, 'eventi');
    env.portal.faults.arm({ match: 'alfa', latency: 1500, times: 2 });
    const alfa = watchRequests(page, (u) => u.includes('alfa'));
    const before = await shown(page, 'eventi');
    await page.click('#eventi .piazza-listing-search > button');
    await page.type('#eventi-search-text', 'alfa');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('#eventi .piazza-listing-list')?.getAttribute('data-piazza-status') === 'loading',
    );
    await page.click('#eventi-search-text', { clickCount: 3 });
    await page.type('#eventi-search-text', 'festa');
    await page.keyboard.press('Enter');
    const res = await nextResults(page, 'eventi', before.version);
    const festa = expected(env.portal.dataset, `q = 'festa' and ${BASE} and ${FROM_TODAY} and sort [score=>desc] limit 6 offset 0`);
    expect(res).toMatchObject(festa);
    // Let the slow "alfa" answer come back: it must not replace the results, nor be announced.
    const log = env.portal.log.read();
    expect(log.some((l) => l.query.includes('alfa'))).toBe(true);
    await alfa.settled(); // answered late, or aborted
    await announced(page);
    await frames(page);
    expect(await shown(page, 'eventi')).toEqual({ ...res, version: before.version + 1 });
    expect(await announcements(page, 'eventi')).toEqual([
      `${festa.total} risultati` + (festa.total > 6 ? `, pagina 1 di ${Math.ceil(festa.total / 6)}` : ''),
    ]);
    expect(await page.$eval('#eventi-search-text', (i) => (i as HTMLInputElement).value)).toBe('festa');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('a burst of filter changes gives one live-region message, for the last one', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html');
    const { page } = probe;
    await firstResults(page, 'eventi');
    await recordAnnouncements(page, 'eventi');
    const before = await shown(page, 'eventi');
    await page.evaluate(() => {
      const select = document.querySelector('#eventi-facet-0') as HTMLSelectElement;
      for (const value of ['Sport', 'Turismo', 'Cultura']) {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    const res = await nextResults(page, 'eventi', before.version);
    await page.waitForFunction(() => (window as any).__said_eventi.length > 0);
    await announced(page); // a second message, if any, would be on its way now
    const total = expected(env.portal.dataset, `topics in ['"Cultura"'] and ${BASE} and ${FROM_TODAY}`).total;
    expect(res.total).toBe(total);
    expect(await announcements(page, 'eventi')).toEqual([
      `${total} risultati` + (total > 6 ? `, pagina 1 di ${Math.ceil(total / 6)}` : ''),
    ]);
    await page.close();
  });
});

describe('loading looks', () => {
  it('first load: a spinner replaces the list; reload paging dims the rows; "load more" shows a spinner in its button', async () => {
    // The faults match #eventi's own list request (module front door): the server-mode block on
    // the same page also asks for card_teaser and could otherwise take the one armed fault first.
    // Each answer is held until the test has seen the loading look (faults' hold), however slow the machine.
    env.portal.faults.arm({ match: '/opendata/api/content/search/?view=card_teaser', hold: true, times: 1 });
    const probe = await openPage(env.browser, env.portal.url + 'listing.html');
    const { page } = probe;
    await page.waitForSelector('#eventi .piazza-listing-loading .progress-spinner');
    expect(await page.$eval('#eventi .piazza-listing-loading', (e) => e.textContent)).toBe('Caricamento…');
    expect(await page.$eval('#eventi [role=list]', (e) => (e as HTMLElement).hidden)).toBe(true);
    await expectAxe(page, 'first load');
    env.portal.faults.release();
    await firstResults(page, 'eventi', 'notizie');
    expect(await page.$('#eventi .piazza-listing-loading')).toBeNull();

    env.portal.faults.arm({ match: '/opendata/api/content/search/?view=card_teaser', hold: true, times: 1 });
    const v = (await shown(page, 'eventi')).version;
    await page.click('#eventi nav a[aria-label="Pagina 2"]');
    await page.waitForSelector('#eventi [role=list].piazza-listing-stale[aria-busy=true]');
    expect((await shown(page, 'eventi')).ids).toHaveLength(6); // the old rows stay, dimmed
    await expectAxe(page, 'reloading');
    env.portal.faults.release();
    await nextResults(page, 'eventi', v);
    expect(await page.$('#eventi .piazza-listing-stale')).toBeNull();

    env.portal.faults.arm({ match: 'view=latest_messages_item', hold: true, times: 1 });
    const w = (await shown(page, 'notizie')).version;
    await page.click('#notizie [data-element=load-other-cards]');
    await page.waitForSelector('#notizie [data-element=load-other-cards][aria-busy=true] .progress-spinner');
    await expectAxe(page, 'loading more');
    env.portal.faults.release();
    await nextResults(page, 'notizie', w);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('the server-rendered fallback stays until the block mounts', async () => {
    const page = await env.browser.newPage();
    await page.setRequestInterception(true);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    page.on('request', (req: HTTPRequest) => {
      if (/\/dist\/chunks\/listing-/.test(req.url())) void held.then(() => req.continue());
      else void req.continue();
    });
    await page.goto(env.portal.url + 'listing-list-only.html', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('#eventi')?.getAttribute('data-piazza-state') === 'loading');
    expect(await page.$eval('#eventi > p', (p) => p.textContent)).toContain('Il calendario completo degli eventi');
    release();
    await firstResults(page, 'eventi');
    expect(await page.$('#eventi > p')).toBeNull();
    await page.close();
  });
});

describe('sources and layouts', () => {
  it('a remote portal is read with JSONP, its links point there, nothing else leaves the page', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-cases.html');
    const { page } = probe;
    await addListing(page, 'altrove', {
      blockId: 'altrove',
      remoteUrl: env.remote.origin,
      query: 'classes [event] sort [time_interval=>asc]',
      view: 'card',
      limitPagination: 4,
      showSearch: true,
    });
    const first = await nextResults(page, 'altrove', 0);
    expect(first).toMatchObject(expected(env.remote.dataset, 'classes [event] sort [time_interval=>asc] limit 4 offset 0'));
    const remoteRequests = probe.requests.filter((u) => u.startsWith(env.remote.origin));
    expect(remoteRequests.length).toBeGreaterThan(0);
    // JSONP searches, and the remote portal's own images in its cards (lazy: loaded when scrolled into view)
    const jsonp = (u: string) => u.startsWith(env.remote.origin + '/api/opendata/v2/content/search/') && /[?&]callback=piazzaJsonp/.test(u);
    const image = (u: string) => u.startsWith(env.remote.origin + '/var/site/storage/images/');
    expect(remoteRequests.filter((u) => !jsonp(u) && !image(u))).toEqual([]);
    expect(remoteRequests.some(jsonp)).toBe(true);
    const links = await page.$$eval('#altrove [role=listitem] h3 a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links.every((h) => h.startsWith(env.remote.origin + '/'))).toBe(true);
    // Text with & and # travels in the REST path.
    await page.click('#altrove .piazza-listing-search > button');
    await page.type('#altrove-search-text', 'Festa & #musica');
    const res = await after(page, 'altrove', () => page.keyboard.press('Enter'));
    expect(res).toMatchObject(
      expected(
        env.remote.dataset,
        `q = 'Festa & #musica' and classes [event] sort [time_interval=>asc] and sort [score=>desc] limit 4 offset 0`,
      ),
    );
    await expectAxe(page, 'remote block');
    expect(probe.external()).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('hideIfEmpty: a block without results stays hidden with its wrapper; one with results is shown', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-cases.html');
    const { page } = probe;
    await firstResults(page, 'vuoto', 'schede');
    expect(await page.$eval('#vuoto', (el) => el.closest('.remote-gui-wrapper')!.checkVisibility())).toBe(false);
    const demo = await openPage(env.browser, env.portal.url + 'listing.html');
    await firstResults(demo.page, 'servizi-remoti');
    expect(await demo.page.$eval('#servizi-remoti', (el) => el.closest('.remote-gui-wrapper')!.checkVisibility())).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
    await demo.page.close();
  });

  it('built-in cards, templates and the accordion view render the hits accessibly', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-cases.html');
    const { page } = probe;
    await firstResults(page, 'schede', 'luoghi', 'servizi');
    const schede = await shown(page, 'schede');
    expect(schede.ids).toEqual(expected(env.portal.dataset, 'classes [article] sort [published=>desc] limit 6').ids);
    // The name with HTML in it is text, not markup.
    expect(await page.$eval('#schede [data-piazza-hit="5001"] h3', (h) => [h.textContent, h.querySelector('b')])).toEqual([
      '<b>Bold</b> news',
      null,
    ]);
    expect(await page.$eval('#schede [role=list]', (l) => l.className)).toContain('piazza-listing-masonry');
    expect(await page.$$eval('#luoghi [role=listitem]', (li) => li.map((l) => l.className))).toEqual(
      Array(8).fill('col-12 col-md-6 col-lg-3'),
    );
    const first = (await shown(page, 'luoghi')).ids[0];
    const place = env.portal.dataset.byId.get(first);
    const card = await page.$eval(`#luoghi [data-piazza-hit="${first}"] .card`, (c) => [
      c.querySelector('a')!.getAttribute('href'),
      c.textContent,
    ]);
    expect(card[0]).toBe(place.urlAlias);
    expect(card[1]).toContain(place.name['ita-IT']);
    expect(card[1]).toContain(place.fields.has_address ? place.fields.has_address.address : 'Indirizzo non disponibile');
    // The accordion view pages with "load more" and its items open with the theme's script.
    expect(await page.$eval('#servizi [data-element=load-other-cards]', (b) => b.textContent)).toBe('Load more results');
    const firstButton = '#servizi [role=listitem] .accordion-button';
    await page.click(firstButton);
    await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true', {}, firstButton);
    await expectAxe(page, 'cards, template, accordion');
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('a bad config keeps the fallback and names the JSON path for the admin', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing-cases.html');
    const { page } = probe;
    await addListing(page, 'rotto', { blockId: 'rotto', limitPagination: 0, tabs: ['list', 'chart'] });
    expect(await page.$eval('#rotto', (el) => [el.getAttribute('data-piazza-state'), el.querySelector('p')?.textContent])).toEqual([
      'error',
      'Contenuto senza JavaScript',
    ]);
    const message = probe.consoleErrors.find((m) => m.includes('listing block "rotto"'))!;
    expect(message).toContain('/limitPagination deve essere ≥ 1');
    expect(message).toContain('/tabs/1 deve essere uno tra: "list", "geo", "agenda"');
    await page.close();
  });
});

describe('hostile data', () => {
  let hostile: Emulator;
  beforeAll(async () => {
    hostile = await startPortal({ hostile: true });
  });
  afterAll(async () => {
    await hostile?.close();
  });

  it.each(['listing.html', 'listing-cases.html'])('%s: nothing in names, texts or views runs', async (path) => {
    const probe: Probe = await openPage(env.browser, hostile.url + path);
    const { page } = probe;
    const blocks = await page.$$eval('[data-piazza-block=listing]', (els) => els.map((e) => e.id));
    await firstResults(page, ...blocks.filter((id) => id !== 'vuoto'));
    await quiet(page); // images loaded or failed: an injected handler would have run
    expect(await page.evaluate(() => (window as any).__piazzaXss)).toBeUndefined();
    expect(
      await page.$$eval('.piazza-listing [onerror], .piazza-listing script, .piazza-listing a[href^="javascript"]', (e) => e.length),
    ).toBe(0);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});
