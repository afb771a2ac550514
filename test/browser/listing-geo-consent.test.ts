// Third-party tiles as a consent-governed service: until the visitor accepts it, the geo tab
// requests no tile and shows a placeholder and the list of places; accepting (in the bar, or
// "show the map" for this page) brings the map at once, without a reload.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'puppeteer-core';
import { newProbe, waitReady, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { clickBar } from './consent-kit';
import { entries, geoReady } from './listing-geo-kit';

const env = useBrowserEnv();

const ACCEPTED = JSON.stringify({
  version: 1,
  categories: { necessary: { wanted: true }, maps: { wanted: true } },
  services: ['openstreetmap'],
});

async function open(cookie?: string): Promise<Probe & { context: BrowserContext }> {
  const context = await env.browser.createBrowserContext();
  if (cookie) await context.setCookie({ name: 'cconsent', value: cookie, domain: '127.0.0.1', path: '/' });
  const probe = await newProbe(context as unknown as Browser);
  await probe.page.goto(env.portal.url + 'listing-geo-consent.html', { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  await geoReady(probe.page, 'luoghi');
  return Object.assign(probe, { context });
}

const tiles = (probe: Probe) => probe.requests.filter((u) => u.includes('/tiles/'));

describe('tiles that need consent', () => {
  it('wait behind a placeholder, the places listed; "show the map" loads it for this page', async () => {
    const probe = await open();
    const { page } = probe;
    expect(await page.$('#luoghi .piazza-geo-map')).toBeNull();
    expect(await page.$eval('#luoghi .piazza-geo-placeholder p', (p) => p.textContent)).toBe(
      'La mappa usa un servizio esterno (openstreetmap) che può essere caricato solo con il tuo consenso. I luoghi sono comunque nell’elenco.',
    );
    // Every place is listed, grouped only where places nearly touch (as at max zoom), with no map to show them on.
    const list = await entries(page, 'luoghi');
    const total = await page.$eval('#luoghi .piazza-geo', (el) => Number(el.getAttribute('data-points')));
    expect(list.reduce((n, e) => n + e.count, 0)).toBe(total);
    expect(list.filter((e) => e.kind === 'place').length).toBeGreaterThan(total - 6);
    expect(list.filter((e) => e.kind === 'group').every((e) => e.count === 2)).toBe(true);
    expect(list.every((e) => e.at === null)).toBe(true);
    expect(await page.$('#luoghi .piazza-geo-show')).toBeNull();
    await expectAxe(page, 'page', '#luoghi');
    expect(tiles(probe)).toEqual([]);

    const buttons = await page.$$eval('#luoghi .piazza-geo-placeholder button', (bs) => bs.map((b) => b.textContent));
    expect(buttons).toEqual(['Mostra la mappa', 'Preferenze sui cookie']);
    await page.click('#luoghi .piazza-geo-placeholder .btn-primary');
    await page.waitForSelector('#luoghi .piazza-geo-map canvas');
    await page.waitForFunction(() => Number(document.querySelector('#luoghi .piazza-geo')!.getAttribute('data-drawn')) > 0);
    expect((await entries(page, 'luoghi')).every((e) => e.at)).toBe(true);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/tiles/')));
    expect(probe.errors).toEqual([]);
    await probe.context.close();
  });

  it('come in as soon as the visitor accepts them in the consent bar, and the settings button opens the dialog', async () => {
    const probe = await open();
    const { page } = probe;
    await page.click('#luoghi .piazza-geo-placeholder .btn-outline-primary');
    await page.waitForSelector('#cconsent-modal[open]', { visible: true });
    await page.keyboard.press('Escape');
    expect(tiles(probe)).toEqual([]);
    await clickBar(page, /^Accetta tutti/);
    await page.waitForSelector('#luoghi .piazza-geo-map canvas');
    await page.waitForFunction(() => Number(document.querySelector('#luoghi .piazza-geo')!.getAttribute('data-drawn')) > 0);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/tiles/')));
    expect(await page.$('#luoghi .piazza-geo-placeholder')).toBeNull();
    expect(probe.errors).toEqual([]);
    await probe.context.close();
  });

  it('load at once when the visitor accepted them before', async () => {
    const probe = await open(ACCEPTED);
    const { page } = probe;
    await page.waitForSelector('#luoghi .piazza-geo-map canvas');
    expect(await page.$('#luoghi .piazza-geo-placeholder')).toBeNull();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/tiles/')));
    await expectAxe(page, 'page', '#luoghi');
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await probe.context.close();
  });
});
