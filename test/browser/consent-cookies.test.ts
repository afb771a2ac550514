// The cconsent cookie (byte-compatible with the portal's), stored choices of existing visitors,
// discard + reload-once, the cookie-write filter, and deleting service cookies on the host and
// every parent domain: over https on comune.test / www.comune.test mapped to 127.0.0.1.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'puppeteer-core';
import { quiet } from './harness';
import { useBrowserEnv } from './env';
import {
  choiceApplied,
  clickBar,
  consentConfig,
  consentEnv,
  openConsentPage,
  selfSignedCert,
  servePages,
  TRACKER,
  trackersRan,
  waitForBar,
} from './consent-kit';

const env = consentEnv();

const PORTAL_VALUE =
  '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":false}},"services":["tracker","essential","stats","video"]}';

/** A fresh context holding `cconsent=<value>` for the emulator's origin. */
async function contextWith(value: string | null, extra: Array<{ name: string; value: string }> = []): Promise<BrowserContext> {
  const context = await env.browser.createBrowserContext();
  const cookies = [...(value === null ? [] : [{ name: 'cconsent', value }]), ...extra];
  if (cookies.length) await context.setCookie(...cookies.map((c) => ({ ...c, domain: '127.0.0.1', path: '/' })));
  return context;
}

describe('the cconsent cookie', () => {
  it('is written as the portal writes it: raw JSON, path /, SameSite=Strict, Secure, 180 days', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-write.html', { config: consentConfig() });
    const { page } = probe;
    await page.evaluate(() => {
      (window as any).__detail = new Promise((resolve) =>
        window.addEventListener('cconsent-setCookie', (e) => resolve((e as CustomEvent).detail), { once: true }),
      );
      (window as any).__change = new Promise((resolve) => (window as any).piazza.on('consent:change', resolve));
    });
    await clickBar(page, /^Refuse all/);
    const detail = await page.evaluate(() => (window as any).__detail);
    const piazzaEvent = page.evaluate(() => (window as any).__change);
    const cookie = (await page.browserContext().cookies()).find((c) => c.name === 'cconsent')!;
    const expected =
      '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":false},"multimedia":{"wanted":false}},"services":["tracker","essential","stats","video"]}';
    expect(cookie.value).toBe(expected);
    expect(detail).toEqual(JSON.parse(expected));
    expect(await piazzaEvent).toMatchObject({ categories: JSON.parse(expected).categories, services: JSON.parse(expected).services });
    expect(cookie).toMatchObject({ path: '/', secure: true, sameSite: 'Strict', httpOnly: false, session: false });
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThan(180.1);
    expect(await page.evaluate(() => (window as any).piazza.consent.get())).toMatchObject({ categories: { analytics: { wanted: false } } });
    await page.browserContext().close();
  });

  it("an existing visitor's cookie is applied as is: no bar, no reload, its categories run", async () => {
    const context = await contextWith(PORTAL_VALUE);
    const probe = await openConsentPage(context, env.portal.url + 'test/consent-existing.html', {
      config: consentConfig(),
      head: `<script type="text/plain" data-consent="stats" src="${TRACKER}?id=stats"></script>`,
    });
    const { page } = probe;
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    expect(await trackersRan(page)).toEqual(['id=stats']);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').map((n: any) => n.type))).toEqual(['navigate']);
    await quiet(page);
    expect(await page.$('#cconsent-bar')).toBeNull();
    expect(await page.evaluate(() => (window as any).CookieConsent.config.cookieExists)).toBe(true);
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('video'))).toBe(false);
    // What the config names — a service key, a search value, a category — and what it does not.
    expect(
      await page.evaluate(() => ['video', 'wrapped', 'multimedia', 'youtube', ''].map((n) => (window as any).piazza.consent.knows(n))),
    ).toEqual([true, true, true, false, false]);
    expect((await context.cookies()).find((c) => c.name === 'cconsent')!.value).toBe(PORTAL_VALUE);
    expect(probe.errors).toEqual([]);
    await context.close();
  });

  it('malformed, URL-encoded, truncated and look-alike cookies count as absent: bar, no reload, no error', async () => {
    for (const [name, value] of [
      ['cconsent', 'not-json'],
      ['cconsent', encodeURIComponent(PORTAL_VALUE)],
      ['cconsent', PORTAL_VALUE.slice(0, 50)],
      ['xcconsent', PORTAL_VALUE],
      ['cconsent_old', PORTAL_VALUE],
    ]) {
      const context = await env.browser.createBrowserContext();
      await context.setCookie({ name, value, domain: '127.0.0.1', path: '/' });
      const probe = await openConsentPage(context, env.portal.url + 'test/consent-malformed.html', { config: consentConfig() });
      await waitForBar(probe.page);
      expect(
        await probe.page.evaluate(() => performance.getEntriesByType('navigation').map((n: any) => n.type)),
        name + '=' + value,
      ).toEqual(['navigate']);
      expect(await probe.page.evaluate(() => (window as any).piazza.consent.get()), value).toBeNull();
      expect(probe.errors, value).toEqual([]);
      await context.close();
    }
  });
});

