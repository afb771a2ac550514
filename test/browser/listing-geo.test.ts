// The listing's geo tab against the emulator in Chromium: the map chunk loads only when the tab is
// first shown; every nextPageQuery form is followed to the last page; places are clustered,
// clusters zoom or spread, popups load their detail (here and from a remote portal); the
// companion list follows the map; errors offer Retry; axe-core finds nothing in each state.
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import {
  afterPageTimers,
  chunksLoaded,
  distDir,
  frames,
  newProbe,
  openPage,
  waitReady,
  watchRequests,
  type Probe,
  eventually,
} from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { announcements, pageIdle, recordAnnouncements } from './listing-helpers';

const waitAnnounced = async (page: Page, blockId: string, text: string) => {
  await page
    .waitForFunction((id, t) => ((window as any)['__said_' + id] || []).includes(t), { timeout: 5000 }, blockId, text)
    .catch(() => undefined);
  expect(await announcements(page, blockId)).toContain(text);
};
import {
  entries,
  featuresOf,
  geoFitted,
  geoReady,
  geoShown,
  mapPoint,
  mapSize,
  pixel,
  showGeoTab,
  zoomChanged,
  type Entry,
} from './listing-geo-kit';

const env = useBrowserEnv({ remote: true });
beforeEach(() => {
  for (const e of [env.portal, env.remote]) {
    e.faults.clear();
    e.log.clear();
  }
});

/** Opens a page recording its console warnings from the start. */
async function openWatched(url: string): Promise<Probe & { warnings: string[] }> {
  const probe = await newProbe(env.browser);
  const warnings: string[] = [];
  probe.page.on('console', (m) => {
    if (m.type() === 'warn') warnings.push(m.text());
  });
  await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return Object.assign(probe, { warnings });
}

/** listing-geo.html with its three maps drawn; the "remote" portal is the second emulator. */
async function openMaps(): Promise<Probe> {
  const probe = await openPage(env.browser, env.portal.url + 'listing-geo.html?remote=' + encodeURIComponent(env.remote.origin));
  for (const id of ['eventi-mappa', 'luoghi-server', 'eventi-remoti']) await geoReady(probe.page, id);
  return probe;
}

const EVENTS = 'classes [event] sort [time_interval=>asc]';
const restGeo = (origin: string, query: string) => origin + '/api/opendata/v2/extrageo/search/' + encodeURIComponent(query + ' limit 500');
const serverGeo = (origin: string, block: string) => `${origin}/openpa/data/block_opendata_queried_contents/${block}/geo/?limit=500`;

/** Opens groups of the companion list until the place with content id `id` is listed; returns its entry element. */
async function findPlace(page: Page, blockId: string, id: number) {
  const selector = `#${blockId} .piazza-geo-list li[data-id="${id}"]`;
  if (await page.$(selector)) return selector;
  for (const group of await page.$$(`#${blockId} .piazza-geo-list > li > .piazza-geo-group`)) {
    await group.click();
    if (await page.$(selector)) return selector;
    await group.click();
  }
  throw new Error('place ' + id + ' not in the list');
}

