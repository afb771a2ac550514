// Which elements move while a page loads, read in the page itself: the layout-shift entries'
// `sources[].node` (Layout Instability API) of a load under Lighthouse's mobile screen (412×823,
// 1.75 px per CSS px, touch). Lighthouse's CLS says how much; its `layout-shifts` audit, meant to
// name the nodes, gives no items for these loads, so the nodes come from here (issue 31, item 5).
import type { Browser } from 'puppeteer-core';

export interface ShiftSource {
  /** Sum of the scores of the shifts this element took part in. */
  score: number;
  /** tag#id.class (in [data-piazza-block="…"#id]) and how its top moved, in CSS px. */
  node: string;
}

/** Lighthouse's default (mobile) screen: moto G power, as lighthouse-core's constants have it. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * In-page observer, as plain source (tsx would add helpers the page has not): every layout shift
 * without recent input, with each moved element described and how its top and height changed.
 */
const OBSERVER = `(() => {
  const describe = (n) => {
    if (!n) return '(a node since removed)';
    const el = n instanceof Element ? n : n.parentElement;
    if (!el) return n.nodeName;
    const self = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + Array.from(el.classList).slice(0, 2).map((c) => '.' + c).join('');
    const block = el.closest('[data-piazza-block]');
    return block && block !== el ? self + ' in ' + block.tagName.toLowerCase() + (block.id ? '#' + block.id : '') : self;
  };
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({
        value: e.value,
        sources: e.sources.map((s) => describe(s.node) + ' (top ' + Math.round(s.previousRect.top) + '→' + Math.round(s.currentRect.top) + ', height ' + Math.round(s.previousRect.height) + '→' + Math.round(s.currentRect.height) + ')'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** The shifts of one cold load of `url` (until no request for 500 ms, at most 15 s), the elements that moved, biggest first. */
export async function pageShifts(browser: Browser, url: string): Promise<{ cls: number; sources: ShiftSource[] }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(MOBILE);
    await page.evaluateOnNewDocument(OBSERVER);
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 15_000 }).catch(() => {});
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts);
    const by = new Map<string, number>();
    for (const s of shifts) for (const src of s.sources) by.set(src, (by.get(src) ?? 0) + s.value);
    return {
      cls: shifts.reduce((n, s) => n + s.value, 0),
      sources: [...by].map(([node, score]) => ({ node, score })).sort((a, b) => b.score - a.score),
    };
  } finally {
    await context.close();
  }
}
