// Hostile data on every block and helper: the emulator's hostile dataset puts XSS payloads,
// template placeholders, bidi and zero-width characters and 10 000-character strings in every field
// piazza renders (fixtures/data/hostile.mjs), and the portal's own markup carries the same values,
// escaped as its templates print them (fixtures/pages/test/hostile-markup.html). For each page:
// 0 payload runs (tripwire), 0 live handlers or javascript:/data: URLs in the DOM, nothing fetched
// from an origin nobody configured, no unhandled rejection, no sideways scrolling, and the controls
// still work on the hostile values.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { quiet, type Emulator, type Probe } from './harness';
import { useBrowserEnv } from './env';
import { CLEAN_SCAN, foreignRequests, openGuarded, overflow, rejections, scanDom, xssHits } from './hardening-kit';
import { after, firstResults, shown } from './listing-helpers';
import { geoReady } from './listing-geo-kit';
import { nextAgenda } from './listing-agenda-helpers';
import { drawAfter, idle } from './datatable-kit';
import { consentConfig, openConsentPage } from './consent-kit';
// @ts-ignore plain JS fixture module
import { HOSTILE_TEXT } from '../../fixtures/data/hostile-pages.mjs';
// @ts-ignore plain JS fixture module
import { PAYLOADS, XSS_MARKER } from '../../fixtures/data/hostile.mjs';

const env = useBrowserEnv({ portal: { hostile: true }, remote: { hostile: true } });

/** Everything a hostile page must still be, after each step (`layout`: where piazza's own output is, when not the whole page). */
async function expectHarmless(probe: Probe, step: string, allowed: Emulator[] = [env.portal], layout?: string) {
  const { page } = probe;
  await quiet(page);
  expect(await xssHits(page), step + ': payloads that ran').toEqual([]);
  expect(await scanDom(page), step + ': live hostile markup').toEqual(CLEAN_SCAN);
  expect(foreignRequests(probe, allowed), step + ': requests nobody configured').toEqual([]);
  expect(probe.external(), step).toEqual([]);
  expect(await rejections(page), step + ': unhandled rejections').toEqual([]);
  expect(probe.pageErrors, step + ': page errors').toEqual([]);
  expect(await overflow(page, layout), step + ': the page scrolls sideways').toEqual([]);
}

/** The page's own blocks (those with a config), not markers that hostile views try to slip in. */
const blockIds = (page: Page, type = 'listing') =>
  page.$$eval(`[data-piazza-block="${type}"]`, (els) =>
    els.filter((e) => e.querySelector(':scope > script[type="application/json"]')).map((e) => e.id),
  );

/** Picks the first real option of a facet select and waits for the results it leads to. */
async function pickFacet(page: Page, blockId: string, index: number) {
  const select = `#${blockId}-facet-${index}`;
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLSelectElement | null)?.options.length! > 1, {}, select);
  const value = await page.$eval(select, (s) => (s as HTMLSelectElement).options[1].value);
  return after(page, blockId, () => page.select(select, value));
}

