// Config sources and failures, texts, theme, events and the public API, and the opt-in features:
// Google Consent Mode v2, Global Privacy Control, embed placeholders. Plus the demo page and a
// strict-CSP page.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { newProbe, openPage, waitReady, quiet, eventually } from './harness';
import { expectAxe } from './expect-axe';
import {
  choiceApplied,
  clickBar,
  clickDialog,
  consentConfig,
  consentEnv,
  openConsentPage,
  openDialog,
  TRACKER,
  trackerRequests,
  trackersRan,
  waitForBar,
} from './consent-kit';

const env = consentEnv();

const barTexts = (page: Page) => page.$$eval('#cconsent-bar button', (bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent));

describe('where the config comes from, and when it is wrong', () => {
  it('the legacy CookieConsent.init(config) right after piazza.js works like the JSON; CCConfigSet fires', async () => {
    const probe = await openConsentPage(
      env.browser,
      env.portal.url + 'test/consent-legacy.html',
      {
        legacy: consentConfig(),
        head: `<script>CookieConsent.wrapper('wrapped', function () { window.__wrapped = true; });
        var s = document.createElement('script'); s.src = '${TRACKER}?id=a-legacy'; document.head.appendChild(s);</script>`,
      },
      {
        before: (page) =>
          page.evaluateOnNewDocument(() =>
            document.addEventListener('CCConfigSet', () => ((window as any).__configSet = ((window as any).__configSet || 0) + 1)),
          ),
      },
    );
    const { page } = probe;
    await waitForBar(page);
    expect(await page.evaluate(() => (window as any).__configSet)).toBe(1);
    expect(await page.evaluate(() => Object.keys((window as any).CookieConsent.config.categories))).toEqual([
      'necessary',
      'analytics',
      'multimedia',
    ]);
    expect(await trackersRan(page)).toEqual([]);
    expect(trackerRequests(probe)).toEqual([]);
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    expect(await page.evaluate(() => (window as any).__wrapped)).toBe(true);
    // setConfiguration merges into the live config and re-applies it
    await page.evaluate(() => (window as any).CookieConsent.setConfiguration({ barTimeout: 5 }));
    expect(await page.evaluate(() => [(window as any).CookieConsent.config.barTimeout, (window as any).__configSet])).toEqual([5, 2]);
    expect(probe.errors).toEqual([]);
    await page.browserContext().close();
  });

  it('an invalid config: one clear console error with JSON paths; mandatory runs, nothing else is unblocked', async () => {
    const config = consentConfig({ barTimeout: 'soon', colour: 'red' });
    config.categories.analytics.needed = 'yes';
    config.services.tracker.category = 'statistics';
    config.services.essential.search = ['tracker.js?id=n-', 7];
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-invalid.html', {
      config,
      head: `<script>['a-x', 'n-x'].forEach(function (id) { var s = document.createElement('script'); s.src = '${TRACKER}?id=' + id; document.head.appendChild(s); });</script>`,
    });
    const { page } = probe;
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    expect(await trackersRan(page)).toEqual(['id=n-x']);
    await eventually(() => expect(probe.consoleErrors).toHaveLength(1)); // its words are a lazy chunk
    expect(probe.consoleErrors[0]).toBe(
      '[piazza] consent: configurazione non valida: /barTimeout deve essere un numero intero ≥ 0; ' +
        '/categories/analytics/needed deve essere true o false; /services/tracker/category deve essere una chiave di /categories; ' +
        '/services/essential/search/1 deve essere una stringa; /colour non è una chiave prevista',
    );
    // the bar still works with the valid part, and accepting all cannot unblock a service of an unknown category
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    await quiet(page);
    expect(await trackersRan(page)).toEqual(['id=n-x']);
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('tracker'))).toBe(false);
    await page.browserContext().close();
  });

  it('a config that is not JSON: a console error, and everything it could govern stays blocked', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-broken.html', {
      config: '{"categories": {',
      head: `<script type="text/plain" data-consent="stats" src="${TRACKER}?id=stats"></script>
        <script>CookieConsent.wrapper('wrapped', function () { window.__wrapped = true; });</script>`,
    });
    const { page } = probe;
    await quiet(page);
    await eventually(() => expect(probe.consoleErrors).toHaveLength(1));
    expect(probe.consoleErrors[0]).toMatch(/^\[piazza\] consent: configurazione non valida: \/ non è un JSON valido \(.+\)$/);
    expect(await page.evaluate(() => [(window as any).piazza.consent.allows('youtube'), !!(window as any).__wrapped])).toEqual([
      false,
      false,
    ]);
    expect(trackerRequests(probe)).toEqual([]);
    await page.browserContext().close();
  });

  it('no consent config at all: nothing is blocked, no UI, and allows() says yes', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'test/loader.html');
    expect(
      await probe.page.evaluate(() => [(window as any).piazza.consent.allows('youtube'), (window as any).piazza.consent.get()]),
    ).toEqual([true, null]);
    expect(probe.requests.some((u) => u.includes('consent-ui'))).toBe(false);
    await probe.page.close();
  });
});