describe('a stored choice that no longer fits', () => {
  const url = () => env.portal.url + 'test/consent-stale.html';
  const loads = (probe: { requests: string[] }) => probe.requests.filter((u) => u === url()).length;

  it.each([
    ['another version', PORTAL_VALUE.replace('"version":1', '"version":0')],
    ['no version', PORTAL_VALUE.replace('"version":1,', '')],
    ['a category the config does not know', PORTAL_VALUE.replace('"multimedia":{', '"marketing":{')],
    ['a service the config does not know', PORTAL_VALUE.replace('"video"', '"hotjar"')],
  ])('%s: discarded, the page reloads once, then asks again', async (_, value) => {
    const context = await contextWith(value);
    const probe = await openConsentPage(context, url(), { config: consentConfig() });
    const { page } = probe;
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as any).type === 'reload');
    await page.waitForFunction(() => !!(window as any).piazza);
    await waitForBar(page);
    await quiet(page);
    expect(loads(probe)).toBe(2);
    expect((await context.cookies()).find((c) => c.name === 'cconsent')).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem('piazza-consent-reloaded'))).toBe('1');
    await context.close();
  });

  it('a cookie that cannot be deleted does not loop: no reload at all, a warning, the bar', async () => {
    const context = await contextWith(PORTAL_VALUE.replace('"version":1', '"version":0'));
    const warnings: string[] = [];
    const probe = await openConsentPage(
      context,
      url(),
      { config: consentConfig() },
      {
        before: async (page: Page) => {
          page.on('console', (m) => {
            if (m.type() === 'warn') warnings.push(m.text());
          });
          // a cookie jar that ignores every attempt to expire cconsent (as for a cookie set with attributes we cannot reproduce)
          await page.evaluateOnNewDocument(() => {
            const d = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
            Object.defineProperty(Document.prototype, 'cookie', {
              configurable: true,
              get: d.get,
              set(v: string) {
                if (!/^\s*cconsent=;/.test(v)) d.set!.call(this, v);
              },
            });
          });
        },
      },
    );
    const { page } = probe;
    await waitForBar(page);
    await quiet(page);
    expect(loads(probe)).toBe(1);
    // worded by the lazy messages chunk, in the admin language (Italian unless the page asks otherwise)
    expect(warnings).toEqual(['[piazza] consent: cookie cconsent non più valido ignorato, senza ricaricare la pagina una seconda volta']);
    expect(probe.consoleErrors).toEqual([]);
    expect(await page.evaluate(() => (window as any).piazza.consent.get())).toBeNull();
    await context.close();
  });

  it('a server that sets the stale cookie on every response gets one reload, not a loop', async () => {
    const stale = PORTAL_VALUE.replace('"version":1', '"version":0');
    const context = await env.browser.createBrowserContext();
    const probe = await openConsentPage(
      context,
      url(),
      { config: consentConfig() },
      { headers: { 'Set-Cookie': 'cconsent=' + stale + '; Path=/' } },
    );
    const { page } = probe;
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as any).type === 'reload');
    await page.waitForFunction(() => !!(window as any).piazza);
    await waitForBar(page);
    await quiet(page);
    expect(loads(probe)).toBe(2);
    await context.close();
  });

  it('a category added to the config since: the stored answers apply, and the bar asks again', async () => {
    const context = await contextWith(PORTAL_VALUE);
    const probe = await openConsentPage(context, env.portal.url + 'test/consent-new-category.html', {
      config: consentConfig({
        categories: { marketing: { needed: false, wanted: false, language: { locale: { en: { name: 'Marketing' } } } } },
      }),
      head: `<script type="text/plain" data-consent="stats" src="${TRACKER}?id=stats"></script>`,
    });
    const { page } = probe;
    await waitForBar(page);
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    expect(await trackersRan(page)).toEqual(['id=stats']);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').map((n: any) => n.type))).toEqual(['navigate']);
    // answering removes the bar for good
    const applied = await choiceApplied(page);
    await clickBar(page, /^Refuse all/);
    await applied();
    expect(JSON.parse((await context.cookies()).find((c) => c.name === 'cconsent')!.value).categories).toEqual({
      necessary: { wanted: true },
      analytics: { wanted: false },
      multimedia: { wanted: false },
      marketing: { wanted: false },
    });
    await context.close();
  });

  it('a service added to the config since: the bar asks again', async () => {
    const context = await contextWith(PORTAL_VALUE);
    const probe = await openConsentPage(context, env.portal.url + 'test/consent-new-service.html', {
      config: consentConfig({ services: { maps: { category: 'multimedia', type: 'wrapped', search: 'maps' } } }),
    });
    await waitForBar(probe.page);
    await context.close();
  });
});

