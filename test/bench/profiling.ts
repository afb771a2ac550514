// What the bench's profiling tools (click-profile.ts, load-trace.ts) share: piazza's side of the
// side by side (the emulator, the original's block settings, piazza's bench pages, a browser), and
// a CPU profile's call frame named by its source (dist's source maps: file, line, function).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Browser } from 'puppeteer-core';
import { distDir, launch, startPortal } from '../browser/harness';
import { startOriginal } from './original';
import { benchPages } from './pages';
import { piazzaFirstResults, startPiazzaSite } from './piazza-site';

/** The emulator, the original's page (for its block settings), piazza's bench pages and a browser; `close()` stops them all. */
export async function startProfiling() {
  const portal = await startPortal();
  const original = await startOriginal(portal);
  if (typeof original === 'string') throw new Error(original);
  const piazza = await startPiazzaSite(portal, benchPages(original.block));
  const browser = await launch();
  return {
    portal,
    piazza,
    browser,
    /** The block's id on both pages. */
    id: original.block.blockId,
    async close() {
      await browser.close();
      await piazza.close();
      await original.close();
      await portal.close();
    },
  };
}

/**
 * A fresh context's page (1280×900) that notes when block `id`'s first results show: `window.__first`
 * (performance.now()) and a `bench-first-results` mark. Load it, then wait for `window.__first`.
 */
export async function firstResultsPage(browser: Browser, id: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.evaluateOnNewDocument(`(() => {
    const shown = ${piazzaFirstResults(id)};
    const mo = new MutationObserver(() => { if (shown()) { performance.mark('bench-first-results'); window.__first = performance.now(); mo.disconnect(); } });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  })()`);
  return { context, page };
}

const maps = new Map<string, TraceMap | null>();
function mapOf(url: string) {
  if (!maps.has(url)) {
    try {
      const p = new URL(url).pathname.replace(/^\/dist\//, '');
      maps.set(url, new TraceMap(readFileSync(join(distDir(), p + '.map'), 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url);
}

/** A script's URL, short: its file name. */
export const shortUrl = (u: string) =>
  (u || '')
    .replace(/^.*\/(dist|orig)\//, '')
    .replace(/^.*\//, '')
    .slice(0, 60);

/** A profile's call frame as `source:line function` (through dist's source maps), else `file function`. */
export function frameName(cf: { functionName: string; url: string; lineNumber: number; columnNumber: number }): string {
  if (!cf.url) return cf.functionName || '(anon)';
  const m = mapOf(cf.url);
  const pos = m ? originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber }) : null;
  return pos?.source
    ? pos.source.replace(/^.*?(node_modules\/|\.\.\/)+/, '') + ':' + pos.line + ' ' + (pos.name || cf.functionName)
    : shortUrl(cf.url) + ' ' + cf.functionName;
}