describe('texts', () => {
  it('hu: complete, refuse buttons included', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-hu.html', {
      config: consentConfig({ language: { current: 'hu' } }),
      lang: 'hu',
    });
    await waitForBar(probe.page);
    expect(await barTexts(probe.page)).toEqual([
      'Minden süti elutasítása',
      'Süti beállítások',
      'Minden süti elfogadása',
      'Bezárás és minden süti elutasítása',
    ]);
    await openDialog(probe.page);
    expect(await probe.page.$$eval('#cconsent-modal .pc-foot button', (bs) => bs.map((b) => b.textContent))).toEqual([
      'Minden süti elutasítása és bezárás',
      'Beállítások mentése',
      'Minden Süti elfogadása',
    ]);
    await probe.page.browserContext().close();
  });

  it('it and de built in; "auto" follows <html lang>; a config text overrides one key', async () => {
    for (const [lang, current, first, override] of [
      ['it', 'it', 'Rifiuta tutti i cookie', 'Usiamo i cookie.'],
      ['de', 'auto', 'Alle Cookies ablehnen', 'Wir nutzen Cookies.'],
    ]) {
      const config = consentConfig({ language: { current, locale: { [lang]: { barMainText: override } } } });
      const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-lang.html', { config, lang });
      await waitForBar(probe.page);
      expect((await barTexts(probe.page))[0]).toBe(first);
      expect(await probe.page.$eval('#cconsent-bar p', (p) => p.textContent)).toBe(override);
      // only the language needed is downloaded
      const locales = probe.requests
        .filter((u) => /\/chunks\/consent-(en|hu|it|de)-/.test(u))
        .map((u) => u.replace(/^.*\/chunks\/consent-(\w+)-.*$/, '$1'));
      expect(locales).toEqual([lang]);
      await probe.page.browserContext().close();
    }
  });

  it("the portal's custom 'i18n' locale keeps its texts; keys it lacks come from the page language; missing names say so", async () => {
    const config = consentConfig({ language: { current: 'i18n', locale: { i18n: { barBtnAcceptAll: 'Accetto' } } } });
    delete config.categories.multimedia.language.locale.en.description;
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-i18n.html', { config, lang: 'it' });
    await waitForBar(probe.page);
    expect(await barTexts(probe.page)).toEqual([
      'Rifiuta tutti i cookie',
      'Impostazioni cookie',
      'Accetto',
      'Chiudi e rifiuta tutti i cookie',
    ]);
    await openDialog(probe.page);
    await probe.page.click('#cconsent-modal [data-category=multimedia] h3 button');
    const panel = await probe.page.$eval('#cconsent-modal [data-category=multimedia] .pc-panel', (p) => p.textContent);
    expect(panel).toContain('[Missing translation]');
    await probe.page.browserContext().close();
  });
});

