// The demo server around the API: the schemas the demo configs point at, the Bootstrap Italia
// version switch, and the test controls the cross-browser harness relies on (served log, pages
// defined by a test, the page probe).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-ignore plain JS fixture module
import { startEmulator, withEntryFiles, withTheme } from '../../../fixtures/emulator/index.mjs';

const root = join(import.meta.dirname, '../../..');
let server: { url: string; origin: string; close(): Promise<void> };
let probed: { url: string; origin: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startEmulator({ quiet: true, today: '2025-06-10T08:00:00Z' });
  probed = await startEmulator({ quiet: true, today: '2025-06-10T08:00:00Z', probe: true });
});
afterAll(async () => {
  await server.close();
  await probed.close();
});

describe('the demo server', () => {
  it('serves every schema a demo config names in "$schema", resolved against its page', async () => {
    const pages = readdirSync(join(root, 'fixtures/pages')).filter((f) => f.endsWith('.html'));
    const refs = new Set<string>();
    for (const page of pages) {
      for (const m of readFileSync(join(root, 'fixtures/pages', page), 'utf8').matchAll(/"\$schema":\s*"([^"]+)"/g)) {
        refs.add(new URL(m[1], server.url + page).pathname);
      }
    }
    expect([...refs].sort()).toEqual([
      '/schemas/consent.schema.json',
      '/schemas/datatable.schema.json',
      '/schemas/listing.schema.json',
      '/schemas/probe.schema.json',
    ]);
    for (const path of refs) {
      const res = await fetch(server.origin + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const file = JSON.parse(readFileSync(join(root, path), 'utf8'));
      expect(await res.json()).toEqual(file);
    }
  });

  it('points a page at another Bootstrap Italia with ?bi=, drops the theme script with ?bi=none, refuses an unknown one', async () => {
    const html =
      '<link href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css"><script src="/vendor/bootstrap-italia/js/bootstrap-italia.bundle.min.js"></script>\n<p>x</p>';
    expect(withTheme(html, '2.11')).toBe(
      '<link href="/vendor/bootstrap-italia@2.11/css/bootstrap-italia.min.css"><script src="/vendor/bootstrap-italia@2.11/js/bootstrap-italia.bundle.min.js"></script>\n<p>x</p>',
    );
    expect(withTheme(html, 'none')).toBe('<link href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css"><p>x</p>');
    const page = await (await fetch(server.url + 'helpers-masonry.html?bi=2.2')).text();
    expect(page).toContain('/vendor/bootstrap-italia@2.2/js/bootstrap-italia.bundle.min.js');
    expect(page).not.toContain('/vendor/bootstrap-italia/');
    const bundle = await fetch(server.url + 'vendor/bootstrap-italia@2.2/js/bootstrap-italia.bundle.min.js');
    expect(bundle.status).toBe(200);
    const version = JSON.parse(readFileSync(join(root, 'node_modules/bootstrap-italia-2.2/package.json'), 'utf8')).version;
    expect(version).toBe('2.2.0');
    const bad = await fetch(server.url + 'helpers-masonry.html?bi=3.0');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('?bi=2.2');
  });

  it("fills a page's script that names a chunk of the build (data-piazza-entry) with its file, its imports preloaded before it, as piazza.ini does for the eZ templates", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'piazza-entry-files-'));
    try {
      mkdirSync(join(dist, 'chunks'));
      writeFileSync(
        join(dist, 'chunks/manifest.json'),
        JSON.stringify({ 'helper-x-hold': ['helper-x-hold-HHHH.js', 'helper-x-SSSS.js', 'runtime-RRRR.js'] }),
      );
      writeFileSync(join(dist, 'chunks/manifest-IIII.js'), ''); // a build has its manifest module (readBuild)
      const page = '<head><script type="module" blocking="render" data-piazza-entry="helper-x-hold"></script></head>';
      expect(withEntryFiles(page, dist)).toBe(
        '<head><link rel="modulepreload" href="/dist/chunks/helper-x-SSSS.js"><link rel="modulepreload" href="/dist/chunks/runtime-RRRR.js">' +
          '<script type="module" blocking="render" src="/dist/chunks/helper-x-hold-HHHH.js"></script></head>',
      );
      // under a CSP, the script's nonce on its preloads too
      expect(withEntryFiles('<script type="module" nonce="n0" data-piazza-entry="helper-x-hold"></script>', dist)).toBe(
        '<link rel="modulepreload" href="/dist/chunks/helper-x-SSSS.js" nonce="n0"><link rel="modulepreload" href="/dist/chunks/runtime-RRRR.js" nonce="n0">' +
          '<script type="module" nonce="n0" src="/dist/chunks/helper-x-hold-HHHH.js"></script>',
      );
      // an entry this build lacks stays as written (no src: the script loads nothing)
      const other = '<script type="module" data-piazza-entry="helper-none"></script>';
      expect(withEntryFiles(other, dist)).toBe(other);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    // the demo page with a stacked table, as served: the build's file of the entry
    const served = await (await fetch(server.url + 'helpers-tables.html')).text();
    const files = JSON.parse(readFileSync(join(root, 'dist/chunks/manifest.json'), 'utf8'))['helper-stacktable-hold'];
    expect(served).toContain(`<script type="module" blocking="render" src="/dist/chunks/${files[0]}"></script>`);
    expect(served).not.toContain('data-piazza-entry');
  });

  it('logs every response for the harness, serves pages a test defines, and puts the probe first in <head> when asked', async () => {
    const before = Number((await (await fetch(probed.origin + '/__emulator/served')).json()).at(-1)?.seq ?? 0);
    const html =
      '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src \'none\'"><title>t</title></head><body>ok</body></html>';
    const made = await fetch(probed.origin + '/__emulator/pages', {
      method: 'POST',
      body: JSON.stringify({ path: '/test/made.html', html }),
    });
    expect(made.status).toBe(201);
    const page = await (await fetch(probed.origin + '/test/made.html')).text();
    // the probe comes before the CSP meta, which would not allow it
    expect(page.indexOf('window.__piazzaProbe')).toBeGreaterThan(0);
    expect(page.indexOf('window.__piazzaProbe')).toBeLessThan(page.indexOf('Content-Security-Policy'));
    expect(page).toContain(String(Date.parse('2025-06-10T08:00:00Z')));
    expect((await fetch(probed.origin + '/nope.html')).status).toBe(404);
    const served = await (await fetch(`${probed.origin}/__emulator/served?since=${before}`)).json();
    expect(served.map((r: any) => [r.url, r.status])).toEqual([
      ['/test/made.html', 200],
      ['/nope.html', 404],
    ]);
    const plain = await (await fetch(server.url + 'listing.html')).text();
    expect(plain).not.toContain('__piazzaProbe');
    const wrong = await fetch(probed.origin + '/__emulator/pages', {
      method: 'POST',
      body: JSON.stringify({ path: 'no-slash', html: '' }),
    });
    expect(wrong.status).toBe(400);
  });
});
