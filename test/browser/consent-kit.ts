// Helpers for the consent browser tests: pages built per test (served at a loopback URL through
// request interception, so every test states its config in full), the portal-like config, and
// small waits. Tracker scripts are real files on the emulator (fixtures/pages/test/trackers/).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { newProbe, type LaunchOptions, type Probe } from './harness';
import { useBrowserEnv } from './env';

export const TRACKER = '/test/trackers/tracker.js';

/** The emulator and a Chromium for the whole file (env.ts): `env.portal`, `env.browser` once beforeAll ran. */
export const consentEnv = (portal: Record<string, unknown> = {}, launch: LaunchOptions = {}) => useBrowserEnv({ portal, launch });

/** necessary (mandatory) · analytics · multimedia, as the portal; services by test need. */
export function consentConfig(extra: Record<string, any> = {}): Record<string, any> {
  const { services, categories, ...rest } = extra;
  return {
    barTimeout: 0,
    categories: {
      necessary: {
        needed: true,
        wanted: true,
        checked: true,
        language: { locale: { en: { name: 'Necessary', description: 'Needed for the site to work.' } } },
      },
      analytics: {
        needed: false,
        wanted: false,
        checked: false,
        language: { locale: { en: { name: 'Analytics', description: 'Anonymous statistics.' } } },
      },
      multimedia: {
        needed: false,
        wanted: false,
        checked: false,
        language: { locale: { en: { name: 'Multimedia', description: 'Embedded videos.' } } },
      },
      ...categories,
    },
    services: {
      tracker: {
        category: 'analytics',
        type: 'dynamic-script',
        search: 'tracker.js?id=a-',
        language: { locale: { en: { name: 'Site statistics' } } },
      },
      essential: { category: 'necessary', type: 'dynamic-script', search: 'tracker.js?id=n-' },
      stats: { category: 'analytics', type: 'script-tag', search: 'stats' },
      video: { category: 'multimedia', type: 'wrapped', search: 'wrapped', language: { locale: { en: { name: 'Video platform' } } } },
      ...services,
    },
    ...rest,
  };
}

export interface PageSpec {
  /** JSON config in #piazza-consent (an object, or raw text for broken JSON). */
  config?: Record<string, any> | string;
  /** Legacy: `CookieConsent.init(<this>)` in a script right after piazza.js. */
  legacy?: Record<string, any>;
  head?: string;
  body?: string;
  lang?: string;
  /** nonce for piazza.js (and for the page's own inline scripts: use {{nonce}} in head/body). */
  nonce?: string;
}

export function pageHtml(spec: PageSpec): string {
  const nonce = spec.nonce ? ` nonce="${spec.nonce}"` : '';
  const json = typeof spec.config === 'string' ? spec.config : spec.config ? JSON.stringify(spec.config) : null;
  const fill = (s = '') => s.replaceAll('{{nonce}}', spec.nonce || '');
  return `<!doctype html>
<html lang="${spec.lang || 'en'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consent test page</title>
${json === null ? '' : `<script type="application/json" id="piazza-consent">${json}</script>`}
<script src="/dist/piazza.js"${nonce}></script>
${spec.legacy ? `<script${nonce}>CookieConsent.init(${JSON.stringify(spec.legacy)});</script>` : ''}
${fill(spec.head)}
<link rel="stylesheet" href="/vendor/bootstrap-italia/css/bootstrap-italia.min.css">
</head>
<body>
<main class="container my-4"><h1>Consent test page</h1>
${fill(spec.body)}
</main>
<footer class="mt-5"><a href="#" class="ccb__edit">Cookie settings</a></footer>
</body>
</html>`;
}

/**
 * Serves `html` (with `headers`) at `url` for this page only; every other request goes on to the
 * emulator. Call before the first navigation; later calls add more pages.
 */
