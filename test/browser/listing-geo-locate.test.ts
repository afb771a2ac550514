// "Locate me" on the geo tab: a position centres the map on the visitor and marks it; each
// failure shows the original's text (English here for the English block, Italian otherwise).
// Permissions and positions come from Chromium's own geolocation override.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { newProbe, waitReady, type Probe, eventually } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { geoReady, geoShown, mapSize, pixel, zoomChanged } from './listing-geo-kit';

const env = useBrowserEnv();

/** The demo maps in a fresh context, after `setup` (permissions, overrides) ran. */
async function openIn(
  setup: (context: BrowserContext, page: Page) => Promise<void> = async () => {},
): Promise<Probe & { context: BrowserContext }> {
  const context = await env.browser.createBrowserContext();
  const probe = await newProbe(context as unknown as Browser);
  await setup(context, probe.page);
  await probe.page.goto(env.portal.url + 'listing-geo.html', { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  await geoReady(probe.page, 'eventi-mappa');
  await geoReady(probe.page, 'eventi-remoti');
  return Object.assign(probe, { context });
}

/** Presses the block's locate button and returns the message shown (null: none, the map moved). */
async function locate(page: Page, blockId: string): Promise<string> {
  await page.click(`#${blockId} [data-control="locate"]`);
  await page.waitForSelector(`#${blockId} .piazza-geo-locate-error`, { timeout: 15_000 });
  return page.$eval(`#${blockId} .piazza-geo-locate-error`, (el) =>
    el.getAttribute('role') === 'alert' ? el.textContent! : 'not an alert',
  );
}

describe('locate me', () => {
  it('centres the map on the position and marks it', async () => {
    const probe = await openIn(async (context, page) => {
      await context.overridePermissions(env.portal.origin, ['geolocation']);
      await page.setGeolocation({ latitude: 46.0679, longitude: 11.1211, accuracy: 30 });
    });
    const { page } = probe;
    const before = await geoShown(page, 'eventi-mappa');
    await page.$eval('#eventi-mappa', (el) => {
      const said: string[] = ((window as any).__said = []);
      const region = el.querySelector(':scope > [role=status]')!;
      new MutationObserver(() => {
        if (region.textContent) said.push(region.textContent);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    });
    await page.click('#eventi-mappa [data-control="locate"]');
    const zoom = await zoomChanged(page, 'eventi-mappa', before.zoom);
    expect(zoom).toBe(16);
    await page.waitForFunction(() => (window as any).__said.includes('La mappa mostra la tua posizione.'));
    // The position's dot is drawn in the middle of the map.
    const [w, h] = await mapSize(page, 'eventi-mappa');
    // Blue once the zoom animation has drawn its last frame.
    await eventually(async () => {
      const [r, g, b] = await pixel(page, 'eventi-mappa', [Math.round(w / 2), Math.round(h / 2)]);
      expect(b).toBeGreaterThan(150);
      expect(r).toBeLessThan(60);
      expect(g).toBeLessThan(140);
    });
    expect(await page.$('#eventi-mappa .piazza-geo-locate-error')).toBeNull();
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await probe.context.close();
  });

  it('permission denied', async () => {
    const probe = await openIn();
    expect(await locate(probe.page, 'eventi-mappa')).toBe('Errore di geolocalizzazione: permesso negato.');
    expect(await locate(probe.page, 'eventi-remoti')).toBe('Geolocation error: permission denied.');
    await expectAxe(probe.page, 'page', '#eventi-mappa');
    expect(probe.errors).toEqual([]);
    await probe.context.close();
  });

  it('position unavailable', async () => {
    const probe = await openIn(async (context, page) => {
      await context.overridePermissions(env.portal.origin, ['geolocation']);
      // An override without a position: the browser reports POSITION_UNAVAILABLE.
      await (await page.createCDPSession()).send('Emulation.setGeolocationOverride', {});
    });
    expect(await locate(probe.page, 'eventi-remoti')).toBe('Geolocation error: position unavailable.');
    expect(await locate(probe.page, 'eventi-mappa')).toBe('Errore di geolocalizzazione: posizione non disponibile.');
    await probe.context.close();
  });

  it('timeout (after the 10 s the original waits)', async () => {
    // Allowed, but no position source: the request runs into its timeout.
    const probe = await openIn(async (context) => {
      await context.overridePermissions(env.portal.origin, ['geolocation']);
    });
    expect(await locate(probe.page, 'eventi-remoti')).toBe('Geolocation error: timeout.');
    await probe.context.close();
  }, 30_000);

  it('not supported', async () => {
    const probe = await openIn(async (_context, page) => {
      await page.evaluateOnNewDocument(() => {
        delete (Navigator.prototype as any).geolocation;
      });
    });
    expect(await locate(probe.page, 'eventi-remoti')).toBe('Geolocation not supported.');
    expect(await locate(probe.page, 'eventi-mappa')).toBe('Geolocalizzazione non supportata.');
    await probe.context.close();
  });
});
