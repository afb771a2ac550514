// Side by side with the original (issue 31): the original jQuery listing block of
// openpa_bootstrapitalia (../shared/real/original-listing, loaded at run time) and piazza's, the
// same block (serve.mjs's settings, piazza's markup from its eZ template), the same emulator behind
// both (each page from its own server, the same way: piazza-site.ts), interleaved pairs (which side goes first alternates), ratios per pair.
// Each pair: the block profile page of each side (first results, then the map tab, the agenda
// tab, back to the list and a text search, as a visitor would) and the portal profile page of each
// (its first results and every byte of its load). Times are from navigation (first results) or
// from the visitor's input event (its timeStamp); bytes are JS+CSS over the wire (Resource Timing
// transferSize; every file gzip -9 on both sides).
import type { Page } from 'puppeteer-core';
import type { Profile } from '../pages';
import { piazzaFirstResults, type PiazzaSite } from '../piazza-site';
import type { OriginalSite } from '../original';
import type { BenchContext, Scenario } from '../run';
import { median } from '../stats';
import { answerMapTiles } from '../tiles';

/** A pointer rests on a tab a moment before it presses; the tab's code may come in that moment (issue 31, item 2). */
export const AIM_MS = 200;
const SEARCH_TEXT = 'concerto';
const QUIET_MS = 500;

/**
 * In-page instrument for both pages, as plain source (tsx would add helpers the page has not):
 * `watch(name, test)` records when `test()` first holds (checked at every DOM change) and the end of
 * the frame that shows it (a task after the next frame); `expectMark(name)` does the same for a
 * performance mark (piazza's map draws into a canvas, its first frame with places is a mark made
 * when it is drawn: in an animation frame, that frame paints it, else the next one); the timeStamp of every click, pointerover and Enter; JS+CSS bytes until a time.
 */
const INSTRUMENT = `(() => {
  performance.setResourceTimingBufferSize(5000);
  const h = (window.__bench = { seen: {}, inputs: [] });
  const afterFrame = (w) => { const c = new MessageChannel(); c.port1.onmessage = () => { w.painted = performance.now(); }; c.port2.postMessage(0); };
  h.watch = (name, test) => {
    const w = (h.seen[name] = { at: null, painted: null });
    const check = () => {
      if (w.at !== null) return true;
      let ok = false;
      try { ok = !!test(); } catch (e) { ok = false; }
      if (!ok) return false;
      w.at = performance.now();
      requestAnimationFrame(() => afterFrame(w));
      return true;
    };
    if (check()) return;
    const mo = new MutationObserver(() => { if (check()) mo.disconnect(); });
    mo.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  // A mark made in an animation frame is painted by that frame; one made in a task, by the next.
  let inFrame = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => { inFrame = true; try { cb(t); } finally { inFrame = false; } });
  const mark = performance.mark.bind(performance);
  performance.mark = function (name, options) {
    const out = mark(name, options);
    const w = h.seen[name];
    if (w && w.at === null) { w.at = performance.now(); if (inFrame) afterFrame(w); else raf(() => afterFrame(w)); }
    return out;
  };
  h.expectMark = (name) => { h.seen[name] = { at: null, painted: null }; };
  for (const type of ['click', 'pointerover', 'keydown']) {
    document.addEventListener(type, (e) => {
      if (type === 'keydown' && e.key !== 'Enter') return;
      const el = e.target && e.target.closest ? e.target.closest('a, button, input') : null;
      h.inputs.push({ type, t: e.timeStamp, id: el ? el.id || el.getAttribute('href') || '' : '' });
    }, true);
  }
  h.lastInput = (type) => { for (let i = h.inputs.length - 1; i >= 0; i--) if (h.inputs[i].type === type) return h.inputs[i]; return null; };
  const isCode = (e) => /\\.(m?js|css)(\\?|$)/.test(new URL(e.name).pathname);
  const isApi = (e) => ['/opendata/api/', '/api/opendata/', '/openpa/'].some((p) => e.name.includes(p));
  h.firstApiAfter = (t0) => {
    const e = performance.getEntriesByType('resource').filter((r) => isApi(r) && r.startTime >= t0 - 1).sort((a, b) => a.startTime - b.startTime)[0];
    return e ? { out: e.startTime - t0, in: e.responseEnd - t0 } : { out: NaN, in: NaN };
  };
  h.bytes = (until) => performance.getEntriesByType('resource').filter((e) => isCode(e) && e.responseEnd <= until).reduce((n, e) => n + e.transferSize, 0);
})()`;

/** What differs between the two pages: their URLs, selectors and the conditions a step waits for. */
interface Side {
  name: 'original' | 'piazza';
  url(profile: Profile): string;
  /** Page functions (source text) of the conditions. */
  firstResults: string;
  /** Opens the search form if it has one; the search input's selector. */
  openSearch(page: Page): Promise<string>;
  searchDone: string;
  tab(tab: 'geo' | 'agenda' | 'list'): string;
  /** How a step's outcome is watched: a DOM condition, or a mark. */
  mapDrawn: { watch: string } | { mark: string };
  agendaDrawn: string;
}

