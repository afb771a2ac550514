#!/usr/bin/env node
// `npm run smoke -- <url or html file>… [--json out.json] [--width 375]`: checks pages of a portal
// that loads piazza.js in headless Chromium, as a visitor who has not answered the cookie banner
// (scripts/smoke/check.mjs says what is checked). Exit status 0 when every page is clean, 1 when
// something is wrong (each reason printed), 2 when the command itself cannot run.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { checkPage } from './smoke/check.mjs';
import { serveFolder } from './smoke/serve.mjs';

const USAGE = `Usage: npm run smoke -- <url or html file>… [options]
  --json <file>      also write the reports as JSON (an array, one report per page)
  --width <px>       viewport width (default 1280; below 768 the page is a touch phone)
  --timeout <ms>     how long a page may take to load and be ready (default 20000)
  --allow <origin>   another origin the pages may use before consent (a CDN of yours); repeatable
  --root <folder>    html files are served from this folder (default: the current one), so
                     their absolute paths (/dist/piazza.js) resolve as on the portal
  --chromium <path>  the Chromium or Chrome binary (default: PIAZZA_CHROMIUM, then Debian's chromium)`;

function fail(message) {
  console.error('smoke: ' + message + '\n\n' + USAGE);
  process.exit(2);
}

const { values: opts, positionals: targets } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        json: { type: 'string' },
        width: { type: 'string', default: '1280' },
        timeout: { type: 'string', default: '20000' },
        allow: { type: 'string', multiple: true, default: [] },
        root: { type: 'string', default: '.' },
        chromium: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return fail(e.message);
  }
})();
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!targets.length) fail('no page given');
const width = Number(opts.width);
const timeout = Number(opts.timeout);
if (!Number.isInteger(width) || width < 200 || width > 4000)
  fail(`--width must be a whole number of pixels between 200 and 4000, not "${opts.width}"`);
if (!Number.isInteger(timeout) || timeout < 1000) fail(`--timeout must be at least 1000 ms, not "${opts.timeout}"`);
for (const a of opts.allow) {
  try {
    new URL(a);
  } catch {
    fail(`--allow needs an origin like https://cdn.example.it, not "${a}"`);
  }
}

const chromium = [
  opts.chromium,
  process.env.PIAZZA_CHROMIUM,
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p) => p && existsSync(p));
if (!chromium) fail('no Chromium found: install it (Debian: apt-get install chromium) or pass --chromium <path>');
let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  fail('puppeteer-core is not installed: npm install puppeteer-core axe-core');
}

// Files are served over HTTP from --root: piazza's chunks are ES modules, which file:// cannot load.
const root = resolve(opts.root);
const server = targets.some((t) => !/^https?:\/\//.test(t)) ? await serveFolder(root) : null;
const urls = targets.map((t) => {
  if (/^https?:\/\//.test(t)) return t;
  const file = resolve(t);
  if (!existsSync(file)) fail(`no such file: ${t}`);
  if (!file.startsWith(root + '/')) fail(`${t} is outside --root ${root}`);
  return server.origin + pathToFileURL(file).pathname.slice(pathToFileURL(root).pathname.length);
});

const profile = mkdtempSync(join(tmpdir(), 'piazza-smoke-'));
const browser = await puppeteer
  .launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
  .catch((e) => fail('Chromium did not start: ' + e.message));

const reports = [];
try {
  for (const url of urls) {
    const report = await checkPage(browser, url, { width, timeout, allow: opts.allow });
    reports.push(report);
    print(report);
  }
} finally {
  await browser.close();
  await server?.close();
  rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
if (opts.json) writeFileSync(opts.json, JSON.stringify(reports, null, 2) + '\n');
const bad = reports.filter((r) => r.problems.length).length;
console.log(`\n${reports.length - bad} of ${reports.length} page${reports.length === 1 ? '' : 's'} clean`);
process.exit(bad ? 1 : 0);

function print(r) {
  const mounted = r.blocks.filter((b) => b.state === 'mounted').length;
  const shown = r.blocks.map((b) => b.shownMs).filter((t) => t !== null);
  console.log(`\n${r.problems.length ? '✗' : '✓'} ${r.url} (${r.width} px)`);
  console.log(
    `  piazza ${r.version ?? '—'}, ready in ${r.readyMs ?? '—'} ms, ${mounted} of ${r.blocks.length} block${r.blocks.length === 1 ? '' : 's'} mounted` +
      (shown.length ? `, content shown by ${Math.max(...shown)} ms` : ''),
  );
  const configs = new Map(
    r.blocks.filter((b) => b.config?.length).map((b) => [`block "${b.id}" (${b.type}) did not mount: ${b.error}`, b]),
  );
  for (const p of r.problems) {
    const b = configs.get(p);
    if (!b) {
      console.log('  - ' + p);
      continue;
    }
    console.log(`  - block "${b.id}" (${b.type}) did not mount, its config is invalid:`);
    for (const c of b.config) console.log(`      ${c.path} ${c.message}`);
  }
}
