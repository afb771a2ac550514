// The layout shifts of a demo page as Lighthouse sees them (issue 31, item 5): one Lighthouse run
// (mobile, as lighthouse.ts) per page, and from its own trace every LayoutShift event — its time from
// navigation, score, whether Chromium flagged it hadRecentInput, and the rect of each moved node —
// with the first paints and the requests sent; then the in-page reader (layout-shifts.ts) on the
// same page, which names the nodes. A tool to trace a CLS figure, not a scenario:
//   heavy npx tsx test/bench/lighthouse-shifts.ts helpers-tables.html listing-geo-consent.html
//   PIAZZA_DIST=other/dist heavy npx tsx test/bench/lighthouse-shifts.ts …   (another build)
//   heavy npx tsx test/bench/lighthouse-shifts.ts bench:block bench:portal   (the side by side's piazza pages)
import { launch, startPortal } from '../browser/harness';
import { pageShifts } from './layout-shifts';
import { startOriginal } from './original';
import { benchPages } from './pages';
import { startPiazzaSite, type PiazzaSite } from './piazza-site';
const paths = process.argv.slice(2);
const portal = await startPortal();
const browser = await launch();
const { default: lighthouse } = await import('lighthouse');
const port = Number(new URL(browser.wsEndpoint()).port);
let bench: { site: PiazzaSite; close(): Promise<void> } | null = null;
/** The side by side's piazza page for the original's block (needs ../shared/real/original-listing). */
async function benchPage(profile: 'block' | 'portal'): Promise<string> {
  if (!bench) {
    const original = await startOriginal(portal);
    if (typeof original === 'string') throw new Error(original);
    const site = await startPiazzaSite(portal, benchPages(original.block));
    bench = { site, close: async () => void (await Promise.all([site.close(), original.close()])) };
  }
  return bench.site.page[profile];
}
try {
  for (const path of paths) {
    const url = path.startsWith('http')
      ? path
      : path.startsWith('bench:')
        ? await benchPage(path.slice(6) as 'block' | 'portal')
        : portal.url + path;
    const r = await lighthouse(url, { port, logLevel: 'error', output: 'json' }, {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance'], onlyAudits: ['cumulative-layout-shift'] },
    } as any);
    const trace = (r!.artifacts as any).Trace ?? (r!.artifacts as any).traces?.defaultPass;
    const evs = trace.traceEvents as any[];
    const nav = evs.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
    const vp = evs.find((e) => e.name === 'viewport');
    const t0 = nav?.ts ?? 0;
    console.log(
      `\n== ${path}: CLS ${r!.lhr.audits['cumulative-layout-shift'].numericValue}; viewport event at ${vp ? ((vp.ts - t0) / 1000).toFixed(0) : '?'} ms`,
    );
    for (const e of evs.filter((e) => e.name === 'LayoutShift')) {
      const d = e.args.data;
      console.log(
        `  ${((e.ts - t0) / 1000).toFixed(0)} ms score ${d.weighted_score_delta?.toFixed(4)} recentInput ${d.had_recent_input} main ${d.is_main_frame}`,
      );
      for (const n of d.impacted_nodes ?? []) console.log(`     node ${n.node_id} old ${n.old_rect} new ${n.new_rect}`);
    }
    const paint = evs
      .filter((e) => e.name === 'firstPaint' || e.name === 'firstContentfulPaint')
      .map((e) => e.name + '@' + ((e.ts - t0) / 1000).toFixed(0));
    console.log('  paints', paint.join(' '));
    for (const e of evs.filter((e) => e.name === 'ResourceSendRequest')) {
      console.log(
        `  ${((e.ts - t0) / 1000).toFixed(0)} ms send ${(e.args.data.url ?? '')
          .toString()
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 90)}`,
      );
    }
    const mine = await pageShifts(browser, url);
    console.log('  in-page (LH rule): cls', mine.cls.toFixed(4));
    for (const s of mine.shifts)
      console.log(`   ${s.at.toFixed(0)} ms ${s.value.toFixed(4)} recent=${s.hadRecentInput} ${s.sources.join(' | ')}`);
  }
} finally {
  await browser.close();
  await (bench as { close(): Promise<void> } | null)?.close();
  await portal.close();
}