describe('the listing block on hostile data', () => {
  it('every field type in built-in cards and in admin templates (href, src, title), here and over JSONP', async () => {
    const probe = await openGuarded(
      env.browser,
      env.portal.url + 'test/hostile-listing.html?remote=' + encodeURIComponent(env.remote.origin),
    );
    const { page } = probe;
    const ids = await blockIds(page);
    await firstResults(page, ...ids);
    for (const id of ids) expect((await shown(page, id)).status, id).toBe('ready');
    await expectHarmless(probe, 'first results', [env.portal, env.remote]);
    // The values are there, as text: the payloads did reach the page.
    expect(await page.$eval('#h-documenti', (el) => el.textContent)).toContain('<img src=x onerror=');
    expect(await page.$eval('#h-servizi', (el) => el.textContent)).toContain('{{name}}');
    // Links in templates never carry a hostile target: http(s) or site paths only.
    const hrefs = await page.$$eval('#h-servizi a[href], #h-remoto a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !/^https?:\/\//.test(h))).toEqual([]);

    // Still usable: facets with hostile values filter, the search takes a payload, pages turn.
    const filtered = await pickFacet(page, 'h-documenti', 0);
    expect(filtered.status).toBe('ready');
    expect(filtered.total).toBeGreaterThan(0);
    await pickFacet(page, 'h-servizi', 0);
    await page.click('#h-eventi .piazza-listing-search > button');
    await page.type('#h-eventi-search-text', `"><img src=x onerror=alert(1)> {{name}} \u202E`);
    const searched = await after(page, 'h-eventi', () => page.keyboard.press('Enter'));
    expect(searched.status).toBe('ready');
    const more = await after(page, 'h-immagini', () => page.click('#h-immagini [data-element=load-other-cards]'));
    expect(more.ids.length).toBeGreaterThan(8);
    const second = await after(page, 'h-luoghi', () => page.click('#h-luoghi nav a[aria-label="Pagina 2"]'));
    expect(second.status).toBe('ready');
    await expectHarmless(probe, 'after filtering and paging', [env.portal, env.remote]);
    // A portal script may mount again (late markup): a shared link that hostile views name, for a
    // placeholder of this page, reads nothing from the host the data chose; no block is mounted from data.
    await page.evaluate(() => (window as any).piazza.mount());
    expect(await page.$eval('#segnaposto', (el) => el.textContent)).toBe('Segnaposto di un contenuto condiviso');
    expect(await page.$$('#hostile-block[data-piazza-block], #hostile-block[data-piazza-state]')).toEqual([]);
    await expectHarmless(probe, 'after piazza.mount()', [env.portal, env.remote]);
    await page.close();
  });

  it.each(['listing.html', 'listing-cases.html'])('%s: server views, facets, search, append and remote blocks', async (path) => {
    const probe = await openGuarded(env.browser, env.portal.url + path);
    const { page } = probe;
    const ids = (await blockIds(page)).filter((id) => id !== 'vuoto');
    await firstResults(page, ...ids);
    await expectHarmless(probe, path);
    await page.evaluate(() => (window as any).piazza.mount());
    expect(await page.$$('#hostile-block[data-piazza-block], #hostile-block[data-piazza-state]')).toEqual([]);
    await expectHarmless(probe, path + ' after piazza.mount()');
    await page.close();
  });

  it('the geo tab: names in markers, companion list and popups (here and remote)', async () => {
    const probe = await openGuarded(env.browser, env.portal.url + 'listing-geo.html?remote=' + encodeURIComponent(env.remote.origin));
    const { page } = probe;
    for (const id of ['eventi-mappa', 'luoghi-server', 'eventi-remoti']) {
      const geo = await geoReady(page, id);
      expect(geo.status, id).toBe('ready');
      expect(geo.points, id).toBeGreaterThan(0);
    }
    for (const id of ['luoghi-server', 'eventi-remoti']) {
      // A place of the companion list (inside the first group when the list starts with groups).
      let show = await page.$(`#${id} .piazza-geo-list .piazza-geo-show`);
      if (!show) {
        await page.click(`#${id} .piazza-geo-list > li > .piazza-geo-group`);
        show = await page.waitForSelector(`#${id} .piazza-geo-list .piazza-geo-show`);
      }
      await show!.click();
      await page.waitForSelector(`#${id} .piazza-geo-popup[data-piazza-status="ready"]`, { timeout: 15_000 });
      await expectHarmless(probe, id + ' popup', [env.portal, env.remote]);
      await page.keyboard.press('Escape');
    }
    await page.close();
  });

  it('the agenda tab: calendar titles in the grid and the event list, month and day views', async () => {
    const probe = await openGuarded(env.browser, env.portal.url + 'listing-agenda.html');
    const { page } = probe;
    const month = await nextAgenda(page, 'agenda-eventi', 0);
    expect(month.status).toBe('ready');
    expect(month.count).toBeGreaterThan(0);
    expect(await page.$eval('#agenda-eventi .piazza-agenda', (el) => el.textContent)).toContain('<img src=x onerror=');
    await expectHarmless(probe, 'month');
    await page.setViewport({ width: 375, height: 800 });
    await page.waitForFunction(() => document.querySelector('#agenda-eventi .piazza-agenda')?.getAttribute('data-view') === 'day');
    await expectHarmless(probe, 'day view at 375 px');
    await page.close();
  });
});

describe('phones: hostile values in narrow layouts', () => {
  it.each(['test/hostile-listing.html', 'listing-geo.html', 'datatable.html'])(
    '%s at 375 px: nothing runs, nothing scrolls sideways',
    async (path) => {
      const probe = await openGuarded(env.browser, env.portal.url + path + '?remote=' + encodeURIComponent(env.remote.origin), {
        width: 375,
        height: 800,
      });
      const { page } = probe;
      if (path === 'datatable.html') await idle(page);
      else if (path === 'listing-geo.html') for (const id of await blockIds(page)) await geoReady(page, id);
      else await firstResults(page, ...(await blockIds(page)));
      await expectHarmless(probe, path + ' at 375 px', [env.portal, env.remote]);
      await page.close();
    },
  );
});

describe('the data table on hostile data', () => {
  it.each(['datatable.html?documenti.size=25', 'datatable-contenuti.html'])('%s: every cell type, facets, search', async (path) => {
    const probe = await openGuarded(env.browser, env.portal.url + path);
    const { page } = probe;
    await idle(page);
    await expectHarmless(probe, path);
    const facet = await page.$('.piazza-datatable select');
    if (facet) {
      const value = await page.$eval('.piazza-datatable select', (s) => (s as HTMLSelectElement).options[1]?.value);
      if (value) await drawAfter(page, () => page.select('.piazza-datatable select', value));
    }
    await expectHarmless(probe, path + ' filtered');
    await page.close();
  });
});

describe('helpers and the gallery on hostile markup', () => {
  // What piazza draws on this page (the rest is the portal's markup and CSS, long words included).
  // In the lightbox, the slide on screen and the controls (the others wait off screen, as fslightbox places them).
  const MINE = '#h-probe, .piazza-st, .piazza-st-cards, .piazza-gallery-current, .piazza-gallery-bar, .piazza-gallery-footer';

  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 375, height: 800 }],
  ])('the probe block, a stacked table, procedure steps, masonry cards and the gallery (%s)', async (_name, viewport) => {
    const probe = await openGuarded(env.browser, env.portal.url + 'test/hostile-markup.html', viewport);
    const { page } = probe;
    await page.waitForSelector('#h-probe[data-piazza-state="mounted"]');
    expect(await page.$eval('#h-probe', (el) => el.textContent)).toContain('<img src=x onerror=');
    await page.waitForSelector('#h-tabella[data-piazza-stacked]');
    await page.waitForSelector('#h-procedura [data-procedure-toggle][aria-controls]');
    await expectHarmless(probe, 'mounted', [env.portal], MINE);
    // Steps and cards open; the stacked copy keeps every value as text.
    await page.click('#h-procedura [data-procedure-toggle]');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#h-procedura [data-procedure]')).every(
        (p) => !(p as HTMLElement).hidden && p.classList.contains('show'),
      ),
    );
    await page.click('#h-schede [data-bs-target="#h-orari-1"]');
    await page.waitForSelector('#h-orari-1.show');
    await expectHarmless(probe, 'steps and cards open', [env.portal], MINE);
    // Every gallery item, hostile addresses included, in the lightbox.
    await page.click('#h-galleria a[data-gallery]');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    // Three items: the one that only points at javascript: is left out.
    expect(await page.$eval('dialog.piazza-gallery', (d) => d.getAttribute('aria-label'))).toBe('Galleria, 3 elementi');
    expect(await page.$eval('dialog.piazza-gallery', (d) => d.textContent)).toContain('<img src=x onerror=');
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(
        (n) => document.querySelector('dialog.piazza-gallery')?.getAttribute('data-index') === String(n % 3),
        {},
        i,
      );
      await expectHarmless(probe, 'slide ' + (i % 3), [env.portal], MINE);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.piazza-gallery'));
    await expectHarmless(probe, 'closed', [env.portal], MINE);
    await page.close();
  });

  it('shared-link embeds from a hostile portal, and their markers after piazza.mount()', async () => {
    const probe = await openGuarded(
      env.browser,
      env.portal.url + 'test/helpers-sharedlink-hostile.html?remote=' + encodeURIComponent(env.remote.origin),
    );
    const { page } = probe;
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-remote-path]')).every((l) => l.hasAttribute('data-piazza-embedded')),
    );
    await expectHarmless(probe, 'embedded', [env.portal, env.remote]);
    // The hostile views name this page's other placeholder (object 4007, banner) with a link to another host.
    await page.evaluate(() => (window as any).piazza.mount());
    await quiet(page);
    expect(await page.$eval('#not-this-view', (el) => el.textContent!.trim())).toBe("Resta com'è");
    await expectHarmless(probe, 'after piazza.mount()', [env.portal, env.remote]);
    await page.close();
  });
});