export async function servePages(page: Page, pages: Record<string, { html: string; headers?: Record<string, string> }>): Promise<void> {
  const served = ((page as any).__consentPages ||= {}) as typeof pages;
  Object.assign(served, pages);
  if ((page as any).__consentIntercepting) return;
  (page as any).__consentIntercepting = true;
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    if (req.isInterceptResolutionHandled()) return;
    const hit = served[req.url()];
    if (hit)
      req.respond({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'Cache-Control': 'no-store', ...hit.headers },
        body: hit.html,
      });
    else req.continue();
  });
}

/**
 * A new page on `url` serving `spec`, once piazza is ready. Given the browser, the page gets a
 * fresh context of its own (no cookie from another test); given a context, it shares its cookies.
 * Reduced motion unless `motion`, so nothing slides under the pointer.
 */
export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** keep animations (default: prefers-reduced-motion) */
  motion?: boolean;
  /** response headers of the page */
  headers?: Record<string, string>;
  /** runs on the new page before it navigates (evaluateOnNewDocument, listeners) */
  before?: (page: Page) => Promise<unknown>;
}

export async function openConsentPage(
  target: Browser | BrowserContext,
  url: string,
  spec: PageSpec,
  options: OpenOptions = {},
): Promise<Probe> {
  const context = 'createBrowserContext' in target ? await target.createBrowserContext() : target;
  const probe = await newProbe(context as unknown as Browser, options.viewport);
  await options.before?.(probe.page);
  await probe.page.bringToFront(); // keyboard and focus tests need the foreground tab
  if (!options.motion) await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await servePages(probe.page, { [url]: { html: pageHtml(spec), headers: options.headers } });
  await probe.page.goto(url, { waitUntil: 'domcontentloaded' });
  await probe.page.waitForFunction(() => !!(window as any).piazza);
  await probe.page.evaluate(() => (window as any).piazza.ready);
  return probe;
}

export const trackersRan = (page: Page): Promise<string[]> =>
  page.evaluate(() => ((window as any).__trackers || []).map((u: string) => u.replace(/^.*\?/, '')));

/** Requests the page made for tracker.js, as their query strings. */
export const trackerRequests = (probe: Probe): string[] =>
  probe.requests.filter((u) => u.includes(TRACKER)).map((u) => u.replace(/^.*\?/, ''));

export async function waitForBar(page: Page) {
  await page.waitForSelector('#cconsent-bar', { visible: true });
}

/** Clicks a bar button by its visible text. */
export async function clickBar(page: Page, label: RegExp) {
  await waitForBar(page);
  // The bar slides in: a real click needs the button where it will stay, so let the slide finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getElementById('cconsent-bar')
        ?.getAnimations({ subtree: true })
        .map((a) => a.finished) ?? [],
    ),
  );
  const buttons = await page.$$('#cconsent-bar button');
  for (const b of buttons) {
    const text = await b.evaluate((el) => el.getAttribute('aria-label') || el.textContent || '');
    if (label.test(text)) return b.click();
  }
  throw new Error('no bar button matching ' + label);
}

export async function openDialog(page: Page) {
  await page.evaluate(() => (window as any).piazza.consent.open());
  await page.waitForSelector('#cconsent-modal[open]', { visible: true });
}

export async function clickDialog(page: Page, label: RegExp) {
  const buttons = await page.$$('#cconsent-modal .pc-foot button');
  for (const b of buttons) if (label.test(await b.evaluate((el) => el.textContent || ''))) return b.click();
  throw new Error('no dialog button matching ' + label);
}

/**
 * Starts listening for the next stored choice (the cconsent-setCookie event) and returns a function
 * that waits for it. Await the listening before the click: input and script run on separate channels.
 */
export async function choiceApplied(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    (window as any).__choice = new Promise<void>((resolve) =>
      window.addEventListener('cconsent-setCookie', () => setTimeout(resolve), { once: true }),
    );
  });
  return () => page.evaluate(() => (window as any).__choice);
}

/** A throwaway self-signed certificate for the https tests (openssl CLI). */
export function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'piazza-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=comune.test',
      '-addext',
      'subjectAltName=DNS:comune.test,DNS:www.comune.test',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}
