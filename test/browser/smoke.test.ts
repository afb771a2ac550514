// `npm run smoke` (scripts/smoke.mjs) as a portal team runs it, a separate process with its own
// Chromium: every demo page passes; a page with a tracker loaded as a plain script, a bad block
// config and a missing chunk fails and says each reason; a page given as a file is served from
// --root; bad arguments exit 2 with the usage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, projectRoot, startPortal, type Emulator } from './harness';
import { DELIBERATE_ERRORS } from './helpers-common';

interface Report {
  url: string;
  version: string | null;
  readyMs: number | null;
  problems: string[];
  blocks: Array<{
    id: string;
    type: string;
    state: string;
    shownMs: number | null;
    error?: string;
    config?: Array<{ path: string; message: string }>;
  }>;
  otherOrigins: string[];
  cookies: Array<{ name: string; byServer: boolean }>;
  failedRequests: string[];
  axe: unknown[];
}

const VERSION = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version;
let portal: Emulator;
let temp: string;
beforeAll(async () => {
  portal = await startPortal();
  temp = mkdtempSync(join(tmpdir(), 'piazza-smoke-test-'));
});
afterAll(async () => {
  await portal?.close();
  rmSync(temp, { recursive: true, force: true });
});

/** Runs the command; its exit code, its printout and, with a JSON file, its reports. */
function smoke(args: string[]): Promise<{ code: number; out: string; reports: Report[] }> {
  const json = join(temp, `out-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(projectRoot, 'scripts/smoke.mjs'), ...args, '--json', json],
      { cwd: projectRoot, timeout: 240_000 },
      (err, stdout, stderr) => {
        let reports: Report[] = [];
        try {
          reports = JSON.parse(readFileSync(json, 'utf8'));
        } catch {
          /* no report: usage error */
        }
        done({ code: err ? ((err as any).code ?? 1) : 0, out: stdout + stderr, reports });
      },
    );
  });
}

const DEMO_PAGES = readdirSync(join(projectRoot, 'fixtures/pages'))
  .filter((f) => f.endsWith('.html'))
  .sort();

describe('npm run smoke', () => {
  // One run over every demo page, one after the other, in the command's own Chromium.
  it("passes every demo page: piazza's version, every block mounted, nothing to report", { timeout: 240_000 }, async () => {
    const clean = DEMO_PAGES.filter((p) => !DELIBERATE_ERRORS[p]);
    expect(clean.length).toBeGreaterThan(15);
    const { code, out, reports } = await smoke(clean.map((p) => portal.url + p));
    expect(
      reports.map((r) => r.problems),
      out,
    ).toEqual(clean.map(() => []));
    expect(code).toBe(0);
    expect(out).toContain(`${clean.length} of ${clean.length} pages clean`);
    for (const r of reports) {
      expect(r.version, r.url).toBe(VERSION);
      expect(r.readyMs, r.url).toBeGreaterThan(0);
      for (const b of r.blocks) {
        expect(b.state, `${r.url} ${b.id}`).toBe('mounted');
        expect(b.shownMs, `${r.url} ${b.id}: its first content`).toBeGreaterThan(0);
      }
    }
    // The pages with blocks are seen as such (the portal page holds a listing, a table and more).
    const portale = reports.find((r) => r.url.endsWith('/portale.html'))!;
    expect(portale.blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('a listing whose first answer never comes: mounted, and reported as showing nothing', async () => {
    portal.faults.arm({ match: 'view=card_teaser', hold: true, times: 1 });
    try {
      const { code, out, reports } = await smoke([portal.url + 'listing-list-only.html']);
      expect(code).toBe(1);
      const [r] = reports;
      expect(r.blocks.map((b) => [b.id, b.state, b.shownMs])).toEqual([['eventi', 'mounted', null]]);
      expect(r.problems).toEqual(['block "eventi" (listing) mounted but showed nothing: neither its first content nor an error came']);
      expect(out).toContain('1 of 1 block mounted\n');
    } finally {
      portal.faults.release();
      portal.faults.clear();
    }
  });

  it('the shared-link page: the remote portal allowed, only its deliberate missing content is reported', async () => {
    const page = 'helpers-sharedlink.html';
    const remote = `http://localhost:${portal.port}`; // the demo's "other portal"
    const { code, reports } = await smoke([portal.url + page, '--allow', remote, '--width', '375']);
    expect(code).toBe(1);
    expect(reports[0].problems.length).toBeGreaterThan(0);
    for (const p of reports[0].problems) expect(p).toMatch(DELIBERATE_ERRORS[page]);
    expect(reports[0].otherOrigins).toEqual([]);
  });

  it('a broken page, served as a file beside a dist/ without one chunk: each reason, exit 1', async () => {
    const root = join(temp, 'portal');
    cpSync(distDir(), join(root, 'dist'), { recursive: true });
    const missing = readdirSync(join(root, 'dist/chunks')).filter((f) => /^datatable-[\w-]{8}\.js$/.test(f));
    expect(missing).toHaveLength(1);
    rmSync(join(root, 'dist/chunks', missing[0]));
    const tracker = `http://localhost:${portal.port}/test/trackers/tracker.js?cookie=_ga_smoke`;
    const html = readFileSync(join(projectRoot, 'fixtures/pages/test/smoke-broken.html'), 'utf8').replace(
      'http://localhost:8080',
      `http://localhost:${portal.port}`,
    );
    expect(html).toContain(tracker);
    writeFileSync(join(root, 'rotta.html'), html);

    const { code, out, reports } = await smoke([join(root, 'rotta.html'), '--root', root]);
    expect(code).toBe(1);
    const [r] = reports;
    expect(new URL(r.url).pathname).toBe('/rotta.html');
    expect(r.version).toBe(VERSION);
    // 1. the tracker: a request to another host, and its cookie, before any consent
    expect(r.otherOrigins).toEqual([tracker]);
    expect(r.cookies.map((c) => [c.name, c.byServer])).toEqual([['_ga_smoke', false]]);
    // 2. the bad config: the block and each JSON path
    const notizie = r.blocks.find((b) => b.id === 'notizie')!;
    expect(notizie.state).toBe('error');
    expect(notizie.config!.map((p) => p.path).sort()).toEqual(['/colore', '/limitPagination']);
    // 3. the missing chunk: a 404, and the block it leaves unmounted
    expect(r.failedRequests).toContain(`404 ${new URL(r.url).origin}/dist/chunks/${missing[0]}`);
    expect(r.blocks.find((b) => b.id === 'atti')!.state).toBe('error');
    expect(r.problems).toEqual(
      expect.arrayContaining([
        `request to another origin before any consent: ${tracker}`,
        'cookie "_ga_smoke" (127.0.0.1) set before any consent', // written by the script into the page's own cookies
        expect.stringMatching(/^block "atti" \(datatable\) did not mount: /),
        `failed request: 404 ${new URL(r.url).origin}/dist/chunks/${missing[0]}`,
      ]),
    );
    // What a person reads: the verdict, the block with its paths, the reasons.
    expect(out).toMatch(/✗ http:\/\/127\.0\.0\.1:\d+\/rotta\.html \(1280 px\)/);
    expect(out).toContain('block "notizie" (listing) did not mount, its config is invalid:');
    expect(out).toMatch(/\n\s+\/limitPagination deve essere un numero intero\n/);
    expect(out).toContain('0 of 1 page clean');
  });

  it('bad arguments: exit 2 with what was wrong and the usage', async () => {
    for (const [args, reason] of [
      [[], 'no page given'],
      [[portal.url + 'index.html', '--width', 'wide'], '--width must be a whole number'],
      [['no-such-page.html'], 'no such file: no-such-page.html'],
    ] as const) {
      const { code, out } = await smoke([...args]);
      expect(code, reason).toBe(2);
      expect(out).toContain('smoke: ' + reason);
      expect(out).toContain('Usage: npm run smoke');
    }
  });
});
