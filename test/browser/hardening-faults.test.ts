// Faults per request, through the emulator's knobs, on a page holding every block and helper that
// makes requests (fixtures/pages/test/faults.html): HTTP 500 / 404 / 400 with each front door's
// error body, a timeout, invalid JSON, an empty body, JSONP that never calls back or calls back
// twice, replies out of order, and chunks that fail to load. For each block: its error state with
// Retry, Retry working once the fault clears (`times: 1`), no stale response rendered, no
// unhandled promise rejection, and every other block on the page still working.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { newProbe, quiet, waitReady, type Emulator, type Probe } from './harness';
import { useBrowserEnv } from './env';
import { installProbes, rejections, shortenTimeouts } from './hardening-kit';

const env = useBrowserEnv({ remote: true });

type Kind = 'list' | 'geo' | 'agenda' | 'table' | 'embed';
interface Target {
  name: string;
  /** The block's element id. */
  id: string;
  /** What only this block's requests contain (the fault's `match`). */
  match: string;
  jsonp: boolean;
  kind: Kind;
  /** Its emulator (the remote block reads another portal). */
  emulator: () => Emulator;
  /** The block id its admin messages name. */
  blockId: string;
}

const TARGETS: Target[] = [
  {
    name: 'listing (module front door)',
    id: 'f-lista',
    blockId: 'f-lista',
    match: 'view=card_simple',
    jsonp: false,
    kind: 'list',
    emulator: () => env.portal,
  },
  {
    name: 'listing (server mode)',
    id: 'f-server',
    blockId: 'notizie-server',
    match: '/notizie-server/search/',
    jsonp: false,
    kind: 'list',
    emulator: () => env.portal,
  },
  {
    name: 'listing (remote portal, JSONP)',
    id: 'f-remoto',
    blockId: 'f-remoto',
    match: 'view=text_linked',
    jsonp: true,
    kind: 'list',
    emulator: () => env.remote,
  },
  { name: 'geo tab', id: 'f-mappa', blockId: 'f-mappa', match: '/extrageo/search/', jsonp: false, kind: 'geo', emulator: () => env.portal },
  {
    name: 'agenda tab',
    id: 'f-agenda',
    blockId: 'f-agenda',
    match: '/calendar/search/',
    jsonp: false,
    kind: 'agenda',
    emulator: () => env.portal,
  },
  {
    name: 'data table',
    id: 'f-tabella',
    blockId: 'f-tabella',
    match: '/datatable/search/',
    jsonp: false,
    kind: 'table',
    emulator: () => env.portal,
  },
  {
    name: 'shared-link embed (JSONP)',
    id: 'f-embed',
    blockId: '/openpa/object/4007',
    match: '/content/read/4007',
    jsonp: true,
    kind: 'embed',
    emulator: () => env.portal,
  },
];

/**
 * Installed before the page's scripts: window.__faultState(id, kind) → {status, version, total} as
 * each block shows it (status: ready | error | loading).
 */
async function installStateReader(page: Page) {
  await page.evaluateOnNewDocument(() => {
    (window as any).__faultState = (id: string, kind: string) => {
      const attr = (sel: string) => {
        const el = document.querySelector(sel);
        return el
          ? {
              status: el.getAttribute('data-piazza-status') || 'loading',
              version: Number(el.getAttribute('data-version') || 0),
              total: Number(el.getAttribute('data-total') ?? el.getAttribute('data-count') ?? -1),
            }
          : { status: 'loading', version: 0, total: -1 };
      };
      if (kind === 'list') return attr('#' + id + ' .piazza-listing-list');
      if (kind === 'geo') return attr('#' + id + ' .piazza-geo');
      if (kind === 'agenda') return attr('#' + id + ' .piazza-agenda');
      if (kind === 'table') {
        const body = document.querySelector('#' + id + ' .piazza-datatable-body');
        const info = document.querySelector('#' + id + ' .piazza-datatable-info')?.textContent || '';
        const status = !body
          ? 'loading'
          : body.querySelector('.piazza-error')
            ? 'error'
            : body.getAttribute('aria-busy') === 'false' && !document.querySelector('#' + id + ' .piazza-datatable-placeholder')
              ? 'ready'
              : 'loading';
        return { status, version: 0, total: Number((/(\d+)\s*$/.exec(info.trim()) || [])[1] ?? -1) };
      }
      // embed: the placeholder is replaced by the view, or its link says it failed
      const link = document.querySelector('[data-shared_link="4007"]');
      const embedded = document.querySelectorAll('[data-object_id="4007"][data-piazza-embed]').length;
      return {
        status: embedded ? 'ready' : link?.getAttribute('data-piazza-embedded') === 'false' ? 'error' : 'loading',
        version: embedded,
        total: embedded,
      };
    };
  });
}

