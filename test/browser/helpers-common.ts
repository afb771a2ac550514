// Shared bits of the page-helper and gallery browser tests.
import type { Page } from 'puppeteer-core';
import { chunksLoaded, type Probe } from './harness';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
export const WIDTHS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** Chunk names (hash stripped) the page loaded. */
export const chunkNames = (probe: Probe) => chunksLoaded(probe).map((f) => f.replace(/-[\w-]{8}\.js$/, ''));

/** The helper and gallery chunks (not shared ones, whose names depend on the build) the page loaded, sorted. */
export const helperChunks = (probe: Probe) =>
  chunkNames(probe)
    .filter((n) => /^(helper-|gallery$|lightbox$)/.test(n))
    .sort();

/** Visible text of an element, whitespace collapsed. */
export const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

/**
 * Run in the page (any engine): how many pairs of the grid's visible cards overlap by more than a
 * pixel each way. Self-contained, so its source can be sent to a page as is.
 */
export function overlapsIn(gridId: string): number {
  const r = Array.from(document.getElementById(gridId)!.children)
    .map((el) => el.getBoundingClientRect())
    .filter((b) => b.height > 0);
  let n = 0;
  for (let i = 0; i < r.length; i++)
    for (let j = i + 1; j < r.length; j++) {
      if (
        Math.min(r[i].right, r[j].right) - Math.max(r[i].left, r[j].left) > 1 &&
        Math.min(r[i].bottom, r[j].bottom) - Math.max(r[i].top, r[j].top) > 1
      )
        n++;
    }
  return n;
}

/** What a demo page shows on purpose: the shared-link page links a deleted object (404), whose placeholder stays. */
export const DELIBERATE_ERRORS: Record<string, RegExp> = { 'helpers-sharedlink.html': /404|\/999999\b/ };
