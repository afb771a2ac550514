// Consent cookie abuse, beyond what test/browser/consent-cookies.test.ts covers (malformed,
// URL-encoded, truncated and look-alike cookies; a stale version reloading once; an undeletable
// one; a server re-setting it): huge values, odd JSON (deep nesting, __proto__ keys, wrong types),
// duplicated cconsent cookies on nested paths, and a whole session of page views with a cookie
// that keeps coming back. Always: no exception, at most one reload per session.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'puppeteer-core';
import { type Probe, quiet, eventually } from './harness';
import { useBrowserEnv } from './env';
import {
  choiceApplied,
  clickDialog,
  consentConfig,
  openConsentPage,
  servePages,
  pageHtml,
  waitForBar,
  TRACKER,
  trackersRan,
} from './consent-kit';

const env = useBrowserEnv();

const VALID =
  '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":false}},"services":["tracker","essential","stats","video"]}';
const REFUSED = VALID.replace('"analytics":{"wanted":true}', '"analytics":{"wanted":false}');
const STALE = VALID.replace('"version":1', '"version":0');
const HEAD = `<script type="text/plain" data-consent="stats" src="${TRACKER}?id=stats"></script>`;

/** A fresh context holding `cookies` for the emulator's origin (path `/` unless given). */
async function contextWith(cookies: Array<{ value: string; path?: string }>): Promise<BrowserContext> {
  const context = await env.browser.createBrowserContext();
  if (cookies.length)
    await context.setCookie(...cookies.map((c) => ({ name: 'cconsent', value: c.value, domain: '127.0.0.1', path: c.path || '/' })));
  return context;
}

/** Navigation types of this page view, and how many times the URL was loaded (a reload loads it again). */
const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').map((n: any) => n.type));
const loads = (probe: Probe, url: string) => probe.requests.filter((u) => u === url).length;
const polluted = (page: Page) => page.evaluate(() => Object.keys(Object.prototype).concat(Object.keys(Array.prototype)));

/** Waits out a possible reload: piazza ready again, and a moment for a second one that must not come. */
async function settled(page: Page) {
  await page.waitForFunction(() => !!(window as any).piazza, { timeout: 15_000 });
  await page.evaluate(() => (window as any).piazza.ready);
  await quiet(page);
}

describe('cconsent values nobody should have written', () => {
  const hugeServices = VALID.replace(
    '"services":["tracker"',
    '"services":[' + Array.from({ length: 140 }, (_, i) => `"servizio-sconosciuto-${i}"`).join(',') + ',"tracker"',
  );
  const nested = '{"version":1,"categories":' + '{"a":'.repeat(400) + '{}' + '}'.repeat(400) + ',"services":[]}';
  const proto =
    '{"version":1,"categories":{"__proto__":{"wanted":true},"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":true}},"services":["__proto__","tracker","essential","stats","video"]}';
  const CASES: Array<[string, 'reload once' | 'no reload', string]> = [
    ['huge (4 kB) record naming unknown services', 'reload once', hugeServices],
    ['huge (4 kB) garbage', 'no reload', 'x'.repeat(4000)],
    ['400 levels of nesting', 'reload once', nested],
    ['__proto__ as a category and a service', 'reload once', proto],
    ['wrong types (version a string, categories a list)', 'reload once', '{"version":"1","categories":[],"services":{}}'],
    ['categories a list with the right version', 'no reload', '{"version":1,"categories":["analytics"],"services":[]}'],
    ['JSON null', 'no reload', 'null'],
    ['a JSON list', 'no reload', '[1,2,3]'],
    ['quotes and backslashes', 'reload once', '{"version":1,"categories":{"a\\"b":{"wanted":true}},"services":["\\\\"]}'],
  ];

  it.each(CASES)('%s: no exception, %s, the bar asks, nothing runs', async (_name, expected, value) => {
    expect(value.length).toBeLessThan(4096);
    const url = env.portal.url + 'test/hardening-cookie.html';
    const context = await contextWith([{ value }]);
    const probe = await openConsentPage(context, url, { config: consentConfig(), head: HEAD });
    const { page } = probe;
    await settled(page);
    await waitForBar(page);
    expect(loads(probe, url), value.slice(0, 60)).toBe(expected === 'reload once' ? 2 : 1);
    expect(await navigations(page)).toEqual([expected === 'reload once' ? 'reload' : 'navigate']);
    expect(await page.evaluate(() => (window as any).piazza.consent.get())).toBeNull();
    expect(await trackersRan(page)).toEqual([]);
    expect(await polluted(page)).toEqual([]);
    expect(probe.errors).toEqual([]);
    await context.close();
  });
});