const state = (page: Page, t: Target): Promise<{ status: string; version: number; total: number }> =>
  page.evaluate((id, kind) => (window as any).__faultState(id, kind), t.id, t.kind);

async function waitStatus(page: Page, t: Target, status: 'ready' | 'error', after = 0) {
  await page.waitForFunction(
    (id, kind, wanted, v) => {
      const s = (window as any).__faultState(id, kind);
      return s.status === wanted && (kind === 'table' || kind === 'embed' || s.version > v);
    },
    { timeout: 20_000 },
    t.id,
    t.kind,
    status,
    after,
  );
  return state(page, t);
}

/** The faults page, with the tripwire/rejection probes and the state reader. */
async function openFaults(options: { shorten?: Target } = {}): Promise<Probe> {
  const probe = await newProbe(env.browser);
  await installProbes(probe.page);
  await installStateReader(probe.page);
  if (options.shorten) await shortenTimeouts(probe.page);
  await probe.page.goto(env.portal.url + 'test/faults.html?remote=' + encodeURIComponent(env.remote.origin), {
    waitUntil: 'domcontentloaded',
  });
  await waitReady(probe.page);
  return probe;
}

/** Every block but `except` ends ready: one failing block never takes the others down. */
async function othersWork(page: Page, except: Target[]) {
  for (const t of TARGETS) if (!except.includes(t)) expect((await waitStatus(page, t, 'ready')).status, t.name).toBe('ready');
  await page.waitForFunction(() => document.querySelector('#f-probe')?.getAttribute('data-piazza-state') === 'mounted');
}

async function retry(page: Page, t: Target) {
  if (t.kind === 'embed') await page.evaluate(() => (window as any).piazza.mount());
  else await page.click(`#${t.id} .piazza-error[role=alert] button`);
}

interface Fault {
  name: string;
  spec(t: Target): Record<string, unknown>;
  /** Only for JSONP blocks. */
  jsonpOnly?: boolean;
  /** What the admin's console line says besides the block (the error body's own message, per front door). */
  says(t: Target): RegExp;
  timeout?: boolean;
}

const HTTP = (status: number, message: string): Fault => ({
  name: `HTTP ${status}`,
  spec: () => ({ status }),
  // A JSONP script with an error status never runs: the browser reports a failed load (the admin's
  // line in Italian, the page having no data-piazza-messages="en").
  says: (t) => (t.jsonp ? /richiesta .+ non riuscita/ : new RegExp(`${status}.*${message}|${message}.*${status}`)),
});

const FAULTS: Fault[] = [
  HTTP(500, 'Emulated server error'),
  HTTP(404, 'Emulated not found'),
  HTTP(400, 'Emulated bad request'),
  { name: 'a timeout', spec: (t) => (t.jsonp ? { latency: 60_000 } : { silent: true }), says: () => /timed out/i, timeout: true },
  { name: 'invalid JSON', spec: () => ({ invalid: true }), says: () => /invalid|unexpected|did not call back/i },
  { name: 'an empty body', spec: () => ({ empty: true }), says: () => /empty|invalid|unexpected|did not call back/i },
  { name: 'JSONP that never calls back', spec: () => ({ silent: true }), jsonpOnly: true, says: () => /did not call back|timed out/i },
];

const cases = TARGETS.flatMap((t) => FAULTS.filter((f) => !f.jsonpOnly || t.jsonp).map((f) => [t.name + ': ' + f.name, t, f] as const));

