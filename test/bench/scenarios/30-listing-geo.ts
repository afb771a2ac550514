// Geo tab with 20 000 places, answered by the benchmark in place of the emulator, either in one
// response or as the API sends them (pages of 500 linked by nextPageQuery): the time from the
// (last) geo response to the first clustered frame, and the longest main-thread task until then
// and during a pan/zoom sequence. Tasks come from a Chromium trace (RunTask on the renderer's main
// thread), as wall time and as the thread's CPU time: on a busy machine a task's wall time also
// counts the time the thread waited for a core. Goals: first frame ≤ 1.5 s, tasks ≤ 50 ms on 2 cores.
import type { HTTPRequest, KeyInput, Page } from 'puppeteer-core';
import type { BenchContext, Scenario } from '../run';

const POINTS = 20_000;

/** 20 000 features over Trentino, seeded; every 50th content has a second place (a repeated id). */
function makeFeatures() {
  let seed = 20261121;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const features = [];
  for (let i = 0; features.length < POINTS; i++) {
    const id = 100000 + i;
    for (let k = 0; k < (i % 50 === 0 ? 2 : 1) && features.length < POINTS; k++) {
      features.push({
        id,
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [10.4 + rnd() * 1.6, 45.7 + rnd() * 0.9] },
        properties: { id, name: 'Luogo ' + id, class_identifier: 'event', mainNodeId: id + 10000 },
      });
    }
  }
  return features;
}

let features: ReturnType<typeof makeFeatures> | null = null;

/** The body for a geo request: everything at once, or the page of 500 its query's offset names. */
function answer(url: string, paged: boolean): string {
  features ??= makeFeatures();
  if (!paged)
    return JSON.stringify({
      type: 'FeatureCollection',
      features,
      query: 'classes [event]',
      nextPageQuery: null,
      totalCount: features.length,
      facets: [],
    });
  // The eZ module decodes `q` twice; nextPageQuery is the bare query, as the module sends it.
  const q = decodeURIComponent(new URL(url).searchParams.get('q') || '');
  const offset = Number(/offset (\d+)/.exec(q)?.[1] || 0);
  const next = offset + 500 < features.length ? 'classes [event] sort [time_interval=>asc] limit 500 offset ' + (offset + 500) : null;
  return JSON.stringify({
    type: 'FeatureCollection',
    features: features.slice(offset, offset + 500),
    query: q,
    nextPageQuery: next,
    totalCount: features.length,
    facets: [],
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
}

/** The longest RunTask on the renderer's main thread of a trace: [wall ms, CPU ms]. */
function longestTask(events: TraceEvent[]): [number, number] {
  // The page's renderer is the main thread that ran the most tasks (there are a few renderers).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid);
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] || [];
  return [
    tasks.reduce((max, e) => Math.max(max, (e.dur || 0) / 1000), 0),
    tasks.reduce((max, e) => Math.max(max, ((e as { tdur?: number }).tdur || 0) / 1000), 0),
  ];
}

async function trace(page: Page, work: () => Promise<void>): Promise<TraceEvent[]> {
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await work();
  const buffer = await page.tracing.stop();
  return (JSON.parse(new TextDecoder().decode(buffer!)) as { traceEvents: TraceEvent[] }).traceEvents;
}

async function run({ browser, portal }: BenchContext, paged: boolean) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.setRequestInterception(true);
  page.on('request', (req: HTTPRequest) => {
    if (req.url().includes('/opendata/api/extrageo/'))
      void req.respond({ status: 200, contentType: 'application/json; charset=utf-8', body: answer(req.url(), paged) });
    else void req.continue();
  });
  await page.goto(portal.url + 'listing-geo-lazy.html', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#eventi .piazza-listing-list[data-piazza-status="ready"]', { timeout: 30_000 });

  // Tab shown → chunk → geo request (answered with 20 000 places) → first clustered frame.
  const loading = await trace(page, async () => {
    await page.click('#eventi-geo-tab');
    await page.waitForFunction(() => performance.getEntriesByName('piazza-geo-drawn').length > 0, { timeout: 60_000 });
  });
  const first = await page.evaluate(() => {
    const geo = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/extrageo/'));
    const drawn = performance.getEntriesByName('piazza-geo-drawn')[0].startTime;
    return { first: geo[0].responseEnd, response: geo.at(-1)!.responseEnd, drawn, pages: geo.length };
  });
  const points = await page.$eval('#eventi .piazza-geo', (el) => Number(el.getAttribute('data-points')));
  if (points !== POINTS) throw new Error('expected ' + POINTS + ' places on the map, got ' + points);
  if (first.pages !== (paged ? POINTS / 500 : 1)) throw new Error('unexpected number of geo requests: ' + first.pages);
  const loadTask = longestTask(loading);

  // A pan/zoom sequence: keyboard pans, zooms in and out with keys and buttons, a mouse drag.
  const box = await page.$eval('#eventi .piazza-geo-map', (el) => {
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  const settle = () => new Promise((r) => setTimeout(r, 350));
  const moving = await trace(page, async () => {
    await page.focus('#eventi .piazza-geo-map');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'] as KeyInput[]) {
      await page.keyboard.press(key);
      await settle();
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('+');
      await settle();
    }
    await page.mouse.move(box.x, box.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x - i * 20, box.y - i * 10);
    await page.mouse.up();
    await settle();
    for (let i = 0; i < 2; i++) {
      await page.click('#eventi [data-control="minus"]');
      await settle();
    }
    for (let i = 0; i < 4; i++) {
      await page.click('#eventi [data-control="plus"]');
      await settle();
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('-');
      await settle();
    }
  });
  await context.close();
  const [moveWall, moveCpu] = longestTask(moving);
  return {
    ...(paged ? { 'first response → first clustered frame': first.drawn - first.first } : {}),
    'response → first clustered frame': first.drawn - first.response,
    'longest task, tab shown → first frame (wall)': loadTask[0],
    'longest task, tab shown → first frame (CPU)': loadTask[1],
    'longest task, pan/zoom sequence (wall)': moveWall,
    'longest task, pan/zoom sequence (CPU)': moveCpu,
  };
}

const single: Scenario = {
  name: 'listing geo: 20 000 places in one response',
  runs: 5,
  run: (ctx) => run(ctx, false),
};

const paged: Scenario = {
  name: 'listing geo: 20 000 places in 40 pages of 500',
  runs: 5,
  run: (ctx) => run(ctx, true),
};

export default [single, paged];