describe('duplicated cconsent cookies (one on /, one on /test/: the page under /test/ sees both)', () => {
  const url = () => env.portal.url + 'test/hardening-cookie-twice.html';
  it.each([
    ['a valid choice shadowed by garbage', [{ value: 'garbage', path: '/test/' }, { value: VALID }]],
    ['a valid choice shadowed by a stale one', [{ value: STALE, path: '/test/' }, { value: VALID }]],
    ['a valid choice over a stale one', [{ value: VALID, path: '/test/' }, { value: STALE }]],
    ['two different valid choices', [{ value: REFUSED, path: '/test/' }, { value: VALID }]],
  ])('%s: no exception, at most one reload, then one consistent state', async (_name, cookies) => {
    const context = await contextWith(cookies);
    const probe = await openConsentPage(context, url(), { config: consentConfig(), head: HEAD });
    const { page } = probe;
    await settled(page);
    expect(loads(probe, url())).toBeLessThanOrEqual(2);
    const choice = await page.evaluate(() => (window as any).piazza.consent.get());
    // Whatever copy won, the page acts on it: the bar asks when there is no choice, and trackers follow the choice.
    if (choice === null) await waitForBar(page);
    else expect(await page.$('#cconsent-bar:not([hidden])')).toBeNull();
    const analytics = choice?.categories?.analytics?.wanted === true;
    if (analytics) await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    expect(await trackersRan(page)).toEqual(analytics ? ['id=stats'] : []);
    expect(probe.errors).toEqual([]);
    await context.close();
  });
});

describe('a session of page views', () => {
  it('a stale cookie the server sets again on every response: one reload in the whole session, not one per page', async () => {
    const context = await env.browser.createBrowserContext();
    const pages = ['a', 'b', 'c'].map((p) => env.portal.url + 'test/hardening-session-' + p + '.html');
    const probe = await openConsentPage(
      context,
      pages[0],
      { config: consentConfig() },
      { headers: { 'Set-Cookie': 'cconsent=' + STALE + '; Path=/' } },
    );
    const { page } = probe;
    await settled(page);
    for (const next of pages.slice(1)) {
      await servePages(page, {
        [next]: { html: pageHtml({ config: consentConfig() }), headers: { 'Set-Cookie': 'cconsent=' + STALE + '; Path=/' } },
      });
      await page.goto(next, { waitUntil: 'domcontentloaded' });
      await settled(page);
      await waitForBar(page);
      expect(await navigations(page), next).toEqual(['navigate']);
    }
    // Page a: loaded, then reloaded once; b and c: once each.
    expect(pages.map((u) => loads(probe, u))).toEqual([2, 1, 1]);
    expect(probe.errors).toEqual([]);
    await context.close();
  });
});

describe('the consent interface chunk does not arrive', () => {
  it('one console error and every tracker stays held; the next opener downloads it again and the dialog works', async () => {
    let blocked = true;
    const url = env.portal.url + 'test/hardening-ui-chunk.html';
    const probe = await openConsentPage(
      env.browser,
      url,
      {
        config: consentConfig(),
        head: HEAD,
        body: '<button type="button" data-piazza-consent-open>Preferenze cookie</button>',
      },
      {
        // Before the page's own interception (servePages): the UI chunk answers 404 while blocked.
        before: async (page) => {
          page.on('request', (req) => {
            if (blocked && req.url().includes('/dist/chunks/consent-ui-')) void req.respond({ status: 404, body: '' });
          });
        },
      },
    );
    const { page } = probe;
    const said = () => probe.consoleErrors.filter((m) => m.startsWith('[piazza] consent: l’interfaccia non si è caricata'));
    await eventually(() => expect(said()).toHaveLength(1));
    expect(await page.$('#cconsent-bar')).toBeNull();
    expect(await trackersRan(page)).toEqual([]);

    // The network is back: the visitor's click on the site's preferences button downloads it again.
    blocked = false;
    await page.click('[data-piazza-consent-open]');
    await page.waitForSelector('#cconsent-modal[open]', { visible: true, timeout: 10_000 });
    await page.click('#cconsent-modal [data-category=analytics] h3 button');
    await page.click('#cconsent-modal [data-category=analytics] [role=switch]');
    const applied = await choiceApplied(page);
    await clickDialog(page, /^Save/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length > 0);
    expect(await trackersRan(page)).toEqual(['id=stats']);
    expect(said()).toHaveLength(1);
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });
});
