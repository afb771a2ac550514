// Lighthouse as Italy's validator for municipality sites runs it (italia/pa-website-validator-ng,
// src/audits/lighthouse: `extends: "lighthouse:default"`, the performance category, its mobile
// profile and simulated throttling), here on the bench's Chromium through its debugging port.
// Differences from the validator: Debian's Chromium (not its pinned chrome-headless-shell), the
// report's language (the validator asks for "it"; the figures are the same), no network outside
// the loopback (the host resolver maps every other name to nowhere).
import type { Browser } from 'puppeteer-core';

export interface LighthouseFigures {
  /** 0–100 */
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  /** Bytes of JavaScript the page loaded and did not run (unused-javascript's savings). */
  unusedJs: number;
  totalBytes: number;
}

/** One Lighthouse run of `url` (performance only; `audits` narrows it further), in a new tab of `browser`. */
export async function lighthouseRun(browser: Browser, url: string, audits?: string[]): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const port = Number(new URL(browser.wsEndpoint()).port);
  const config = {
    extends: 'lighthouse:default',
    settings: { onlyCategories: ['performance'], ...(audits ? { onlyAudits: audits } : {}) },
  };
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', locale: 'it' }, config as any);
  if (!result) throw new Error('Lighthouse gave no result for ' + url);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error('Lighthouse: ' + lhr.runtimeError.code + ' ' + lhr.runtimeError.message);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    si: num('speed-index'),
    unusedJs: Number((lhr.audits['unused-javascript']?.details as any)?.overallSavingsBytes ?? 0),
    totalBytes: num('total-byte-weight'),
  };
}