describe('cookie writes of a blocked localcookie service', () => {
  /** Counts what reaches the browser's cookie jar, per cookie name (installed before piazza.js). */
  const countWrites = async (page: Page) =>
    page.evaluateOnNewDocument(() => {
      const d = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      const writes: Record<string, number> = ((window as any).__writes = {});
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get: d.get,
        set(v: string) {
          const name = String(v).split('=')[0].trim();
          writes[name] = (writes[name] || 0) + 1;
          d.set!.call(this, v);
        },
      });
    });
  const PATTERNS = ['_pk_', '_hj', '_fbp', '__utm', 'mtm_'];
  const BLOCKED = ['_pk_id.1', '_hjSessionUser', '_fbp', '__utma', 'mtm_consent'];

  it.each([1, 2, 5])('with %i blocked pattern(s): every matching write is dropped, every other goes through exactly once', async (n) => {
    const config = consentConfig({ services: { local: { category: 'analytics', type: 'localcookie', search: PATTERNS.slice(0, n) } } });
    const probe = await openConsentPage(
      env.browser,
      env.portal.url + 'test/consent-filter-' + n + '.html',
      { config },
      { before: countWrites },
    );
    const { page } = probe;
    const result = await page.evaluate(
      (blocked: string[]) => {
        for (const name of blocked) document.cookie = name + '=1; path=/';
        for (const name of ['lang', 'session_x', 'theme']) document.cookie = name + '=it; path=/';
        return { jar: document.cookie, writes: (window as any).__writes };
      },
      BLOCKED.slice(0, n),
    );
    for (const name of BLOCKED.slice(0, n)) {
      expect(result.jar).not.toContain(name + '=');
      expect(result.writes[name] ?? 0).toBe(0);
    }
    for (const name of ['lang', 'session_x', 'theme']) {
      expect(result.jar).toContain(name + '=it');
      expect(result.writes[name]).toBe(1);
    }
    // after accept the same writes go through, without a reload
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    const after = await page.evaluate(
      (blocked: string[]) => {
        for (const name of blocked) document.cookie = name + '=2; path=/';
        return { jar: document.cookie, writes: (window as any).__writes };
      },
      BLOCKED.slice(0, n),
    );
    for (const name of BLOCKED.slice(0, n)) {
      expect(after.jar).toContain(name + '=2');
      expect(after.writes[name]).toBe(1);
    }
    await page.browserContext().close();
  });

  it('the Cookie Store API is filtered the same way', async () => {
    const config = consentConfig({ services: { local: { category: 'analytics', type: 'localcookie', search: ['_pk_', '_hj'] } } });
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-cookiestore.html', { config });
    const jar = await probe.page.evaluate(async () => {
      const store = (window as any).cookieStore;
      await store.set('_hjSession', '1');
      await store.set({ name: '_pk_ses', value: '1' });
      await store.set('fine', '1');
      return document.cookie;
    });
    expect(jar).toContain('fine=1');
    expect(jar).not.toContain('_hj');
    expect(jar).not.toContain('_pk_');
    await probe.page.browserContext().close();
  });
});

