// Shared bits of the page-helper and gallery browser tests.
import type { Page } from 'puppeteer-core';
import { axe, chunksLoaded, describeViolations, type Probe } from './harness';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
export const WIDTHS = [['phone', PHONE], ['desktop', DESKTOP]] as const;

/** Chunk names (hash stripped) the page loaded. */
export const chunkNames = (probe: Probe) => chunksLoaded(probe).map((f) => f.replace(/-[\w-]{8}\.js$/, ''));

/** The helper and gallery chunks (not shared ones, whose names depend on the build) the page loaded, sorted. */
export const helperChunks = (probe: Probe) => chunkNames(probe).filter((n) => /^(helper-|gallery$|lightbox$)/.test(n)).sort();

/** axe-core WCAG 2.1 AA: returns a readable report, '' when clean. */
export async function axeReport(page: Page, context: string | null = null): Promise<string> {
  return describeViolations(await axe(page, context));
}

/** Visible text of an element, whitespace collapsed. */
export const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