function originalSide(site: OriginalSite): Side {
  const id = site.block.blockId;
  const list = `document.querySelector('#remote-gui-${id}-list')`;
  return {
    name: 'original',
    url: (profile) => site.url + '?profile=' + profile,
    // (run.mjs's definition: the list pane is non-empty and holds no spinner)
    firstResults: `() => { const l = ${list}; return !!l && l.childElementCount > 0 && !l.querySelector('.spinner'); }`,
    async openSearch() {
      return `#remote-gui-${id} input[data-search="q"]`;
    },
    searchDone: `(() => { const l = ${list}; const old = l.firstElementChild; return () => !l.contains(old) && l.childElementCount > 0 && !l.querySelector('.spinner'); })()`,
    tab: (tab) => `#remote-gui-${id} a.view-selector[href="#remote-gui-${id}-${tab}"]`,
    mapDrawn: { watch: `() => document.querySelectorAll('#remote-gui-${id}-map .leaflet-marker-icon').length > 0` },
    agendaDrawn: `() => document.querySelectorAll('#remote-gui-${id}-calendar .ec-event').length > 0`,
  };
}

function piazzaSide(site: OriginalSite, piazza: PiazzaSite): Side {
  const id = site.block.blockId;
  const list = `document.querySelector('#remote-gui-${id} .piazza-listing-list')`;
  return {
    name: 'piazza',
    url: (profile) => piazza.page[profile],
    firstResults: piazzaFirstResults(id),
    async openSearch(page) {
      await page.click(`#remote-gui-${id} .piazza-listing-search > button[aria-expanded=false]`);
      return `#${id}-search-text`;
    },
    searchDone: `(() => { const l = ${list}; const v = Number(l.getAttribute('data-version')); return () => Number(l.getAttribute('data-version')) > v && l.getAttribute('data-piazza-status') === 'ready'; })()`,
    tab: (tab) => `#${id}-${tab}-tab`,
    mapDrawn: { mark: 'piazza-geo-drawn' },
    agendaDrawn: `() => !!document.querySelector('#${id}-agenda .toastui-calendar-weekday-event-block')`,
  };
}

interface Seen {
  at: number;
  painted: number;
}
const seen = (page: Page, name: string) =>
  page
    .waitForFunction((n: string) => (window as any).__bench.seen[n]?.painted != null, { timeout: 30_000, polling: 20 }, name)
    .then(() => page.evaluate((n: string) => (window as any).__bench.seen[n], name) as Promise<Seen>);
const quiet = (page: Page) => page.waitForNetworkIdle({ idleTime: QUIET_MS, concurrency: 0, timeout: 30_000 });
/** The first API request after `t0`: ms from t0 to its start and to its response's end. */
const firstApiAfter = (page: Page, t0: number) =>
  page.evaluate((t: number) => (window as any).__bench.firstApiAfter(t), t0) as Promise<{ out: number; in: number }>;
const lastInput = (page: Page, type: string) =>
  page.evaluate((t: string) => (window as any).__bench.lastInput(t), type) as Promise<{ t: number }>;

async function open(ctx: BenchContext, side: Side, profile: Profile) {
  const context = await ctx.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  // (Firefox: no CDP to answer them; its profile's proxy refuses them at once, on both sides alike)
  if (ctx.engine === 'chromium') await answerMapTiles(page);
  await page.evaluateOnNewDocument(INSTRUMENT);
  await page.evaluateOnNewDocument(`window.__bench.watch('first', ${side.firstResults})`);
  await page.goto(side.url(profile), { waitUntil: 'domcontentloaded' });
  const first = await seen(page, 'first');
  await quiet(page);
  const figures = await page.evaluate(
    (t: number) => ({ until: (window as any).__bench.bytes(t), whole: (window as any).__bench.bytes(Infinity) }),
    first.at,
  );
  return { context, page, first, ...figures };
}

/** Hover, then the press AIM_MS later: ms from the click's timeStamp to the outcome (and to the frame showing it). */
async function clickTab(page: Page, side: Side, tab: 'geo' | 'agenda', outcome: { watch: string } | { mark: string }) {
  const name = 'tab-' + tab;
  await page.evaluate(
    'watch' in outcome ? `window.__bench.watch('${name}', ${outcome.watch})` : `window.__bench.expectMark('${outcome.mark}')`,
  );
  await page.hover(side.tab(tab));
  await new Promise((r) => setTimeout(r, AIM_MS));
  await page.click(side.tab(tab));
  const done = await seen(page, 'watch' in outcome ? name : outcome.mark);
  const click = await lastInput(page, 'click');
  await quiet(page);
  return { at: done.at - click.t, painted: done.painted - click.t, ...(await firstApiAfter(page, click.t)) };
}