describe('theme, events and the API blocks use', () => {
  it('theme colours from the config are applied (through the nonce-carrying stylesheet)', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-theme.html', {
      config: consentConfig({
        theme: {
          barColor: '#17324d',
          barTextColor: 'rgb(255, 255, 240)',
          barMainButtonColor: '#ffcc00',
          modalMainButtonColor: 'hsl(210, 100%, 30%)',
        },
      }),
    });
    const { page } = probe;
    await waitForBar(page);
    const colours = await page.evaluate(() => {
      const bar = getComputedStyle(document.getElementById('cconsent-bar')!);
      const btn = getComputedStyle(document.querySelector('#cconsent-bar .pc-btn')!);
      return [
        bar.backgroundColor,
        bar.color,
        btn.backgroundColor,
        document.querySelectorAll('style[data-piazza-css="consent"]').length,
        document.querySelectorAll('#cconsent-bar [style]').length,
      ];
    });
    expect(colours).toEqual(['rgb(23, 50, 77)', 'rgb(255, 255, 240)', 'rgb(255, 204, 0)', 1, 0]);
    await openDialog(page);
    expect(await page.$eval('#cconsent-modal .pc-foot .pc-btn', (b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 77, 153)');
    await page.browserContext().close();
  });

  it('piazza.consent and ctx.consent: get(), allows(), consent:change; the page is never reloaded', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-api.html', {
      config: consentConfig(),
      head: `<script>window.__changes = []; piazza.on('consent:change', function (c) { __changes.push(c.categories.multimedia.wanted); });</script>`,
    });
    const { page } = probe;
    expect(
      await page.evaluate(() => [
        (window as any).piazza.consent.get(),
        (window as any).piazza.consent.allows('video'),
        (window as any).piazza.consent.allows('necessary'),
      ]),
    ).toEqual([null, false, true]);
    let applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('video'))).toBe(true);
    expect(await page.evaluate(() => (window as any).piazza.consent.get())).toEqual({
      version: 1,
      categories: { necessary: { wanted: true }, analytics: { wanted: true }, multimedia: { wanted: true } },
      services: ['tracker', 'essential', 'stats', 'video'],
    });
    await openDialog(page);
    applied = await choiceApplied(page);
    await clickDialog(page, /^Refuse all/);
    await applied();
    expect(await page.evaluate(() => (window as any).__changes)).toEqual([true, false]);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.browserContext().close();
  });

  it('makes no network request of its own: only piazza.js, the build manifest, its UI chunk and one language', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-requests.html', { config: consentConfig() });
    await waitForBar(probe.page);
    await openDialog(probe.page);
    const own = probe.requests
      .filter((u) => u.includes('/dist/'))
      .map((u) => u.replace(/^.*\/dist\//, '').replace(/-[\w-]{8}\.js$/, '.js'));
    expect(own.sort()).toEqual(['chunks/consent-en.js', 'chunks/consent-ui.js', 'chunks/manifest.js', 'piazza.js']);
    const others = probe.requests.filter(
      (u) =>
        !u.includes('/dist/') &&
        !u.includes('/vendor/bootstrap-italia/') &&
        !u.endsWith('/test/consent-requests.html') &&
        !u.endsWith('/favicon.ico'),
    );
    expect(others).toEqual([]);
    expect(probe.external()).toEqual([]);
    await probe.page.browserContext().close();
  });
});

