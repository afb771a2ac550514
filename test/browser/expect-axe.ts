// The one axe assertion of the browser tests (harness.ts runs axe; this file needs vitest's expect,
// which the bench and global set-up, also users of harness.ts, cannot import).
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import type { Tab } from './engines/types';
import { axe, axeRun, axeScript, describeViolations, type AxeViolation } from './harness';

/** The states checked with expectAxe in this file, in order (a11y/kit.ts prints them as a matrix). */
export const axeChecked: string[] = [];

/** axe in an engine's tab (Chromium, Firefox or WebKit: engines/), the same run as harness.ts's. */
async function axeInTab(tab: Tab, context: string | null): Promise<AxeViolation[]> {
  if (!(await tab.evaluate(() => !!(window as any).axe))) {
    await tab.evaluate((source: string) => {
      const s = document.createElement('script');
      s.textContent = source;
      document.head.appendChild(s);
      return true;
    }, axeScript());
  }
  return tab.evaluate(axeRun, context);
}

/** The one axe assertion: axe-core (WCAG 2.0/2.1 A and AA) finds nothing in `context` (default the page); the failure names the state, each rule and node. */
export async function expectAxe(page: Page | Tab, state = 'page', context: string | null = null): Promise<void> {
  const violations = 'engine' in page ? await axeInTab(page, context) : await axe(page, context);
  axeChecked.push(state);
  expect(violations, state + ':\n' + describeViolations(violations)).toEqual([]);
}
