// Foundation figures: the gzip size of every file in dist/, and what the demo index page costs
// until `piazza:ready` (bytes over the wire and time), cold cache.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir } from '../../browser/harness';
import type { BenchContext, Scenario } from '../run';

/** Time and bytes until piazza:ready on `path`, in a fresh (cold-cache) browser context. */
export async function timeToReady({ browser, portal }: BenchContext, path: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('piazza:ready', () => ((window as any).__piazzaReadyAt = performance.now()));
  });
  await page.goto(portal.url + path.replace(/^\//, ''), { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (window as any).__piazzaReadyAt !== undefined, { timeout: 30_000 });
  const figures = await page.evaluate(() => {
    const ready = (window as any).__piazzaReadyAt as number;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const before = entries.filter((e) => e.responseEnd <= ready);
    const js = before.filter((e) => /\.m?js(\?|$)/.test(e.name));
    return {
      ready,
      bytes: before.reduce((n, e) => n + e.transferSize, 0),
      jsBytes: js.reduce((n, e) => n + e.transferSize, 0),
    };
  });
  await context.close();
  return figures;
}

const sizes: Scenario = {
  name: 'dist gzip sizes',
  runs: 1,
  units: new Proxy({}, { get: () => 'B' }) as Record<string, string>,
  async run() {
    const out: Record<string, number> = {};
    const dist = distDir();
    out['piazza.js'] = gzipSync(readFileSync(join(dist, 'piazza.js'))).length;
    for (const f of readdirSync(join(dist, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .sort()) {
      out['chunks/' + f.replace(/-[\w-]{8}\.js$/, '.js')] = gzipSync(readFileSync(join(dist, 'chunks', f))).length;
    }
    return out;
  },
};

const indexReady: Scenario = {
  name: 'demo index: to piazza:ready',
  runs: 7,
  units: { ready: 'ms', bytes: 'B', jsBytes: 'B' },
  run: (ctx) => timeToReady(ctx, '/'),
};

export default [sizes, indexReady];