describe('opt-in features', () => {
  it('Google Consent Mode v2: default before any tag, from the stored choice; update on change', async () => {
    const config = consentConfig({
      googleConsentMode: { analytics_storage: 'analytics', ad_storage: 'multimedia', security_storage: 'necessary' },
    });
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-gcm.html', {
      config,
      head: `<script>window.__firstTagSaw = JSON.parse(JSON.stringify(Array.from(window.dataLayer || [], function (a) { return Array.from(a); })));</script>`,
    });
    const { page } = probe;
    const seen = await page.evaluate(() => (window as any).__firstTagSaw);
    expect(seen).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
          functionality_storage: 'denied',
          personalization_storage: 'denied',
          security_storage: 'granted',
        },
      ],
    ]);
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    const last = await page.evaluate(() => {
      const l = (window as any).dataLayer;
      return [Object.prototype.toString.call(l[l.length - 1]), Array.from(l[l.length - 1])];
    });
    expect(last[0]).toBe('[object Arguments]');
    expect(last[1]).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'denied' }),
    ]);
    // the cookie keeps its shape
    expect(Object.keys(JSON.parse((await page.browserContext().cookies()).find((c) => c.name === 'cconsent')!.value))).toEqual([
      'version',
      'categories',
      'services',
    ]);
    // next page: the default reflects the stored choice
    const next = await openConsentPage(page.browserContext(), env.portal.url + 'test/consent-gcm-2.html', {
      config,
      head: `<script>window.__first = Array.from(dataLayer[0]);</script>`,
    });
    expect(await next.page.evaluate(() => (window as any).__first[2].analytics_storage)).toBe('granted');
    await page.browserContext().close();
  });

  it('without the option, no dataLayer is created', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-no-gcm.html', { config: consentConfig() });
    expect(await probe.page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await probe.page.browserContext().close();
  });

  it('Global Privacy Control pre-sets optional categories off (opt-in); without GPC the config default stands', async () => {
    const config = (gpc: boolean) => {
      const c = consentConfig({ globalPrivacyControl: gpc });
      c.categories.analytics.wanted = c.categories.analytics.checked = true;
      return c;
    };
    const sendGpc = (page: Page) =>
      page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const head = `<script>var s = document.createElement('script'); s.src = '${TRACKER}?id=a-gpc'; document.head.appendChild(s);</script>`;
    const on = await openConsentPage(
      env.browser,
      env.portal.url + 'test/consent-gpc.html',
      { config: config(true), head },
      { before: sendGpc },
    );
    await openDialog(on.page);
    expect(await on.page.$eval('#cconsent-modal [data-category=analytics] [role=switch]', (s) => s.getAttribute('aria-checked'))).toBe(
      'false',
    );
    expect(trackerRequests(on)).toEqual([]);
    await on.page.browserContext().close();
    // the option off: GPC is not read, analytics (wanted by config) runs
    const off = await openConsentPage(
      env.browser,
      env.portal.url + 'test/consent-gpc.html',
      { config: config(false), head },
      { before: sendGpc },
    );
    await off.page.waitForFunction(() => ((window as any).__trackers || []).length === 1);
    await off.page.browserContext().close();
  });

  describe('embed placeholders', () => {
    const body = `<iframe id="yt" title="Presentation video" data-consent="video" data-src="/test/trackers/video.html?yt"></iframe>
      <iframe id="portal" title="Council meeting" data-coookieconsent="multimedia" data-src="/test/trackers/video.html?portal" data-preview="/test/trackers/video.html?preview"></iframe>`;

    it('a blocked embed shows text and Allow instead, never loads; Allow loads it; a later refusal takes it back', async () => {
      const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-embeds.html', {
        config: consentConfig({ iframePlaceholders: true, barTimeout: 60_000 }),
        body,
      });
      const { page } = probe;
      await page.waitForSelector('.piazza-consent-embed');
      const state = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('iframe')].map((f) => ({
            id: f.id,
            src: f.getAttribute('src'),
            hidden: f.hidden,
            placeholder: f.previousElementSibling?.classList.contains('piazza-consent-embed') ? f.previousElementSibling.textContent : null,
          })),
        );
      expect(await state()).toEqual([
        {
          id: 'yt',
          src: null,
          hidden: true,
          placeholder:
            'This content is provided by Video platform, which may set cookies. It is shown only if you allow “Multimedia”.Allow and show',
        },
        {
          id: 'portal',
          src: null,
          hidden: true,
          placeholder:
            'This content is provided by 127.0.0.1, which may set cookies. It is shown only if you allow “Multimedia”.Allow and show',
        },
      ]);
      expect(probe.requests.filter((u) => u.includes('video.html'))).toEqual([]);
      await expectAxe(page);
      const applied = await choiceApplied(page);
      await page.click('.piazza-consent-embed button');
      await applied();
      expect(await state()).toEqual([
        { id: 'yt', src: '/test/trackers/video.html?yt', hidden: false, placeholder: null },
        { id: 'portal', src: '/test/trackers/video.html?portal', hidden: false, placeholder: null },
      ]);
      expect(JSON.parse((await page.browserContext().cookies()).find((c) => c.name === 'cconsent')!.value).categories).toEqual({
        necessary: { wanted: true },
        analytics: { wanted: false },
        multimedia: { wanted: true },
      });
      await openDialog(page);
      const refused = await choiceApplied(page);
      await clickDialog(page, /^Refuse all/);
      await refused();
      const back = await state();
      expect(back.map((f) => [f.src, f.hidden, !!f.placeholder])).toEqual([
        ['about:blank', true, true],
        ['/test/trackers/video.html?preview', true, true],
      ]);
      expect(probe.errors).toEqual([]);
      await page.browserContext().close();
    });

    it('an allowed embed loads at once; the option off leaves the markup to the portal', async () => {
      const context = await env.browser.createBrowserContext();
      await context.setCookie({
        name: 'cconsent',
        value:
          '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":false},"multimedia":{"wanted":true}},"services":["tracker","essential","stats","video"]}',
        domain: '127.0.0.1',
        path: '/',
      });
      const probe = await openConsentPage(context, env.portal.url + 'test/consent-embeds-allowed.html', {
        config: consentConfig({ iframePlaceholders: true }),
        body,
      });
      await probe.page.waitForFunction(() => document.querySelectorAll('iframe[src]').length === 2);
      expect(await probe.page.$('.piazza-consent-embed')).toBeNull();
      await context.close();
      const off = await openConsentPage(env.browser, env.portal.url + 'test/consent-embeds-off.html', {
        config: consentConfig({ barTimeout: 60_000 }),
        body,
      });
      await quiet(off.page);
      expect(
        await off.page.evaluate(() => [
          document.querySelectorAll('iframe[src]').length,
          document.querySelectorAll('.piazza-consent-embed').length,
        ]),
      ).toEqual([0, 0]);
      await off.page.browserContext().close();
    });
  });
});

