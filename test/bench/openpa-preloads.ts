// First results of a listing on a page the REAL eZ engine rendered (piazza's head.tpl and block
// override, ../shared/real/ez-render), with the modulepreloads of piazza.ini [Preload]
// (scripts/preloads.mjs) and without them, in interleaved pairs in one Chromium, over a throttled
// network (CDP: RTT and bandwidth of a phone on 4G) with the theme's own stylesheet in the head, so
// that the code waits behind the CSS as on a portal. A measurement, not a test.
//   heavy npx tsx test/bench/openpa-preloads.ts [pairs=15]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { real, renderEz, root } from '../unit/openpa/ez';
import { launch, startPortal } from '../browser/harness';
import { STATIC, withInstalledExtension } from './pages';

const PAIRS = Number(process.argv[2]) || 15;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

function pages(): { with: string; without: string } {
  return withInstalledExtension(join(root, 'dist'), (ext) => {
    const head = renderEz('design:piazza/head.tpl', { piazza: ext }).html;
    const block = renderEz(null, {
      piazza: ext,
      block: {
        id: 'eventi',
        name: 'Eventi',
        type: 'OpendataRemoteContents',
        view: 'default',
        custom_attributes: {
          query: 'classes [event] sort [time_interval=>asc]',
          limit: '6',
          items_per_row: '3',
          facets: 'Argomento:topics,Quando:time_interval',
          show_search: '1',
        },
      },
    }).html;
    const page = (
      '<!doctype html><html lang="it"><head><meta charset="utf-8">' +
      head +
      '<title>Eventi</title>' +
      '<link rel="stylesheet" href="/theme/default.css"></head><body><main class="container"><h1>Eventi</h1>' +
      block +
      '</main></body></html>'
    ).replaceAll(STATIC, '/dist/');
    return { with: page, without: page.replace(/<link rel="modulepreload"[^>]*>\s*/g, '') };
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const html = pages();
  const preloads = (html.with.match(/rel="modulepreload"/g) || []).length;
  const portal = await startPortal();
  const post = (path: string, body: string, headers?: Record<string, string>) =>
    fetch(portal.origin + '/__emulator/pages', { method: 'POST', body: JSON.stringify({ path, html: body, headers }) });
  await post('/theme/default.css', readFileSync(join(real, 'theme-js/bootstrapitalia2/stylesheets/default.css'), 'utf8'), {
    'Content-Type': 'text/css; charset=utf-8',
  });
  await post('/bench/with.html', html.with);
  await post('/bench/without.html', html.without);
  const browser = await launch();
  const samples: Record<'with' | 'without', number[]> = { with: [], without: [] };
  try {
    for (let i = 0; i < PAIRS; i++) {
      // interleaved, and each pair in the other order half of the time
      for (const kind of (i % 2 ? ['without', 'with'] : ['with', 'without']) as Array<'with' | 'without'>) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        const cdp = await page.createCDPSession();
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
        await page.evaluateOnNewDocument(() => {
          new MutationObserver((_, observer) => {
            if (document.querySelector('.piazza-listing-list[data-piazza-status="ready"] [role=listitem]')) {
              (window as any).__firstResults = performance.now();
              observer.disconnect();
            }
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-piazza-status'] });
        });
        await page.goto(portal.url + 'bench/' + kind + '.html', { waitUntil: 'domcontentloaded' });
        await page.waitForFunction(() => (window as any).__firstResults !== undefined, { timeout: 60_000 });
        samples[kind].push(await page.evaluate(() => (window as any).__firstResults as number));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.close();
  }
  const diffs = samples.with.map((w, i) => samples.without[i] - w);
  console.log(
    `first results of a listing, page rendered by the real eZ engine, ${PAIRS} interleaved pairs, Chromium ${NETWORK.latency} ms RTT / 1.6 Mbit/s, theme CSS in <head>`,
  );
  console.log(
    `  with ${preloads} modulepreloads: median ${median(samples.with).toFixed(0)} ms (min ${Math.min(...samples.with).toFixed(0)}, max ${Math.max(...samples.with).toFixed(0)})`,
  );
  console.log(
    `  without:              median ${median(samples.without).toFixed(0)} ms (min ${Math.min(...samples.without).toFixed(0)}, max ${Math.max(...samples.without).toFixed(0)})`,
  );
  console.log(
    `  without − with, per pair: median ${median(diffs).toFixed(0)} ms (min ${Math.min(...diffs).toFixed(0)}, max ${Math.max(...diffs).toFixed(0)})`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
