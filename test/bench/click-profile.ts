// Where piazza's clicks of the side by side spend their time (issue 31, item 3): the bench's block
// page (pages.ts, piazza's side only), a V8 CPU profile (100 µs samples) from the map or agenda
// tab's click (after the pointer rested on it) or the search's Enter to the frame that shows the
// outcome (the map's places, the agenda's first event, the new results); each
// sample's position mapped through dist's source maps to its source file, line and function. Prints
// the outcome and the API request's times from the input, the self time by function, and for the
// first run the order in which functions ran (profile clock, ms). A tool, not a scenario:
//   heavy npx tsx test/bench/click-profile.ts geo 3      (or: search 3, agenda 3)
import { frameName, startProfiling } from './profiling';
import { piazzaFirstResults } from './piazza-site';
import { answerMapTiles } from './tiles';

const what = process.argv[2] || 'geo';
const runs = Number(process.argv[3] || 3);
const { piazza, browser, id, close } = await startProfiling();
try {
  const total = new Map<string, number>();
  for (let i = 0; i < runs; i++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await answerMapTiles(page);
    const cdp = await page.createCDPSession();
    await page.evaluateOnNewDocument(`(() => {
      window.__marks = {};
      const mark = performance.mark.bind(performance);
      performance.mark = function (n, o) { const out = mark(n, o); if (!window.__marks[n]) { const at = performance.now(); window.__marks[n] = { at }; requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { window.__marks[n].painted = performance.now(); }; c.port2.postMessage(0); }); } return out; };
      window.__inputs = [];
      for (const t of ['click', 'keydown']) document.addEventListener(t, (e) => window.__inputs.push({ t, at: e.timeStamp, key: e.key }), true);
    })()`);
    await page.goto(piazza.page.block, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(`(${piazzaFirstResults(id)})()`, { polling: 20 });
    await page.waitForNetworkIdle({ idleTime: 500, concurrency: 0 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    let doneExpr: string;
    if (what === 'geo') {
      await page.hover(`#${id}-geo-tab`);
      await new Promise((r) => setTimeout(r, 200));
      await page.waitForNetworkIdle({ idleTime: 300, concurrency: 0 });
      await cdp.send('Profiler.start');
      await page.click(`#${id}-geo-tab`);
      doneExpr = `window.__marks['piazza-geo-drawn'] && window.__marks['piazza-geo-drawn'].painted`;
    } else if (what === 'agenda') {
      await page.hover(`#${id}-agenda-tab`);
      await new Promise((r) => setTimeout(r, 200));
      await page.waitForNetworkIdle({ idleTime: 300, concurrency: 0 });
      await page.evaluate(
        `(() => { window.__sd = null; const mo = new MutationObserver(() => { if (window.__sd === null && document.querySelector('#${id}-agenda .toastui-calendar-weekday-event-block')) { mo.disconnect(); window.__sd = { at: performance.now() }; requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { window.__sd.painted = performance.now(); }; c.port2.postMessage(0); }); } }); mo.observe(document, { subtree: true, childList: true, attributes: true }); })()`,
      );
      await cdp.send('Profiler.start');
      await page.click(`#${id}-agenda-tab`);
      doneExpr = `window.__sd && window.__sd.painted`;
    } else {
      await page.click(`#remote-gui-${id} .piazza-listing-search > button[aria-expanded=false]`);
      await page.type(`#${id}-search-text`, 'concerto');
      await page.evaluate(
        `(() => { const l = document.querySelector('#remote-gui-${id} .piazza-listing-list'); const v = Number(l.getAttribute('data-version')); window.__sd = null; new MutationObserver(() => { if (window.__sd === null && Number(l.getAttribute('data-version')) > v && l.getAttribute('data-piazza-status') === 'ready') { window.__sd = { at: performance.now() }; requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { window.__sd.painted = performance.now(); }; c.port2.postMessage(0); }); } }).observe(document, { subtree: true, childList: true, attributes: true }); })()`,
      );
      await cdp.send('Profiler.start');
      await page.keyboard.press('Enter');
      doneExpr = `window.__sd && window.__sd.painted`;
    }
    await page.waitForFunction(doneExpr, { polling: 20, timeout: 20000 });
    const { profile } = (await cdp.send('Profiler.stop')) as any;
    const info =
      (await page.evaluate(`({ inputs: window.__inputs, mark: window.__marks['piazza-geo-drawn'], sd: window.__sd, now: performance.now(), origin: performance.timeOrigin,
      api: performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/') || e.name.includes('/opendata/') || e.name.includes('/openpa/')).slice(-4).map((e) => ({ u: e.name.slice(-120), s: e.startTime, ttfb: e.responseStart, end: e.responseEnd })) })`)) as any;
    const input = info.inputs.filter((x: any) => (what === 'search' ? x.key === 'Enter' : x.t === 'click')).pop();
    const end = what === 'geo' ? info.mark : info.sd;
    console.log(
      `run ${i}: outcome ${(end.at - input.at).toFixed(1)} painted ${(end.painted - input.at).toFixed(1)}; api ${JSON.stringify(info.api.filter((a: any) => a.s >= input.at - 1).map((a: any) => ({ u: a.u.slice(-90), out: +(a.s - input.at).toFixed(1), ttfb: +(a.ttfb - input.at).toFixed(1), in: +(a.end - input.at).toFixed(1) })))}`,
    );
    // samples → self time by original source position (function name + file)
    const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
    const self = new Map<string, number>();
    const dt = profile.timeDeltas as number[];
    let t = profile.startTime;
    const timeline: string[] = [];
    let lastKey = '';
    profile.samples.forEach((sid: number, k: number) => {
      t += dt[k];
      const n = nodes.get(sid);
      const cf = n.callFrame;
      const key = frameName(cf);
      const ms = (dt[k + 1] ?? 100) / 1000;
      self.set(key, (self.get(key) ?? 0) + ms);
      total.set(key, (total.get(key) ?? 0) + ms);
      if (key !== lastKey && key !== '(idle)') {
        timeline.push(`${(t / 1000).toFixed(1)} ${key}`);
        lastKey = key;
      }
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
    for (const [k, v] of top) console.log(`   ${v.toFixed(1).padStart(6)} ms  ${k}`);
    if (i === 0) console.log('  timeline (first 150 switches):\n   ' + timeline.slice(0, 150).join('\n   '));
    await context.close();
  }
  console.log('\nTOTAL over runs:');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`   ${v.toFixed(1).padStart(6)} ms  ${k}`);
} finally {
  await close();
}