describe('the map chunk', () => {
  it("loads only on the visitor's intent (nothing after the first results and idle time), draws nothing before the places, and the map takes the size of its shown panel", async () => {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    await page.goto(env.portal.url + 'listing-geo-lazy.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status="ready"]');
    await pageIdle(page);
    expect(chunksLoaded(probe).some((f) => f.startsWith('geo-'))).toBe(false);
    expect(probe.requests.some((u) => u.includes('/tiles/'))).toBe(false);
    // OpenLayers lives in the geo chunk only, never in the listing's own chunk.
    const listingChunk = chunksLoaded(probe).find((f) => f.startsWith('listing-'))!;
    const code = readFileSync(join(distDir(), 'chunks', listingChunk), 'utf8');
    expect(code).not.toContain('ol-viewport');

    // Nothing is drawn before the places come (issue 31: no frame of an empty map between the
    // click and the answer), and no tile is asked for before them.
    env.portal.faults.arm({ match: 'extrageo', latency: 600, times: 1 });
    await showGeoTab(page, 'eventi');
    await page.waitForSelector('#eventi .piazza-geo[data-piazza-status="loading"] .piazza-geo-map');
    await frames(page);
    expect(await page.$$eval('#eventi .piazza-geo-map canvas', (cs) => cs.filter((c) => c.checkVisibility()).length)).toBe(0);
    expect(probe.requests.some((u) => u.includes('/tiles/'))).toBe(false);
    const shown = await geoReady(page, 'eventi');
    expect(chunksLoaded(probe).some((f) => f.startsWith('geo-'))).toBe(true);
    expect(shown.status).toBe('ready');
    const canvasFits = () =>
      page.$eval('#eventi .piazza-geo-map', (el) => {
        const c = el.querySelector('canvas')!.getBoundingClientRect();
        return Math.abs(c.width - el.clientWidth) <= 1 && Math.abs(c.height - el.clientHeight) <= 1 && c.width > 0;
      });
    expect(await canvasFits()).toBe(true);

    // Hidden, the window narrows; shown again, the map is measured again.
    await page.click('#eventi-list-tab');
    await page.setViewport({ width: 700, height: 900 });
    await page.click('#eventi-geo-tab');
    await page.waitForFunction(() => {
      const el = document.querySelector('#eventi .piazza-geo-map')!;
      return Math.abs(el.querySelector('canvas')!.getBoundingClientRect().width - el.clientWidth) <= 1;
    });
    expect(await canvasFits()).toBe(true);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('geo search', () => {
  it('follows nextPageQuery to the last page in all three forms, keeping repeated ids and skipping places without coordinates', async () => {
    const probe = await openWatched(env.portal.url + 'listing-geo.html?remote=' + encodeURIComponent(env.remote.origin));
    const { page } = probe;
    const shown = {
      module: await geoReady(page, 'eventi-mappa'),
      server: await geoReady(page, 'luoghi-server'),
      rest: await geoReady(page, 'eventi-remoti'),
    };
    const local = env.portal.log.read();
    const far = env.remote.log.read();

    // Module (this portal, browser mode): the bare query, `limit 40` then offsets 40, 80.
    const module = local.filter((e) => e.front === 'module' && e.env === 'extrageo');
    expect(module.length).toBeGreaterThanOrEqual(3);
    const moduleQueries = module.map((e) => decodeURIComponent(new URLSearchParams(e.query).get('q')!));
    expect(moduleQueries[0]).toContain('limit 40');
    expect(moduleQueries.slice(1).map((q) => /offset (\d+)/.exec(q)?.[1])).toEqual(module.slice(1).map((_, i) => String(40 * (i + 1))));
    const events = await featuresOf(restGeo(env.portal.origin, EVENTS));
    expect(shown.module.points).toBe(events.length);
    // extrageo gives one feature per related place: an id can repeat, and each stays a point.
    expect(new Set(events.map((f) => f.id)).size).toBeLessThan(events.length);

    // Server mode: `?limit=12`, then the server's `?limit=12&offset=…` with the block's filters.
    const server = local.filter((e) => e.front === 'server' && e.blockId === 'luoghi-server' && e.api === 'geo');
    expect(server.length).toBeGreaterThanOrEqual(3);
    expect(server.map((e) => new URLSearchParams(e.query).get('offset'))).toEqual([
      null,
      ...server.slice(1).map((_, i) => String(12 * (i + 1))),
    ]);
    expect(shown.server.points).toBe((await featuresOf(serverGeo(env.portal.origin, 'luoghi-server'))).length);

    // REST on the remote portal over JSONP: nextPageQuery is a full URL on that portal.
    const rest = far.filter((e) => e.front === 'rest' && e.env === 'extrageo');
    expect(rest.length).toBeGreaterThanOrEqual(3);
    expect(rest.every((e) => /(^|&)callback=piazzaJsonp/.test(e.query))).toBe(true);
    expect(rest.slice(1).every((e) => /offset(\+|%20)\d+/.test(e.path))).toBe(true);
    expect(local.some((e) => e.front === 'rest')).toBe(false);
    expect(shown.rest.points).toBe((await featuresOf(restGeo(env.remote.origin, 'classes [event] sort [name=>asc]'))).length);

    // The event at 0,0 (and the place at 0,0) are left out and counted for admins, in Italian (no data-piazza-messages="en").
    expect(shown.module.skipped).toBe(1);
    expect(shown.server.skipped).toBe(1);
    expect(probe.warnings).toContain(
      '[piazza] listing block "eventi-mappa": 1 luogo senza coordinate (assenti o 0,0) non mostrato sulla mappa',
    );
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('every geo search clears the map, reloads every page and fits the new places, with one polite message', async () => {
    const probe = await openMaps();
    const { page } = probe;
    await recordAnnouncements(page, 'eventi-mappa');
    const before = await geoShown(page, 'eventi-mappa');
    expect(before.inView).toBe(before.points);
    // The companion list through the search, at every change of it.
    await page.evaluate(() => {
      const section = document.querySelector('#eventi-mappa .piazza-geo-companion')!;
      const seen: { count: string | null; loading: string | null; busy: string | null }[] = ((window as any).__companion = []);
      const note = () =>
        seen.push({
          count: section.querySelector('[data-places]')?.getAttribute('data-places') ?? null,
          loading: section.querySelector('.piazza-geo-list-loading')?.textContent ?? null,
          busy: section.getAttribute('aria-busy'),
        });
      new MutationObserver(note).observe(section, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    env.portal.log.clear();
    await page.select(
      '#eventi-mappa-facet-0',
      await page.$eval('#eventi-mappa-facet-0 option:nth-child(2)', (o) => (o as HTMLOptionElement).value),
    );
    await geoReady(page, 'eventi-mappa', before.version, before.drawn);
    const after = await geoFitted(page, 'eventi-mappa');
    const topic = await page.$eval('#eventi-mappa-facet-0', (s) => (s as HTMLSelectElement).value);
    const expected = await featuresOf(restGeo(env.portal.origin, `topics in ['"${topic}"'] and ${EVENTS}`));
    expect(after.points).toBe(expected.length);
    expect(after.points).toBeLessThan(before.points);
    // Fitted: every place of the new search is in view.
    expect(after.inView).toBe(after.points);
    const list = await entries(page, 'eventi-mappa');
    expect(list.reduce((n, e) => n + e.count, 0)).toBe(after.points);
    // The list follows the map, which starts the search empty: between the old places and the new
    // ones (the request, then a frame or more for the map's fit) it says it is loading and is busy,
    // never a section with nothing in it; not busy once the new places are listed.
    const seen = await page.evaluate(
      () => (window as any).__companion as { count: string | null; loading: string | null; busy: string | null }[],
    );
    const loading = { count: null, loading: 'Caricamento dei luoghi…', busy: 'true' };
    expect(seen.filter((c) => c.count === null)).toEqual(seen.filter((c) => c.count === null).map(() => loading));
    expect(seen).toContainEqual(loading);
    expect(seen.at(-1)).toEqual({ count: String(after.points), loading: null, busy: null });
    expect(env.portal.log.read().filter((e) => e.env === 'extrageo').length).toBeGreaterThanOrEqual(1);
    await waitAnnounced(page, 'eventi-mappa', after.points + ' luoghi sulla mappa');

    // A search with no place: an empty map, a visible text and the same polite message.
    await page.click('#eventi-mappa .piazza-listing-search button');
    await page.type('#eventi-mappa-search-text', 'nessunluogoconquestonome');
    await page.keyboard.press('Enter');
    const empty = await geoReady(page, 'eventi-mappa', after.version);
    expect(empty.points).toBe(0);
    expect(await page.$eval('#eventi-mappa .piazza-geo-empty', (p) => p.textContent)).toBe('Nessun luogo da mostrare sulla mappa.');
    await waitAnnounced(page, 'eventi-mappa', 'Nessun luogo sulla mappa');
    await expectAxe(page, 'no places');
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('a failed page shows an error with Retry (no half map), logs it for admins, and Retry loads every page', async () => {
    // The eZ module reads `q` decoded twice: the page's query is `…%2520offset%252040`.
    env.portal.faults.arm({ match: 'offset%2040', status: 500, times: 1 });
    const probe = await openPage(env.browser, env.portal.url + 'listing-geo-lazy.html');
    const { page } = probe;
    await showGeoTab(page, 'eventi');
    const failed = await geoReady(page, 'eventi');
    expect(failed.status).toBe('error');
    expect(failed.points).toBe(0);
    // Nothing to fit: the map stays on its start view, the whole world at zoom 1.
    expect(failed.zoom).toBe(1);
    expect(await page.$eval('#eventi .piazza-geo .piazza-error', (e) => [e.getAttribute('role'), e.textContent])).toEqual([
      'alert',
      'Non è stato possibile caricare i contenuti.Riprova',
    ]);
    expect(
      probe.consoleErrors.some((m) =>
        m.includes('[piazza] listing block "eventi": richiesta della mappa non riuscita: 500 Emulated server error'),
      ),
    ).toBe(true);
    await expectAxe(page, 'geo error');
    await page.click('#eventi .piazza-geo .piazza-error button');
    const ok = await geoReady(page, 'eventi', failed.version);
    expect(ok.status).toBe('ready');
    expect(ok.points).toBe((await featuresOf(restGeo(env.portal.origin, EVENTS))).length);
    expect(await page.$('#eventi .piazza-geo .piazza-error')).toBeNull();
    await page.close();
  });
});

describe('superseded searches', () => {
  it('a slow geo search overtaken by a newer one never reaches the map', async () => {
    env.portal.faults.arm({ match: 'extrageo', latency: 2500, times: 1 });
    const probe = await newProbe(env.browser);
    const { page } = probe;
    const geo = watchRequests(page, (u) => u.includes('extrageo'));
    await page.goto(env.portal.url + 'listing-geo-lazy.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status="ready"]');
    await showGeoTab(page, 'eventi');
    await page.waitForSelector('#eventi .piazza-geo[data-piazza-status="loading"]');
    const topic = await page.$eval('#eventi-facet-0 option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.select('#eventi-facet-0', topic);
    const shown = await geoReady(page, 'eventi', 1);
    const expected = (await featuresOf(restGeo(env.portal.origin, `topics in ['"${topic}"'] and ${EVENTS}`))).length;
    expect(shown.points).toBe(expected);
    // The first search's answer arrives later (or is aborted) and is dropped.
    await geo.settled();
    await frames(page);
    const after = await geoShown(page, 'eventi');
    expect([after.points, after.version, after.status]).toEqual([expected, shown.version, 'ready']);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('clusters', () => {
  const classify = ([r, g, b]: [number, number, number]) =>
    g > r && g > b ? 'small' : r > g && g > 165 ? 'medium' : r > g ? 'large' : 'other';

  it('cover every place once, as "N punti" groups drawn by size class; a click zooms to the cluster', async () => {
    const probe = await openMaps();
    const { page } = probe;
    const start = await geoShown(page, 'eventi-mappa');
    const list = await entries(page, 'eventi-mappa');
    const groups = list.filter((e) => e.kind === 'group');
    expect(groups.length).toBeGreaterThan(0);
    expect(list.reduce((n, e) => n + e.count, 0)).toBe(start.points);
    for (const g of groups) expect(g.text).toBe(g.count + ' punti');
    const [w, h] = await mapSize(page, 'eventi-mappa');
    const drawn = groups.filter((g) => g.at && g.at[0] > 25 && g.at[0] < w - 25 && g.at[1] > 25 && g.at[1] < h - 25);
    for (const g of drawn) {
      // Below the count, inside the inner disc: the size class colour.
      expect(classify(await pixel(page, 'eventi-mappa', [g.at![0], g.at![1] + 10])), g.count + ' places').toBe(
        g.count < 10 ? 'small' : g.count < 100 ? 'medium' : 'large',
      );
    }

    // Zoomed far out, all places are one large cluster.
    let zoom = start.zoom!;
    while ((await entries(page, 'eventi-mappa')).length > 1) {
      await page.click('#eventi-mappa [data-control="minus"]');
      zoom = await zoomChanged(page, 'eventi-mappa', zoom);
    }
    const [all] = await entries(page, 'eventi-mappa');
    expect(all.count).toBe(start.points);
    expect(classify(await pixel(page, 'eventi-mappa', [all.at![0], all.at![1] + 10]))).toBe('large');

    // Clicking it zooms to its places.
    const [x, y] = await mapPoint(page, 'eventi-mappa', all.at!);
    await page.mouse.click(x, y);
    const zoomed = await zoomChanged(page, 'eventi-mappa', zoom);
    expect(zoomed).toBeGreaterThan(zoom);
    expect((await geoShown(page, 'eventi-mappa')).inView).toBe(start.points);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('places at one spot spread out at max zoom; hovering a cluster shows the area it covers', async () => {
    const probe = await openMaps();
    const { page } = probe;
    // Hover: a cluster of at least 3 places draws its coverage, leaving it removes it.
    const group = (await entries(page, 'luoghi-server')).find((e) => e.kind === 'group' && e.count >= 3)!;
    const [gx, gy] = await mapPoint(page, 'luoghi-server', group.at!);
    await page.mouse.move(gx, gy);
    await page.waitForFunction(() => Number(document.querySelector('#luoghi-server .piazza-geo-map')!.getAttribute('data-coverage')) >= 3);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => document.querySelector('#luoghi-server .piazza-geo-map')!.getAttribute('data-coverage') === '0');

    // 6001 and 6002 share their coordinates: showing 6001 goes to max zoom and spreads the two.
    const show = (await findPlace(page, 'luoghi-server', 6001)) + ' .piazza-geo-show';
    await page.click(show);
    await page.waitForSelector('#luoghi-server .piazza-geo-popup[data-place="6001"]');
    const spread = await geoShown(page, 'luoghi-server');
    expect(spread.zoom).toBe(18);
    expect(spread.spread).toBe(2);

    // Zoom out: the spread folds back; a click on the pair at zoom 17 spreads it again (no zoom can split it).
    await page.keyboard.press('Escape');
    await page.click('#luoghi-server [data-control="minus"]');
    await zoomChanged(page, 'luoghi-server', 18);
    expect((await geoShown(page, 'luoghi-server')).spread).toBe(0);
    const pair = (await entries(page, 'luoghi-server')).find((e) => e.kind === 'group' && e.count === 2)!;
    const [px, py] = await mapPoint(page, 'luoghi-server', pair.at!);
    await page.mouse.click(px, py);
    await page.waitForFunction(() => document.querySelector('#luoghi-server .piazza-geo-map')!.getAttribute('data-spread') === '2');
    expect((await geoShown(page, 'luoghi-server')).zoom).toBe(17);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('popups', () => {
  it('server mode: spinner, then the banner of `?limit=1&id=…&view=banner`, a link to the full view in a new tab; Escape returns focus', async () => {
    env.portal.faults.arm({ match: 'view=banner', latency: 400, times: 1 });
    const probe = await openMaps();
    const { page } = probe;
    const place = (await entries(page, 'luoghi-server')).find((e) => e.kind === 'place')!;
    const button = `#luoghi-server .piazza-geo-list li[data-point="${place.point}"] .piazza-geo-show`;
    await page.click(button);
    await page.waitForSelector('#luoghi-server .piazza-geo-popup[data-piazza-status="loading"] .progress-spinner');
    await page.waitForSelector('#luoghi-server .piazza-geo-popup[data-piazza-status="ready"]');
    const id = Number(place.id);
    const popup = await page.$eval('#luoghi-server .piazza-geo-popup', (el) => ({
      focused: document.activeElement === el,
      label: el.getAttribute('aria-label'),
      view: !!el.querySelector(`.piazza-listing-view [data-object_id]`),
      link: [
        el.querySelector('.piazza-geo-popup-link a')!.getAttribute('href'),
        el.querySelector('.piazza-geo-popup-link a')!.getAttribute('target'),
        el.querySelector('.piazza-geo-popup-link a')!.getAttribute('rel'),
      ],
      maxHeight: getComputedStyle(el).maxHeight,
      minWidth: getComputedStyle(el).minWidth,
    }));
    expect(popup).toMatchObject({
      focused: true,
      view: true,
      maxHeight: '360px',
      minWidth: '300px',
      link: ['/content/view/full/' + (id + 10000), '_blank', 'noopener'],
    });
    const detail = env.portal.log.read().filter((e) => e.front === 'server' && e.api === 'search' && /(^|&)id=/.test(e.query));
    expect(detail).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(detail[0].query))).toMatchObject({ limit: '1', id: String(id), view: 'banner' });
    await expectAxe(page, 'popup open');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#luoghi-server .piazza-geo-popup'));
    expect(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), button)).toBe(true);

    // A click on a single marker opens its popup too.
    const marker = (await entries(page, 'luoghi-server')).find((e) => e.kind === 'place' && e.at)!;
    const [x, y] = await mapPoint(page, 'luoghi-server', [marker.at![0], marker.at![1] - 15]);
    await page.mouse.click(x, y);
    await page.waitForSelector(`#luoghi-server .piazza-geo-popup[data-place="${marker.id}"][data-piazza-status="ready"]`);
    await page.click('#luoghi-server .piazza-geo-popup-close');
    await page.waitForFunction(() => !document.querySelector('#luoghi-server .piazza-geo-popup'));
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('browser mode asks `id = {id}` with the card view, here and on a remote portal (JSONP, links on that portal)', async () => {
    const probe = await openMaps();
    const { page } = probe;
    for (const [blockId, emulator, base] of [
      ['eventi-mappa', env.portal, ''],
      ['eventi-remoti', env.remote, env.remote.origin],
    ] as const) {
      emulator.log.clear();
      const selector = await findPlace(page, blockId, 4002);
      await page.click(selector + ' .piazza-geo-show');
      await page.waitForSelector(`#${blockId} .piazza-geo-popup[data-place="4002"][data-piazza-status="ready"]`);
      const popup = await page.$eval(`#${blockId} .piazza-geo-popup`, (el) => ({
        card: !!el.querySelector('.piazza-listing-view .card'),
        href: el.querySelector('.piazza-geo-popup-link a')!.getAttribute('href'),
      }));
      expect(popup).toEqual({ card: true, href: base + '/content/view/full/14002' });
      const detail = emulator.log.read().filter((e) => e.env === 'content');
      expect(detail).toHaveLength(1);
      if (blockId === 'eventi-mappa') {
        expect(detail[0].front).toBe('module');
        const q = new URLSearchParams(detail[0].query);
        expect([decodeURIComponent(q.get('q')!), q.get('view')]).toEqual(['id = 4002', 'card']);
      } else {
        expect(detail[0].front).toBe('rest');
        expect(decodeURIComponent(detail[0].path)).toMatch(/\/content\/search\/id = 4002$/);
        expect(new URLSearchParams(detail[0].query).get('view')).toBe('card');
        expect(new URLSearchParams(detail[0].query).get('callback')).toMatch(/^piazzaJsonp/);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction((b) => !document.querySelector(`#${b} .piazza-geo-popup`), {}, blockId);
    }
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('a failed detail says so inside the popup, with Retry', async () => {
    env.portal.faults.arm({ match: 'view=banner', status: 500, times: 1 });
    const probe = await openMaps();
    const { page } = probe;
    const place = (await entries(page, 'luoghi-server')).find((e) => e.kind === 'place')!;
    await page.click(`#luoghi-server .piazza-geo-list li[data-point="${place.point}"] .piazza-geo-show`);
    await page.waitForSelector('#luoghi-server .piazza-geo-popup[data-piazza-status="error"]');
    expect(await page.$eval('#luoghi-server .piazza-geo-popup-error p', (p) => p.textContent)).toBe(
      'Non è stato possibile caricare i dettagli di questo luogo.',
    );
    expect(
      probe.consoleErrors.some((m) => m.includes('[piazza] listing block "luoghi-server": richiesta del popup non riuscita: 500')),
    ).toBe(true);
    await page.click('#luoghi-server .piazza-geo-popup-error button');
    await page.waitForSelector('#luoghi-server .piazza-geo-popup[data-piazza-status="ready"]');
    await page.close();
  });
});

describe('the companion list', () => {
  const inside = (list: Entry[], [w, h]: [number, number]) =>
    list.every((e) => e.at && e.at[0] >= 0 && e.at[0] <= w && e.at[1] >= 0 && e.at[1] <= h);

  it('follows the map: keyboard pan of 80 px, zoom with buttons and keys, no wheel zoom; it lists only what is in view', async () => {
    const probe = await openMaps();
    const { page } = probe;
    const id = 'luoghi-server';
    const size = await mapSize(page, id);
    const start = await geoShown(page, id);
    const first = await entries(page, id);
    expect(inside(first, size)).toBe(true);
    expect(first.reduce((n, e) => n + e.count, 0)).toBe(start.inView);

    // Arrow keys on the focused map pan by 80 px: every entry moves 80 px left.
    await page.focus('#' + id + ' .piazza-geo-map');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (sel, before) => document.querySelector(sel)?.getAttribute('data-at') !== before,
      {},
      `#${id} .piazza-geo-list > li:first-child`,
      first[0].at!.join(','),
    );
    const moved = await entries(page, id);
    const [x0, y0] = first[0].at!;
    expect(
      moved.some(
        (e) =>
          e.text === first[0].text && e.count === first[0].count && Math.abs(e.at![0] - (x0 - 80)) <= 1 && Math.abs(e.at![1] - y0) <= 1,
      ),
    ).toBe(true);

    // Further right, places leave the view and the list.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (sel, n) => Number(document.querySelector(sel)?.getAttribute('data-places')) < n,
      {},
      `#${id} [data-places]`,
      start.inView!,
    );
    const panned = await geoShown(page, id);
    const panList = await entries(page, id);
    expect(inside(panList, size)).toBe(true);
    expect(panList.reduce((n, e) => n + e.count, 0)).toBe(panned.inView);

    // The wheel does not zoom (a page scroll must not be caught by the map).
    const [cx, cy] = await mapPoint(page, id, [size[0] / 2, size[1] / 2]);
    await page.mouse.move(cx, cy);
    await page.mouse.wheel({ deltaY: -400 });
    await afterPageTimers(page, 400); // a wheel zoom (its 80 ms wait, its 250 ms animation) would be over
    expect((await geoShown(page, id)).zoom).toBe(start.zoom);

    // + on the focused map, then the zoom-in button: fewer places in view, each listed one inside it.
    await page.focus('#' + id + ' .piazza-geo-map');
    await page.keyboard.press('+');
    const z1 = await zoomChanged(page, id, start.zoom);
    expect(z1).toBe(start.zoom! + 1);
    await page.click(`#${id} [data-control="plus"]`);
    const z2 = await zoomChanged(page, id, z1);
    expect(z2).toBe(z1 + 1);
    const zoomed = await geoShown(page, id);
    const zoomList = await entries(page, id);
    expect(zoomed.inView!).toBeLessThanOrEqual(panned.inView!);
    expect(inside(zoomList, size)).toBe(true);
    expect(zoomList.reduce((n, e) => n + e.count, 0)).toBe(zoomed.inView);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('selecting a place centres the map on it and opens its popup; groups open to list their places', async () => {
    const probe = await openMaps();
    const { page } = probe;
    const id = 'luoghi-server';
    const group = await page.$(`#${id} .piazza-geo-list > li > .piazza-geo-group`);
    expect(await group!.evaluate((b) => [b.getAttribute('aria-expanded'), b.textContent])).toEqual([
      'false',
      expect.stringMatching(/^\d+ punti$/),
    ]);
    await group!.click();
    expect(await group!.evaluate((b) => b.getAttribute('aria-expanded'))).toBe('true');
    const inner = await group!.evaluate((b) =>
      Array.from(document.getElementById(b.getAttribute('aria-controls')!)!.querySelectorAll('li[data-point]')).map((li) => [
        li.getAttribute('data-point'),
        li.getAttribute('data-id'),
      ]),
    );
    expect(inner.length).toBeGreaterThan(1);
    await expectAxe(page, 'group open');

    // Places have their own spot (but the pair 6001/6002): the chosen one ends up alone, in the middle
    // (then the popup may pan the map to fit in it). Every position the list reports is recorded.
    const [point, contentId] = inner.find(([, cid]) => cid !== '6001' && cid !== '6002')!;
    await page.$eval(
      `#${id} .piazza-geo-companion`,
      (section, p) => {
        const seen: string[] = ((window as any).__at = []);
        new MutationObserver(() => {
          const at = section.querySelector(`.piazza-geo-list > li[data-point="${p}"]`)?.getAttribute('data-at');
          if (at && seen.at(-1) !== at) seen.push(at);
        }).observe(section, { subtree: true, childList: true, attributes: true });
      },
      point,
    );
    await page.click(`#${id} li[data-point="${point}"] .piazza-geo-show`);
    await page.waitForSelector(`#${id} .piazza-geo-popup[data-place="${contentId}"][data-piazza-status="ready"]`);
    const [w, h] = await mapSize(page, id);
    const seen = (await page.evaluate(() => (window as any).__at as string[])).map((a) => a.split(',').map(Number));
    expect(
      seen.some(([x, y]) => Math.abs(x - w / 2) <= 1 && Math.abs(y - h / 2) <= 1),
      JSON.stringify(seen),
    ).toBe(true);
    // The popup points at the place: centred above it, once the auto-pan animation is over.
    await eventually(async () => {
      const alone = (await entries(page, id)).find((e) => e.point === Number(point))!;
      const [px, py] = await mapPoint(page, id, alone.at!);
      const box = await page.$eval(`#${id} .piazza-geo-popup`, (el) => el.getBoundingClientRect().toJSON());
      expect(Math.abs(box.left + box.width / 2 - px)).toBeLessThanOrEqual(2);
      expect(box.bottom).toBeLessThan(py - 41);
      expect(box.bottom).toBeGreaterThan(py - 70);
    });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('piazza-geo-popup'))).toBe(true);
    await expectAxe(page, 'popup from the list');
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('the map', () => {
  it('uses the configured tiles (256 px, at the view zoom), always shows their attribution and a scale bar of at most 100 px', async () => {
    const probe = await openMaps();
    const { page } = probe;
    const shown = await geoShown(page, 'luoghi-server');
    const tiles = probe.requests.filter((u) => u.includes('/tiles/')).map((u) => new URL(u).pathname);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((p) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
    expect(tiles.some((p) => p.startsWith('/tiles/' + shown.zoom + '/'))).toBe(true);
    const tileSize = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, tiles[0]);
    expect(tileSize).toEqual([256, 256]);
    expect(await page.$eval('#luoghi-server .piazza-geo-attribution', (el) => el.textContent)).toBe(
      'Dati della mappa: Tasselli di prova del Comune di Esempio',
    );
    expect(await page.$eval('#eventi-remoti .piazza-geo-attribution', (el) => el.textContent)).toBe(
      'Map data: Test tiles of the Comune di Esempio',
    );
    const scale = await page.$eval('#luoghi-server .piazza-geo-scale', (el) => [Number(el.getAttribute('data-width')), el.textContent]);
    expect(scale[0]).toBeGreaterThan(30);
    expect(scale[0]).toBeLessThanOrEqual(100);
    expect(scale[1]).toMatch(/^Scala della mappa: \d+ k?m$/);
    // Nothing of ours carries a style attribute (strict CSP); OpenLayers positions its own elements.
    expect(await page.$$eval('.piazza-geo [style]', (els) => els.filter((e) => !e.closest('.ol-viewport')).length)).toBe(0);
    await expectAxe(page, 'maps shown');
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});
