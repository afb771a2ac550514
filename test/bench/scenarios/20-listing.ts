// Listing figures (cold cache, emulator on loopback): time from navigation to the first results
// on the demo listing page (first block, and all four), and what a list-only page costs in
// JavaScript until its results show.
import type { Emulator } from '../../browser/harness';
import type { BenchContext, Scenario } from '../run';

/** ms from navigation start until `count` listing blocks show results; plus JS bytes fetched by then. */
async function firstResults({ browser }: BenchContext, portal: Emulator, path: string, blocks: number) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument((wanted: number) => {
    const w = window as any;
    w.__listingReady = [];
    new MutationObserver(() => {
      const ready = document.querySelectorAll('.piazza-listing-list[data-piazza-status=ready]').length;
      while (w.__listingReady.length < Math.min(ready, wanted)) w.__listingReady.push(performance.now());
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-piazza-status'], childList: true });
  }, blocks);
  await page.goto(portal.url + path, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction((n: number) => (window as any).__listingReady.length >= n, { timeout: 30_000 }, blocks);
  const figures = await page.evaluate(() => {
    const times = (window as any).__listingReady as number[];
    const done = times[times.length - 1];
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.responseEnd <= done && /\.m?js(\?|$)/.test(e.name) && !e.name.includes('/vendor/'),
    );
    return { first: times[0], all: done, jsBytes: js.reduce((n, e) => n + e.transferSize, 0), jsFiles: js.length };
  });
  await context.close();
  return figures;
}

const demo: Scenario = {
  name: 'listing demo page: time to first results',
  runs: 7,
  units: { 'first block': 'ms', 'all 4 blocks': 'ms', jsBytes: 'B' },
  async run(ctx) {
    const f = await firstResults(ctx, ctx.portal, 'listing.html', 4);
    return { 'first block': f.first, 'all 4 blocks': f.all, jsBytes: f.jsBytes };
  },
};

const listOnly: Scenario = {
  name: 'listing list-only page: JS loaded',
  runs: 5,
  units: { 'JS bytes (wire, gzip)': 'B', 'JS files': 'count', 'first results': 'ms' },
  async run(ctx) {
    const f = await firstResults(ctx, ctx.portal, 'listing-list-only.html', 1);
    return { 'JS bytes (wire, gzip)': f.jsBytes, 'JS files': f.jsFiles, 'first results': f.first };
  },
};

/** This build against PIAZZA_BASELINE_DIST (the previous main), on the same page, alternating which goes first. */
let turn = 0;
const listOnlyVsBaseline: Scenario = {
  name: 'listing list-only page: first results, this build vs baseline build',
  runs: 15,
  units: { 'first results, this build': 'ms', 'first results, baseline': 'ms', 'JS bytes, this build': 'B', 'JS bytes, baseline': 'B' },
  ratios: [['first results (this / baseline)', 'first results, this build', 'first results, baseline']],
  async run(ctx) {
    if (!ctx.baseline) return {};
    const order = turn++ % 2 ? (['baseline', 'this build'] as const) : (['this build', 'baseline'] as const);
    const out: Record<string, number> = {};
    for (const which of order) {
      const f = await firstResults(ctx, which === 'baseline' ? ctx.baseline : ctx.portal, 'listing-list-only.html', 1);
      out['first results, ' + which] = f.first;
      out['JS bytes, ' + which] = f.jsBytes;
    }
    return out;
  },
};

export default [demo, listOnly, listOnlyVsBaseline];
