// The one axe assertion of the browser tests (harness.ts runs axe; this file needs vitest's expect,
// which the bench and global set-up, also users of harness.ts, cannot import).
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { axe, describeViolations } from './harness';


/** The states checked with expectAxe in this file, in order (a11y/kit.ts prints them as a matrix). */
export const axeChecked: string[] = [];

/** The one axe assertion: axe-core (WCAG 2.0/2.1 A and AA) finds nothing in `context` (default the page); the failure names the state, each rule and node. */
export async function expectAxe(page: Page, state = 'page', context: string | null = null): Promise<void> {
  const violations = await axe(page, context);
  axeChecked.push(state);
  expect(violations, state + ':\n' + describeViolations(violations)).toEqual([]);
}
