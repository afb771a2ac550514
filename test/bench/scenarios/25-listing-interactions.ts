// Clicks after the first load, on the demo page (block "eventi": list, map and agenda tabs, the
// emulator's data): from the visitor's input event (its timeStamp) to the action's request
// leaving (fetch start in Resource Timing) and to its outcome on screen — new results after Enter
// in the search box, the map's first drawn frame with places, the agenda's first event. A visitor
// reads the first results for a second before acting (idle time the page may use). With
// PIAZZA_BASELINE_DIST the same runs go to that build too, interleaved (issue 18, item 4).
import type { Emulator } from '../../browser/harness';
import type { BenchContext, Scenario } from '../run';

const BLOCK = '#eventi';

interface Action {
  request: number;
  response: number;
  done: number;
}

/**
 * In-page helpers, as plain source text (the bench runs under tsx, whose transform would add
 * helpers the page does not have): the timeStamp of the next matching input event, the time a
 * DOM condition first holds, and the fetch start of the first request after t0 matching a URL part.
 */
const HELPERS = `(() => {
  window.__input = (type, selector, key) => new Promise((resolve) => {
    function on(e) {
      if (key ? e.key !== key : !(e.target.closest && e.target.closest(selector))) return;
      document.removeEventListener(type, on, true);
      resolve(e.timeStamp);
    }
    document.addEventListener(type, on, true);
  });
  window.__when = (test) => new Promise((resolve) => {
    const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); resolve(performance.now()); } });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  window.__mark = (name) => new Promise((resolve) => {
    (function poll() { const m = performance.getEntriesByName(name)[0]; if (m) resolve(m.startTime); else setTimeout(poll, 5); })();
  });
  window.__requestOut = (t0, part) => new Promise((resolve) => {
    (function poll() {
      const e = performance.getEntriesByType('resource').find((r) => r.startTime >= t0 - 1 && r.name.includes(part));
      if (e && e.responseEnd > 0) resolve(e); else setTimeout(poll, 20);
    })();
  });
  /** Arms the watch for one action: its input event, its request, its outcome. */
  window.__arm = (input, part, outcome) => {
    const t0 = input;
    window.__action = Promise.all([t0, outcome]).then(([t, done]) => window.__requestOut(t, part)
      .then((e) => ({ request: e.startTime - t, response: e.responseEnd - t, done: done - t })));
  };
})()`;

async function interactions(ctx: BenchContext, portal: Emulator) {
  const context = await ctx.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.evaluateOnNewDocument(HELPERS);
  await page.goto(portal.url + 'listing.html', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(BLOCK + ' .piazza-listing-list[data-piazza-status=ready]', { timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 1000)); // the visitor reads the first results
  const out: Record<string, number> = {};

  // Enter in the search box → the list's request → new results shown.
  await page.click(BLOCK + ' .piazza-listing-filters button[aria-expanded]');
  await page.type(BLOCK + '-search-text', 'concerto');
  await page.evaluate(`(() => {
    const list = document.querySelector('${BLOCK} .piazza-listing-list');
    const version = Number(list.getAttribute('data-version'));
    __arm(__input('keydown', null, 'Enter'), 'view=card_teaser',
      __when(() => Number(list.getAttribute('data-version')) > version && list.getAttribute('data-piazza-status') === 'ready'));
  })()`);
  await page.keyboard.press('Enter');
  const search = (await page.evaluate('__action')) as Action;
  out['search: request out'] = search.request;
  out['search: response in'] = search.response;
  out['search: results shown'] = search.done;

  // The map tab → the geo request → the first frame drawn with places.
  await page.evaluate(
    `performance.clearMarks('piazza-geo-drawn'); __arm(__input('click', '#eventi-geo-tab'), '/extrageo/', __mark('piazza-geo-drawn'))`,
  );
  await page.click('#eventi-geo-tab');
  const map = (await page.evaluate('__action')) as Action;
  out['map tab: request out'] = map.request;
  out['map tab: response in'] = map.response;
  out['map tab: first places drawn'] = map.done;

  // The agenda tab → the calendar request → the first event in the grid.
  await page.evaluate(`__arm(__input('click', '#eventi-agenda-tab'), '/calendar/search/',
    __when(() => !!document.querySelector('${BLOCK} .piazza-agenda [class*="toastui-calendar"][class*="event"]')))`);
  await page.click('#eventi-agenda-tab');
  const agenda = (await page.evaluate('__action')) as Action;
  out['agenda tab: request out'] = agenda.request;
  out['agenda tab: response in'] = agenda.response;
  out['agenda tab: first event'] = agenda.done;
  await context.close();
  return out;
}

const METRICS = [
  'search: request out',
  'search: results shown',
  'map tab: request out',
  'map tab: first places drawn',
  'agenda tab: request out',
  'agenda tab: first event',
];

let turn = 0;
const clicks: Scenario = {
  name: 'listing interactions on the demo page (Enter, map tab, agenda tab)',
  runs: 11,
  ratios: METRICS.filter((k) => !k.includes('request out')).map(
    (k) => [k + ' (this / baseline)', k, k + ', baseline'] as [string, string, string],
  ),
  async run(ctx) {
    const builds: Array<[string, Emulator]> = [['', ctx.portal]];
    if (ctx.baseline) builds.push([', baseline', ctx.baseline]);
    if (turn++ % 2) builds.reverse();
    const out: Record<string, number> = {};
    for (const [suffix, portal] of builds) {
      for (const [k, v] of Object.entries(await interactions(ctx, portal))) out[k + suffix] = v;
    }
    return out;
  },
};

export default [clicks];
