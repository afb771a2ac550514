// Which elements move while a page loads, read in the page itself: the layout-shift entries'
// `sources[].node` (Layout Instability API) of a load under Lighthouse's mobile screen (412×823,
// 1.75 px per CSS px, touch). Lighthouse's CLS says how much; its `layout-shifts` audit, meant to
// name the nodes, lists only the shifts of the trace engine's clusters, which drop every shift
// flagged `hadRecentInput`, so the nodes come from here (issue 31, item 5).
//
// Which shifts count is Lighthouse's rule (12.2, computed/metrics/cumulative-layout-shift.js), not
// the Layout Instability API's: Chromium flags the first shifts of a load `hadRecentInput` because
// the emulated screen size counts as an input (crbug 1094974, 1302667), and Lighthouse counts them
// anyway while they come within 500 ms of the start and before the first unflagged one. A reader
// that skips them (as web-vitals does) saw 0.000 on pages Lighthouse scores 0.066.
import type { Browser } from 'puppeteer-core';

export interface ShiftSource {
  /** Sum of the scores of the shifts this element took part in. */
  score: number;
  /** tag#id.class (in [data-piazza-block="…"#id]) and how its top moved, in CSS px. */
  node: string;
}

/** One layout-shift entry as the page saw it. */
export interface ShiftEntry {
  /** ms from navigation start */
  at: number;
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Lighthouse's default (mobile) screen: moto G power, as lighthouse-core's constants have it. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Lighthouse counts a flagged shift within this long of the start (RECENT_INPUT_WINDOW). */
const RECENT_INPUT_WINDOW = 500;

/** The shifts Lighthouse counts, in order: flagged ones only in the first 500 ms and before the first unflagged one. Pure. */
export function countedShifts(entries: readonly ShiftEntry[]): ShiftEntry[] {
  let respect = false;
  return entries.filter((e) => {
    if (!e.hadRecentInput) return (respect = true);
    return !respect && e.at <= RECENT_INPUT_WINDOW;
  });
}

/** CLS as Lighthouse computes it from counted shifts: the largest session window (gap ≤ 1 s, window ≤ 5 s). Pure. */
export function sessionCls(shifts: readonly ShiftEntry[]): number {
  let max = 0;
  let sum = 0;
  let first = -Infinity;
  let prev = -Infinity;
  for (const s of shifts) {
    if (s.at - first > 5000 || s.at - prev > 1000) {
      first = s.at;
      sum = 0;
    }
    prev = s.at;
    sum += s.value;
    max = Math.max(max, sum);
  }
  return max;
}

/**
 * In-page observer, as plain source (tsx would add helpers the page has not): every layout shift,
 * flagged or not, with each moved element described and how its top and height changed.
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
      window.__shifts.push({
        at: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput,
        sources: e.sources.map((s) => describe(s.node) + ' (top ' + Math.round(s.previousRect.top) + '→' + Math.round(s.currentRect.top) + ', height ' + Math.round(s.previousRect.height) + '→' + Math.round(s.currentRect.height) + ')'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** The shifts of one cold load of `url` (until no request for 500 ms, at most 15 s) that Lighthouse would count, the elements that moved, biggest first. */
export async function pageShifts(browser: Browser, url: string): Promise<{ cls: number; shifts: ShiftEntry[]; sources: ShiftSource[] }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(MOBILE);
    await page.evaluateOnNewDocument(OBSERVER);
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 15_000 }).catch(() => {});
    const all = await page.evaluate(() => (window as unknown as { __shifts: ShiftEntry[] }).__shifts);
    const shifts = countedShifts(all);
    const by = new Map<string, number>();
    for (const s of shifts) for (const src of s.sources) by.set(src, (by.get(src) ?? 0) + s.value);
    return {
      cls: sessionCls(shifts),
      shifts,
      sources: [...by].map(([node, score]) => ({ node, score })).sort((a, b) => b.score - a.score),
    };
  } finally {
    await context.close();
  }
}