describe('pages', () => {
  it('the demo page: works end to end with 0 console errors and no request off the machine', async () => {
    const context = await env.browser.createBrowserContext();
    const probe = await openPage(context as unknown as Browser, env.portal.url + 'consent.html');
    const { page } = probe;
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await waitForBar(page);
    expect(await page.$eval('#cconsent-bar', (b) => b.getAttribute('aria-label'))).toBe('Consenso ai cookie');
    await expectAxe(page);
    expect(await trackersRan(page)).toEqual([]);
    const applied = await choiceApplied(page);
    await clickBar(page, /^Accetta tutti/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 2);
    expect((await trackersRan(page)).sort()).toEqual(['id=statistiche', 'id=wai&cookie=_pk_id']);
    expect(await page.evaluate(() => (window as any).__wrapped)).toBe(1);
    await page.waitForFunction(() => document.querySelector('iframe')?.getAttribute('src') === '/test/trackers/video.html');
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await context.close();
  });

  it('strict CSP with a nonce: 0 securitypolicyviolation events; revived scripts and styles carry the nonce', async () => {
    const context = await env.browser.createBrowserContext();
    const probe = await newProbe(context as unknown as Browser);
    const { page } = probe;
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await page.evaluateOnNewDocument(() => {
      (window as any).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__violations.push(e.violatedDirective + ' ' + e.blockedURI),
      );
    });
    await page.goto(env.portal.url + 'test/consent-csp.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await waitForBar(page);
    await page.click('main [data-piazza-consent-open]');
    await page.waitForSelector('#cconsent-modal[open]');
    for (const head of await page.$$('#cconsent-modal h3 button')) await head.click();
    await page.click('#cconsent-modal [data-category=analytics] [role=switch]');
    const applied = await choiceApplied(page);
    await clickDialog(page, /^Accetta tutti/);
    await applied();
    await page.waitForFunction(() => ((window as any).__trackers || []).length === 3);
    expect((await trackersRan(page)).sort()).toEqual(['id=a-dynamic', 'id=external-revived', 'id=inline-revived']);
    expect(await page.evaluate(() => (window as any).__revivedNonce)).toBe('piazza-csp');
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('style[data-piazza-css], script[src*="id=external-revived"]')].map((e) => e.nonce),
      ),
    ).toEqual(['piazza-csp', 'piazza-csp']);
    expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
    expect(probe.errors).toEqual([]);
    await context.close();
  });
});