describe('the consent UI with hostile texts in its config', () => {
  it('category and service names, descriptions and bar texts are text; a javascript: learn-more link is refused', async () => {
    const text = (extra = '') => HOSTILE_TEXT + extra;
    const config = consentConfig({
      modalMainTextMoreLink: PAYLOADS.url[0],
      language: {
        current: 'en',
        locale: { en: { barMainText: text(), modalMainTitle: text(), modalMainText: text(' ' + PAYLOADS.long) } },
      },
      categories: {
        analytics: { needed: false, wanted: false, checked: false, language: { locale: { en: { name: text(), description: text() } } } },
      },
      services: {
        tracker: {
          category: 'analytics',
          type: 'dynamic-script',
          search: 'tracker.js?id=a-',
          language: { locale: { en: { name: text() } } },
        },
      },
    });
    // As the portal prints JSON into a <script> (PHP's json_encode writes `<\/`).
    const json = JSON.stringify(config).replace(/<\//g, '<\\/');
    const probe = await openConsentPage(
      env.browser,
      env.portal.url + 'test/hardening-consent-texts.html',
      { config: json },
      {
        before: async (page) => {
          await page.evaluateOnNewDocument((marker: string) => {
            const hits: string[] = ((window as any).__piazzaXssHits = []);
            Object.defineProperty(window, marker, { value: (id: unknown) => hits.push(String(id)) > 0 });
            (window as any).__piazzaRejections = [];
          }, XSS_MARKER);
        },
      },
    );
    const { page } = probe;
    await page.waitForSelector('#cconsent-bar', { visible: true });
    expect(await page.$eval('#cconsent-bar', (b) => b.textContent)).toContain('<img src=x onerror=');
    await page.evaluate(() => (window as any).piazza.consent.open());
    await page.waitForSelector('#cconsent-modal[open]', { visible: true });
    await page.$$eval('#cconsent-modal .pc-cat h3 button', (bs) => bs.forEach((b) => (b as HTMLElement).click()));
    await quiet(page);
    expect(await xssHits(page)).toEqual([]);
    expect(await scanDom(page)).toEqual(CLEAN_SCAN);
    expect(await overflow(page, '#cconsent-bar, #cconsent-modal')).toEqual([]);
    // The check refused the link (one admin error), the dialog shows none.
    expect(probe.consoleErrors.filter((m) => m.includes('/modalMainTextMoreLink'))).toHaveLength(1);
    expect(probe.pageErrors).toEqual([]);
    await page.browserContext().close();
  });
});
