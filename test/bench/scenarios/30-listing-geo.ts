// Geo tab with 20 000 places (one geo response, answered by the test in place of the emulator):
// the time from that response to the first clustered frame, the longest main-thread task in that
// span, and the longest main-thread task during a pan/zoom sequence (Chromium trace, RunTask on
// the renderer's main thread). Goals: first frame ≤ 1.5 s, tasks ≤ 50 ms on 2 cores.
import type { HTTPRequest, KeyInput, Page } from 'puppeteer-core';
import type { BenchContext, Scenario } from '../run';

const POINTS = 20_000;

/** 20 000 features over Trentino, seeded; every 50th content has a second place (a repeated id). */
function featureCollection(): string {
  let seed = 20261121;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const features = [];
  for (let i = 0; features.length < POINTS; i++) {
    const id = 100000 + i;
    for (let k = 0; k < (i % 50 === 0 ? 2 : 1) && features.length < POINTS; k++) {
      features.push({
        id, type: 'Feature',
        geometry: { type: 'Point', coordinates: [10.4 + rnd() * 1.6, 45.7 + rnd() * 0.9] },
        properties: { id, name: 'Luogo ' + id, class_identifier: 'event', mainNodeId: id + 10000 },
      });
    }
  }
  return JSON.stringify({ type: 'FeatureCollection', features, query: 'classes [event]', nextPageQuery: null, totalCount: features.length, facets: [] });
}

let body: string | null = null;

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: any }

/** The longest RunTask (ms) on the renderer's main thread in a trace. */
function longestTask(events: TraceEvent[]): number {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid)
    .reduce((max, e) => Math.max(max, (e.dur || 0) / 1000), 0);
}

async function trace(page: Page, work: () => Promise<void>): Promise<TraceEvent[]> {
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await work();
  const buffer = await page.tracing.stop();
  return (JSON.parse(new TextDecoder().decode(buffer!)) as { traceEvents: TraceEvent[] }).traceEvents;
}

async function run({ browser, portal }: BenchContext) {
  body ??= featureCollection();
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.setRequestInterception(true);
  page.on('request', (req: HTTPRequest) => {
    if (req.url().includes('/opendata/api/extrageo/')) void req.respond({ status: 200, contentType: 'application/json; charset=utf-8', body: body! });
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
    const geo = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/extrageo/')).at(-1)!;
    const drawn = performance.getEntriesByName('piazza-geo-drawn')[0].startTime;
    return { response: geo.responseEnd, drawn };
  });
  const points = await page.$eval('#eventi .piazza-geo', (el) => Number(el.getAttribute('data-points')));
  if (points !== POINTS) throw new Error('expected ' + POINTS + ' places on the map, got ' + points);
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
  return {
    'response → first clustered frame': first.drawn - first.response,
    'longest task, tab shown → first frame': loadTask,
    'longest task, pan/zoom sequence': longestTask(moving),
  };
}

const scenario: Scenario = {
  name: 'listing geo: 20 000 places',
  runs: 5,
  units: { 'response → first clustered frame': 'ms', 'longest task, tab shown → first frame': 'ms', 'longest task, pan/zoom sequence': 'ms' },
  run,
};

export default [scenario];
