// Where piazza's first results of the side by side go, phase by phase (issue 31, item 4): the
// bench's block page (pages.ts: the eZ-rendered page, piazza's side, with the templates'
// modulepreloads) loaded N times, each in a fresh context; per load, from the page's own timeline
// (ms from navigation): piazza.js in, the listing's early step done (its first requests sent,
// the `piazza-early` mark of runtime/timeline.ts), the list request's answer in (Resource Timing),
// the block mounted (`piazza-mounted`), the answer taken into the block (`piazza-results`) and the
// first results in the DOM (the side by side's own test). Medians last. No tracing, no profiler:
// the figures are the page's, unslowed. A tool, not a scenario:
//   heavy npx tsx test/bench/load-phases.ts 9       (PIAZZA_DIST=other/dist for another build)
import { firstResultsPage, startProfiling } from './profiling';
import { median } from './stats';

const runs = Number(process.argv[2] || 9);
const { piazza, browser, id, close } = await startProfiling();

/** The phases of one load, in order: name → ms from navigation. */
type Phases = Record<string, number>;
const ORDER = [
  'piazza.js',
  'early sent',
  'list request',
  'DOMContentLoaded',
  'first paint',
  'mounted',
  'answer in',
  'answer taken',
  'first results',
];

/** Median and range, in ms. */
const spread = (xs: number[]) => `${median(xs).toFixed(0).padStart(5)}   (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

try {
  const all: Phases[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await firstResultsPage(browser, id);
    await page.goto(piazza.page.block, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction('window.__first', { polling: 20, timeout: 30_000 });
    const phases = (await page.evaluate(`(() => {
      const at = (name) => performance.getEntriesByName(name).find((e) => !e.detail || e.detail.blockId === '${id}')?.startTime;
      const resource = (test) => performance.getEntriesByType('resource').find((e) => test(e.name));
      const nav = performance.getEntriesByType('navigation')[0];
      const list = resource((u) => u.includes('/content/search/') && u.includes('view='));
      return {
        'piazza.js': resource((u) => /\\/piazza\\.js(\\?|$)/.test(u))?.responseEnd,
        'early sent': at('piazza-early'),
        'list request': list?.startTime,
        DOMContentLoaded: nav.domContentLoadedEventStart,
        'first paint': performance.getEntriesByType('paint')[0]?.startTime,
        mounted: at('piazza-mounted'),
        'answer in': list?.responseEnd,
        'answer taken': at('piazza-results'),
        'first results': window.__first,
      };
    })()`)) as Phases;
    all.push(phases);
    console.log(`load ${i + 1}: ` + ORDER.map((k) => `${k} ${phases[k] === undefined ? '–' : phases[k].toFixed(0)}`).join(' · '));
    await context.close();
  }
  console.log(`\nmedians of ${runs} loads (ms from navigation):`);
  for (const k of ORDER) {
    const xs = all.map((p) => p[k]).filter((v): v is number => typeof v === 'number');
    if (xs.length) console.log(`  ${k.padEnd(18)} ${spread(xs)}`);
  }
  const gaps: Array<[string, string, string]> = [
    ['the early step, from piazza.js', 'piazza.js', 'early sent'],
    ['the answer, from the request', 'list request', 'answer in'],
    ['the answer in → taken by the block', 'answer in', 'answer taken'],
    ['taken → in the DOM', 'answer taken', 'first results'],
  ];
  console.log('\nmedians of each load’s own gaps (ms):');
  for (const [label, a, b] of gaps) {
    const xs = all.filter((p) => p[a] !== undefined && p[b] !== undefined).map((p) => p[b] - p[a]);
    if (xs.length) console.log(`  ${label.padEnd(36)} ${spread(xs)}`);
  }
} finally {
  await close();
}
process.exit(0);