describe('a failing request: error state with Retry, recovery, the others unharmed', () => {
  it.each(cases)('%s', async (_title, t, f) => {
    t.emulator().faults.arm({ match: t.match, times: 1, ...f.spec(t) });
    const probe = await openFaults({ shorten: f.timeout || f.jsonpOnly ? t : undefined });
    const { page } = probe;
    const failed = await waitStatus(page, t, 'error');
    // The visitor: a short polite message and Retry (a shared-link embed keeps its placeholder).
    if (t.kind === 'embed') {
      expect(await page.$eval('#f-embed h2', (h) => h.textContent)).toBe('Festa della Musica');
    } else {
      expect(
        await page.$$eval(`#${t.id} .piazza-error[role=alert]`, (els) => els.map((e) => e.querySelector('button')?.textContent)),
      ).toEqual([expect.stringMatching(/^Riprova$/)]);
    }
    await othersWork(page, [t]);
    // The admin: one console line naming the block and what went wrong.
    const lines = probe.consoleErrors.filter((m) => m.startsWith('[piazza]') && m.includes(t.blockId));
    expect(lines.length, probe.consoleErrors.join('\n')).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(f.says(t));
    // The fault was for one request: Retry brings the content.
    const recovered = await (async () => {
      await retry(page, t);
      return waitStatus(page, t, 'ready', failed.version);
    })();
    expect(recovered.status).toBe('ready');
    if (t.kind !== 'embed') expect(await page.$(`#${t.id} .piazza-error`)).toBeNull();
    await quiet(page);
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('JSONP that calls back twice', () => {
  it.each(TARGETS.filter((t) => t.jsonp).map((t) => [t.name, t] as const))('%s: renders once, no error', async (_n, t) => {
    t.emulator().faults.arm({ match: t.match, times: 1, twice: true });
    const probe = await openFaults();
    const { page } = probe;
    const shown = await waitStatus(page, t, 'ready');
    await quiet(page);
    expect(await state(page, t)).toEqual(shown);
    expect(shown.version).toBe(1);
    await othersWork(page, []);
    expect(probe.consoleErrors.filter((m) => m.startsWith('[piazza]'))).toEqual([]);
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('replies out of order: the older answer never renders', () => {
  /** Searches `text` in the block's own search box (listing filters, or the table's). */
  async function search(page: Page, t: Target, text: string) {
    if (t.kind === 'table') {
      await page.$eval(
        `#${t.id} .piazza-datatable-search input`,
        (i, v) => {
          (i as HTMLInputElement).value = v as string;
          i.dispatchEvent(new Event('input', { bubbles: true }));
        },
        text,
      );
      return;
    }
    const input = `#${t.id} .piazza-listing-search input`;
    if (await page.$eval(`#${t.id} .piazza-listing-search > button`, (b) => b.getAttribute('aria-expanded') !== 'true')) {
      await page.click(`#${t.id} .piazza-listing-search > button`);
    }
    await page.$eval(input, (i) => {
      (i as HTMLInputElement).value = '';
    });
    await page.type(input, text);
    await page.keyboard.press('Enter');
  }

  it.each(TARGETS.filter((t) => t.kind !== 'embed').map((t) => [t.name, t] as const))('%s', async (_n, t) => {
    const probe = await openFaults();
    const { page } = probe;
    const first = await waitStatus(page, t, 'ready');
    const slow = t.emulator().origin;
    t.emulator().faults.arm({ match: 'lentissimo', latency: 1500, times: 1 });
    // The slow request either answers late (JSONP scripts cannot be aborted) or is aborted by the newer one.
    const isSlow = (url: string) => url.startsWith(slow) && url.includes('lentissimo');
    const outcome = new Promise<string>((resolve) => {
      page.on('response', (r) => {
        if (isSlow(r.url())) resolve('answered late');
      });
      page.on('requestfailed', (r) => {
        if (isSlow(r.url())) resolve('aborted');
      });
    });
    const sent = page.waitForRequest((r) => isSlow(r.url()), { timeout: 20_000 });
    await search(page, t, 'lentissimo');
    await sent;
    const fast = page.waitForResponse((r) => r.url().startsWith(slow) && r.url().includes('Festa'), { timeout: 20_000 });
    await search(page, t, 'Festa');
    await fast;
    const last = await waitStatus(page, t, 'ready', first.version);
    // The slow answer comes back after the fast one, or never (aborted)…
    expect(await Promise.race([outcome, new Promise((r) => setTimeout(() => r('pending'), 20_000))])).toMatch(/answered late|aborted/);
    await quiet(page);
    // …and changes nothing.
    const now = await state(page, t);
    expect(now.status).toBe('ready');
    if (t.kind !== 'table') expect(now).toEqual(last);
    const expectedTotal = await totalFor(probe, t, 'Festa');
    if (expectedTotal !== null) expect(now.total).toBe(expectedTotal);
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });

  /** The total the emulator gives for the block's last request with `text` (fetched again). */
  async function totalFor(probe: Probe, t: Target, text: string): Promise<number | null> {
    const url = [...probe.requests]
      .reverse()
      .find((u) => u.startsWith(t.emulator().origin) && u.includes(text) && u.includes(t.match.replace(/^\//, '')));
    if (!url || t.jsonp) return null;
    const body = await (await fetch(url)).json();
    if (t.kind === 'table') return body.recordsFiltered;
    if (t.kind === 'agenda') return null; // the agenda counts the visible period's events
    return body.totalCount ?? null;
  }
});

describe('a chunk that fails to load', () => {
  /** The faults page with the chunks whose name starts with one of `names` answering 404 until `release()`. */
  async function openWithout(names: string[]) {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    await installProbes(page);
    await installStateReader(page);
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    let blocked = true;
    const hit = (url: string) => names.some((n) => url.includes('/dist/chunks/' + n + '-'));
    page.on('request', (req) => void (blocked && hit(req.url()) ? req.respond({ status: 404, body: '' }) : req.continue()));
    await page.goto(env.portal.url + 'test/faults.html?remote=' + encodeURIComponent(env.remote.origin), { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    return {
      probe,
      page,
      release: () => {
        blocked = false;
      },
    };
  }
  const byId = (id: string) => TARGETS.find((t) => t.id === id)!;
  const LISTINGS = ['f-lista', 'f-server', 'f-remoto', 'f-mappa', 'f-agenda'].map(byId);

  it("a block's own chunk: its fallback stays, one console line per block, the others work; piazza.mount() retries", async () => {
    const { probe, page, release } = await openWithout(['listing']);
    for (const t of LISTINGS) {
      expect(
        await page.$eval('#' + t.id, (el) => [
          el.getAttribute('data-piazza-state'),
          el.querySelector(':scope > p')?.textContent?.length! > 0,
        ]),
        t.id,
      ).toEqual(['error', true]);
      expect(
        probe.consoleErrors.filter((m) => m.startsWith(`[piazza] listing block "${t.blockId}"`)),
        t.id,
      ).toHaveLength(1);
    }
    await othersWork(page, LISTINGS);
    release();
    await page.evaluate(() => (window as any).piazza.mount());
    for (const t of LISTINGS) expect((await waitStatus(page, t, 'ready')).status, t.id).toBe('ready');
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });

  it.each([
    ['the geo tab', 'geo', 'f-mappa'],
    ['the agenda tab', 'agenda', 'f-agenda'],
    ['the HTML sanitiser of server views', 'sanitize', 'f-lista'],
    ['the data table', 'datatable', 'f-tabella'],
    ["the data table's grid view", 'DatatableGrid', 'f-tabella'],
  ])('%s: error state with Retry, Retry works once the chunk loads', async (_n, chunk, id) => {
    const t = byId(id);
    const { probe, page, release } = await openWithout([chunk]);
    if (chunk === 'datatable') {
      // The block's own chunk: the loader keeps the fallback; a later mount retries.
      await page.waitForFunction((i) => document.getElementById(i)?.getAttribute('data-piazza-state') === 'error', {}, id);
      await othersWork(page, [t]);
      release();
      await page.evaluate(() => (window as any).piazza.mount());
    } else {
      await page.waitForSelector(`#${id} .piazza-error[role=alert] button`, { timeout: 20_000 });
      expect(
        probe.consoleErrors.some((m) => m.startsWith('[piazza]') && m.includes(t.blockId)),
        probe.consoleErrors.join('\n'),
      ).toBe(true);
      // The sanitizer (runtime/sanitize.ts) is shared: every block with server views, and the shared-link helper, need it.
      await othersWork(page, chunk === 'sanitize' ? [t, byId('f-server'), byId('f-remoto'), byId('f-embed')] : [t]);
      release();
      await page.click(`#${id} .piazza-error[role=alert] button`);
    }
    expect((await waitStatus(page, t, 'ready')).status).toBe('ready');
    expect(await rejections(page)).toEqual([]);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });

  it('the shared-link helper: the placeholder stays; piazza.mount() retries', async () => {
    const t = byId('f-embed');
    const { probe, page, release } = await openWithout(['helper-sharedlink']);
    await othersWork(page, [t]);
    expect(await page.$('#f-embed')).not.toBeNull();
    expect(probe.consoleErrors.some((m) => m.startsWith('[piazza] sharedlink helper: non si è avviato'))).toBe(true);
    release();
    await page.evaluate(() => (window as any).piazza.mount());
    expect((await waitStatus(page, t, 'ready')).status).toBe('ready');
    expect(await rejections(page)).toEqual([]);
    await page.close();
  });
});