describe('deleting the cookies of unwanted services (https, www.comune.test)', () => {
  const tls = useBrowserEnv({
    portal: { tls: selfSignedCert() },
    launch: { hosts: ['comune.test', 'www.comune.test'], args: ['--ignore-certificate-errors'] },
  });
  let base: string;
  beforeAll(() => {
    base = `https://www.comune.test:${tls.portal.port}/`;
  });

  const config = () =>
    consentConfig({
      services: {
        ga: {
          category: 'analytics',
          type: 'dynamic-script',
          search: 'gtag',
          cookies: [{ name: { pattern: '^_ga' } }, { name: '_gid' }, { name: '_gat', domain: '.comune.test' }],
        },
        pk: { category: 'analytics', type: 'localcookie', search: '_pk_', cookies: [{ name: { pattern: '^_pk_' } }] },
      },
    });

  /** Sets cookies as trackers would: host-only, on the parent domain with and without the dot, on the host as a domain cookie, on path prefixes. */
  const PRIME = `<!doctype html><title>prime</title><script>
    var all = ['_ga=host; path=/', '_ga_XYZ=parent; path=/; domain=.comune.test', '_gid=parent-nodot; path=/; domain=comune.test',
      '_gat=sub-domain; path=/; domain=www.comune.test', '_ga_P=path; path=/test', '_ga_Q=deep-path; path=/test/deletion/',
      '_pk_id.1=host; path=/', 'keep_me=1; path=/', 'keep_parent=1; path=/; domain=.comune.test'];
    all.forEach(function (c) { document.cookie = c + '; secure'; });
    document.title = document.cookie;
  </script>`;

  async function primed(): Promise<{ context: BrowserContext; names: () => Promise<string[]> }> {
    const context = await tls.browser.createBrowserContext();
    const page = await context.newPage();
    await servePages(page, { [base + 'test/deletion/prime.html']: { html: PRIME } });
    await page.goto(base + 'test/deletion/prime.html');
    const names = async () => (await context.cookies()).map((c) => c.name + '@' + c.domain + c.path).sort();
    await expect.poll(names, { timeout: 5000 }).toHaveLength(9);
    await page.close();
    return { context, names };
  }

  // document.cookie writes reach the browser's cookie store (read here over CDP) a moment later:
  // the cookie lists are polled until they settle, never read once.
  it('at load: every copy, on the host, the parent domain (with and without the dot) and path prefixes', async () => {
    const { context, names } = await primed();
    const probe = await openConsentPage(context, base + 'test/deletion/page.html', { config: config() });
    await expect.poll(names, { timeout: 5000 }).toEqual(['keep_me@www.comune.test/', 'keep_parent@.comune.test/']);
    expect(probe.errors).toEqual([]);
    await context.close();
  });

  it('nothing is deleted while the category is wanted; at save time (refuse) they go at once', async () => {
    const { context, names } = await primed();
    const granted =
      '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":true}},"services":["tracker","essential","stats","video","ga","pk"]}';
    await context.setCookie({ name: 'cconsent', value: granted, domain: 'www.comune.test', path: '/', secure: true });
    const probe = await openConsentPage(context, base + 'test/deletion/page.html', { config: config() });
    const { page } = probe;
    await expect.poll(names, { timeout: 5000 }).toHaveLength(10);
    await page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
    await page.waitForSelector('#cconsent-modal[open]');
    const applied = await choiceApplied(page);
    await page.click('#cconsent-modal .pc-foot button:first-child'); // refuse all
    await applied();
    await expect
      .poll(names, { timeout: 5000 })
      .toEqual(['cconsent@www.comune.test/', 'keep_me@www.comune.test/', 'keep_parent@.comune.test/']);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await context.close();
  });

  it('a save replaces copies of cconsent left on a parent domain, so the next page reads the new choice', async () => {
    const context = await tls.browser.createBrowserContext();
    const old =
      '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":true}},"services":["tracker","essential","stats","video","ga","pk"]}';
    await context.setCookie({ name: 'cconsent', value: old, domain: '.comune.test', path: '/', secure: true });
    const probe = await openConsentPage(context, base + 'test/deletion/page.html', { config: config() });
    await probe.page.evaluate(() => (document.querySelector('.ccb__edit') as HTMLElement).click());
    await probe.page.waitForSelector('#cconsent-modal[open]');
    const applied = await choiceApplied(probe.page);
    await probe.page.click('#cconsent-modal .pc-foot button:first-child');
    await applied();
    const copies = (await context.cookies()).filter((c) => c.name === 'cconsent');
    expect(copies.map((c) => c.domain)).toEqual(['www.comune.test']);
    expect(JSON.parse(copies[0].value).categories.analytics.wanted).toBe(false);
    await context.close();
  });
});

describe('a secure cookie over plain http', () => {
  const plain = useBrowserEnv({ launch: { hosts: ['www.comune.test'] } });
  it('over plain http on a real host name the secure cookie cannot be stored: the admin is told', async () => {
    const page = await (await plain.browser.createBrowserContext()).newPage();
    // Console messages reach the test asynchronously: wait for the warning rather than reading a
    // list that may not have it yet (a missing warning fails by the test's timeout).
    const warned = new Promise<string>((resolve) => {
      page.on('console', (m) => {
        if (m.type() === 'warn' && /cookie secure.*https/.test(m.text())) resolve(m.text());
      });
    });
    // a page of the emulator itself (a page made up by request interception would be a public
    // origin to Chromium, which then refuses its loopback subresources)
    await page.goto(`http://www.comune.test:${plain.portal.port}/test/consent-basic.html`);
    await waitForBar(page);
    await clickBar(page, /^Accept all/);
    await page.waitForFunction(() => !document.getElementById('cconsent-bar'));
    // in the admin's language (Italian: the page has no data-piazza-messages="en"), after consent's prefix
    expect(await warned).toBe('[piazza] consent: scelta non salvata: cconsent è un cookie secure, il sito deve essere in https');
    // the choice still applies to this page
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('tracker'))).toBe(true);
  });
});
