// Where piazza's first results of the side by side spend their time (issue 31, item 4): the bench's
// page (pages.ts, piazza's side only, `block` or `portal` profile), a Chromium trace of the load
// from navigation to the first results shown; prints the renderer's main-thread tasks (start, length,
// what ran: script evaluation, module compile/evaluation, HTML parse, style sheet parse, with their
// URL) and the network requests (sent, response, finished), all in ms from navigation start, and
// the self time by function (trace's CPU profile samples, through dist's source maps). A tool:
//   heavy npx tsx test/bench/load-trace.ts block 2      (or: portal 2)
import { firstResultsPage, frameName, shortUrl as short, startProfiling } from './profiling';

const profile = (process.argv[2] || 'block') as 'block' | 'portal';
const runs = Number(process.argv[3] || 1);
/** `nocpu` as the third argument: no CPU profile (it slows script compile and run ~2×: the task lengths read truer without it). */
const cpu = process.argv[4] !== 'nocpu';
const { piazza, browser, id, close } = await startProfiling();
const CATS = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  ...(cpu ? ['disabled-by-default-v8.cpu_profiler'] : []),
];
const total = new Map<string, number>();
try {
  for (let i = 0; i < runs; i++) {
    const { context, page } = await firstResultsPage(browser, id);
    await page.tracing.start({ categories: CATS });
    await page.goto(piazza.page[profile], { waitUntil: 'domcontentloaded' });
    await page.waitForFunction('window.__first', { polling: 20, timeout: 30000 });
    await new Promise((r) => setTimeout(r, 300));
    const first = (await page.evaluate('window.__first')) as number;
    const buf = await page.tracing.stop();
    const events = JSON.parse(Buffer.from(buf!).toString('utf8')).traceEvents as any[];
    // the renderer's main thread: the one with the navigation's ParseHTML
    const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url || '').includes('/bench/'));
    const nav =
      events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid && e.args?.data?.documentLoaderURL?.includes('/bench/')) ||
      events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid);
    const t0 = nav.ts;
    const ms = (ts: number) => ((ts - t0) / 1000).toFixed(1);
    const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
    console.log(`\nrun ${i} (${profile}): first results at ${first.toFixed(1)} ms (performance.now)`);
    const endTs = t0 + first * 1000 + 50_000;
    // the page's own Resource Timing (the trace's response times are when the renderer took them)
    const timing = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.responseStart, e.responseEnd]).concat([['(DOMContentLoaded)', performance.getEntriesByType('navigation')[0].domContentLoadedEventStart, 0, 0]])`,
    )) as Array<[string, number, number, number]>;
    console.log('  network, Resource Timing (start → first byte → end, ms from navigation):');
    for (const [u, s, r, e] of timing.sort((a, b) => a[1] - b[1]))
      if (s < first) console.log(`   ${s.toFixed(1).padStart(7)} → ${r.toFixed(1)} → ${e.toFixed(1)}  ${short(u)}`);
    // main-thread tasks with their script work
    console.log('  main thread tasks ≥ 1 ms (start, duration, what):');
    const tasks = main.filter(
      (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= t0 && e.ts < endTs,
    );
    for (const t of tasks) {
      const dur = t.dur / 1000;
      if (dur < 1) continue;
      const inside = main.filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur >= 300);
      const what = inside
        .filter((e) =>
          [
            'EvaluateScript',
            'v8.compileModule',
            'v8.evaluateModule',
            'ParseHTML',
            'ParseAuthorStyleSheet',
            'FunctionCall',
            'v8.compile',
            'TimerFire',
            'FireAnimationFrame',
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'RunMicrotasks',
            'v8.produceModuleCache',
            'v8.deserializeModule',
            'EventDispatch',
            'MajorGC',
            'MinorGC',
            'V8.GC_SCAVENGER',
            'HandlePostMessage',
          ].includes(e.name),
        )
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url || e.args?.beginData?.url || e.args?.fileName ? ' ' + short(e.args?.data?.url || e.args?.beginData?.url || e.args?.fileName) : ''} ${(e.dur / 1000).toFixed(1)}`,
        )
        .slice(0, 8);
      console.log(`   ${ms(t.ts).padStart(7)} ${dur.toFixed(1).padStart(6)}  ${what.join(' | ')}`);
    }
    // CPU profile samples up to first results
    const chunks = events.filter((e) => (e.name === 'ProfileChunk' || e.name === 'Profile') && e.pid === parse.pid);
    const nodes = new Map<number, any>();
    let t = 0;
    const self = new Map<string, number>();
    for (const c of chunks) {
      if (c.name === 'Profile') {
        t = c.args.data.startTime;
        continue;
      }
      const p = c.args.data.cpuProfile || {};
      for (const n of p.nodes || []) nodes.set(n.id, n);
      const deltas = c.args.data.timeDeltas || [];
      (p.samples || []).forEach((sid: number, k: number) => {
        t += deltas[k];
        if (t > endTs - 50_000) return;
        const n = nodes.get(sid);
        if (!n) return;
        const cf = n.callFrame;
        const key = frameName(cf);
        if (key === '(idle)' || key === '(program)') return;
        const d = (deltas[k + 1] ?? 100) / 1000;
        self.set(key, (self.get(key) ?? 0) + d);
        total.set(key, (total.get(key) ?? 0) + d);
      });
    }
    console.log('  self time by function until first results:');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`   ${v.toFixed(1).padStart(6)} ms  ${k}`);
    await context.close();
  }
} finally {
  await close();
}