async function visit(ctx: BenchContext, side: Side) {
  const out: Record<string, number> = {};
  const block = await open(ctx, side, 'block');
  const { page } = block;
  out['first results'] = block.first.at;
  out['JS+CSS until first results'] = block.until;
  out['JS+CSS of the whole load'] = block.whole;

  const map = await clickTab(page, side, 'geo', side.mapDrawn);
  out['map tab: click → first marker'] = map.at;
  out['map tab: click → painted frame'] = map.painted;
  out['map tab: request out'] = map.out;
  out['map tab: response in'] = map.in;
  const agenda = await clickTab(page, side, 'agenda', { watch: side.agendaDrawn });
  out['agenda tab: click → first event'] = agenda.at;
  out['agenda tab: request out'] = agenda.out;
  out['agenda tab: response in'] = agenda.in;

  await page.click(side.tab('list'));
  await quiet(page);
  const input = await side.openSearch(page);
  await page.type(input, SEARCH_TEXT);
  await page.evaluate(`window.__bench.watch('search', ${side.searchDone})`);
  await page.keyboard.press('Enter');
  const search = await seen(page, 'search');
  const enter = await lastInput(page, 'keydown');
  out['search: Enter → new results'] = search.at - enter.t;
  const api = await firstApiAfter(page, enter.t);
  out['search: request out'] = api.out;
  out['search: response in'] = api.in;
  await block.context.close();

  const portal = await open(ctx, side, 'portal');
  out['portal page: first results'] = portal.first.at;
  out['portal page: JS+CSS of the whole load'] = portal.whole;
  await portal.context.close();
  return out;
}

/** The rows of issue 31's table, in its order, with the target of each (piazza / original). */
export const STEPS: Array<[step: string, unit: string, target: number | null]> = [
  ['first results', 'ms', 0.5],
  ['JS+CSS until first results', 'B', null],
  ['JS+CSS of the whole load', 'B', 0.5],
  ['portal page: first results', 'ms', null],
  ['portal page: JS+CSS of the whole load', 'B', null],
  ['search: Enter → new results', 'ms', 1.0],
  ['map tab: click → first marker', 'ms', 1.0],
  ['map tab: click → painted frame', 'ms', 1.2],
  ['agenda tab: click → first event', 'ms', 0.9],
];

let turn = 0;
const sideBySide: Scenario = {
  name: 'side by side: the original listing block vs piazza, same block and emulator',
  runs: 11,
  engines: ['chromium', 'firefox'],
  units: Object.fromEntries(
    STEPS.flatMap(([s, unit]) => [
      [s + ', original', unit],
      [s + ', piazza', unit],
      [s + ' (piazza / original)', 'ratio'],
    ]),
  ),
  async run(ctx) {
    if (!ctx.original || !ctx.piazza) return {};
    const site = ctx.original;
    const sides = [originalSide(site), piazzaSide(site, ctx.piazza)];
    if (turn++ % 2) sides.reverse();
    const out: Record<string, number> = {};
    for (const side of sides) for (const [k, v] of Object.entries(await visit(ctx, side))) out[k + ', ' + side.name] = v;
    for (const [step] of STEPS) out[step + ' (piazza / original)'] = out[step + ', piazza'] / out[step + ', original'];
    return out;
  },
  report(samples, ctx) {
    if (!ctx.original) return `## Side by side with the original\n\nSkipped: ${ctx.originalMissing}.\n`;
    const med = (k: string) => median(samples[k] ?? []);
    const fmt = (v: number, unit: string) => (Number.isNaN(v) ? '–' : unit === 'B' ? Math.round(v / 1024) + ' KB' : Math.round(v) + ' ms');
    const rows = STEPS.map(([step, unit, target]) => {
      const ratio = med(step + ' (piazza / original)');
      const verdict = target === null ? '' : ratio <= target ? '✓' : '✗';
      return `| ${step} | ${fmt(med(step + ', original'), unit)} | ${fmt(med(step + ', piazza'), unit)} | ${ratio.toFixed(2)} | ${target === null ? '' : '≤ ' + target.toFixed(1)} ${verdict} |`;
    });
    const n = samples[STEPS[0][0] + ' (piazza / original)']?.length ?? 0;
    return (
      `## Side by side with the original${ctx.engine === 'chromium' ? '' : ` (${ctx.engine})`}\n\n` +
      `The original: openpa_bootstrapitalia ${ctx.original.commit.slice(0, 8)} (\`../shared/real/original-listing\`, serve.mjs over this emulator); ` +
      `piazza: this build, the same block from its eZ template. ${n} interleaved pairs; medians; the ratio is the median of each pair's own ratio. ` +
      `Clicks: the pointer rests ${AIM_MS} ms on a tab before pressing. Bytes: JS+CSS over the wire.\n\n` +
      `| step | original | piazza | piazza / original | target |\n| --- | ---: | ---: | ---: | --- |\n${rows.join('\n')}\n`
    );
  },
};

export default [sideBySide];
