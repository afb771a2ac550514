// The blocks' lifecycle: piazza.unmount(root?) takes blocks back to the content they had before
// mounting and stops what they started; mount → unmount → mount leaves no trace. "No trace" is
// measured against the same page whose blocks never mounted: the listeners on window and document
// (by type, from Chromium's DevTools protocol, as the long-session test counts them), piazza's
// <style> elements, and requests after the unmount.
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'puppeteer-core';
import { afterPageTimers, newProbe, quiet, waitReady } from './harness';
import { useBrowserEnv } from './env';
import { firstResults } from './listing-helpers';
import { geoReady, showGeoTab } from './listing-geo-kit';
import { nextAgenda } from './listing-agenda-helpers';
import { rowCount } from './datatable-kit';

const env = useBrowserEnv();
const BLOCKS = ['eventi', 'servizi', 'documenti'];

async function listenersOn(cdp: CDPSession, expression: string): Promise<Record<string, number>> {
  const { result } = await cdp.send('Runtime.evaluate', { expression });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, depth: 0 });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId! });
  const count: Record<string, number> = {};
  for (const l of listeners) count[l.type] = (count[l.type] || 0) + 1;
  return count;
}

/** What a page holds outside its blocks' own elements: listeners by type, piazza's styles. */
async function traces(page: Page, cdp: CDPSession) {
  return {
    window: await listenersOn(cdp, 'window'),
    document: await listenersOn(cdp, 'document'),
    styles: await page.$$eval('style[data-piazza-css]', (els) => els.map((e) => e.getAttribute('data-piazza-css')).sort()),
  };
}

/** Every block shows results, and the listing's map and agenda tabs have run too. */
async function useEveryPart(page: Page) {
  await firstResults(page, 'eventi', 'servizi');
  await page.waitForFunction(() => document.querySelectorAll('#documenti [role=grid] [role=row]').length > 1, { timeout: 15_000 });
  await showGeoTab(page, 'eventi');
  await geoReady(page, 'eventi');
  await page.click('#eventi-agenda-tab');
  await nextAgenda(page, 'eventi', 0);
  await page.click('#eventi-list-tab');
}

describe('piazza.unmount', () => {
  it('mount → unmount → mount leaves no trace: fallback content back, no listener, style or request left', async () => {
    const source = await (await fetch(env.portal.url + 'portale.html')).text();
    // The same page with blocks piazza does not know as blocks: the baseline of everything else
    // (consent, helpers, the page's own scripts).
    await fetch(env.portal.origin + '/__emulator/pages', {
      method: 'POST',
      body: JSON.stringify({ path: '/portale-senza-blocchi.html', html: source.replaceAll('data-piazza-block=', 'data-no-block=') }),
    });
    const bare = await newProbe(env.browser);
    await bare.page.goto(env.portal.url + 'portale-senza-blocchi.html', { waitUntil: 'domcontentloaded' });
    await waitReady(bare.page);
    await quiet(bare.page);
    const baseline = await traces(bare.page, await bare.page.createCDPSession());
    await bare.page.close();

    const probe = await newProbe(env.browser);
    const { page } = probe;
    await page.goto(env.portal.url + 'portale.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    const cdp = await page.createCDPSession();
    // The fallback content each block had in the page's HTML.
    const fallbacks = await page.evaluate(
      (html, ids) => {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        return ids.map((id) => doc.getElementById(id)!.outerHTML);
      },
      source,
      BLOCKS,
    );

    for (const round of [1, 2]) {
      await useEveryPart(page);
      await page.evaluate(() => (window as any).piazza.unmount());
      expect(await page.evaluate((ids) => ids.map((id) => document.getElementById(id)!.outerHTML), BLOCKS), `round ${round}`).toEqual(
        fallbacks,
      );
      expect(await page.$$eval('[data-piazza-state]', (els) => els.length)).toBe(0);
      const requestsBefore = probe.requests.length;
      // piazza's longest timer is the facet counts' 500 ms wait for the list: anything a block left
      // behind (a debounce, a retry, a prefetch in idle time) would have asked by then.
      await afterPageTimers(page, 1000);
      await quiet(page);
      expect(probe.requests.slice(requestsBefore), `round ${round}: requests after unmount`).toEqual([]);
      expect(await traces(page, cdp), `round ${round}`).toEqual(baseline);
      // Mounted again: the same blocks work as on the first load.
      await page.evaluate(() => (window as any).piazza.mount());
      expect(await page.$$eval('[data-piazza-block]', (els) => els.map((e) => e.id + ' ' + e.getAttribute('data-piazza-state')))).toEqual(
        BLOCKS.map((id) => id + ' mounted'),
      );
    }
    await firstResults(page, 'eventi', 'servizi');
    await page.waitForFunction(() => document.querySelectorAll('#documenti [role=grid] [role=row]').length > 1, { timeout: 15_000 });
    expect(await rowCount(page)).toBeGreaterThan(0);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('unmount(root) takes back only the blocks under root; a block unmounted while its chunk loads never mounts', async () => {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    await page.goto(env.portal.url + 'portale.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await firstResults(page, 'eventi', 'servizi');
    await page.evaluate(() => (window as any).piazza.unmount(document.getElementById('servizi')));
    expect(await page.$$eval('[data-piazza-block]', (els) => els.map((e) => e.id + ' ' + e.getAttribute('data-piazza-state')))).toEqual([
      'eventi mounted',
      'servizi null',
      'documenti mounted',
    ]);
    // A block added later, unmounted before its chunk is even asked for: it keeps its content.
    const state = await page.evaluate(async () => {
      const el = document.createElement('div');
      el.id = 'tardivo';
      el.setAttribute('data-piazza-block', 'probe');
      el.innerHTML = '<script type="application/json">{"message": "tardi"}</' + 'script><p>contenuto di riserva</p>';
      document.querySelector('main')!.append(el);
      const mounting = (window as any).piazza.mount(el);
      (window as any).piazza.unmount(el);
      await mounting;
      return [el.getAttribute('data-piazza-state'), el.querySelector('p')?.textContent];
    });
    expect(state).toEqual([null, 'contenuto di riserva']);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('a block unmounted and mounted again while its code fails to arrive is reported once, by the mount in charge', async () => {
    const probe = await newProbe(env.browser);
    const { page } = probe;
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    // The probe chunk's request is held, then refused once the block has been mounted twice.
    let held: import('puppeteer-core').HTTPRequest | undefined;
    page.on('request', (req) => (req.url().includes('/dist/chunks/probe-') ? (held = req) : req.continue()));
    await page.goto(env.portal.url + 'portale.html', { waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await page.evaluate(() => {
      const w = window as any;
      w.__errors = [];
      w.piazza.on('block:error', (e: { blockId: string }) => w.__errors.push(e.blockId));
      const el = document.createElement('div');
      el.id = 'tardivo';
      el.setAttribute('data-piazza-block', 'probe');
      el.innerHTML = '<script type="application/json">{"message": "tardi"}</' + 'script><p>contenuto di riserva</p>';
      document.querySelector('main')!.append(el);
      w.__first = w.piazza.mount(el);
    });
    await page.waitForFunction(() => document.getElementById('tardivo')!.getAttribute('data-piazza-state') === 'loading');
    while (!held) await new Promise((r) => setTimeout(r, 20));
    await page.evaluate(() => {
      const w = window as any,
        el = document.getElementById('tardivo')!;
      w.piazza.unmount(el);
      w.__second = w.piazza.mount(el);
    });
    await held.respond({ status: 404, body: '' });
    const after = await page.evaluate(async () => {
      const w = window as any;
      await Promise.all([w.__first, w.__second]);
      const el = document.getElementById('tardivo')!;
      return { errors: w.__errors, state: el.getAttribute('data-piazza-state'), text: el.querySelector('p')?.textContent };
    });
    // the first mount is no longer in charge: only the second reports, and the fallback stays
    expect(after).toEqual({ errors: ['tardivo'], state: 'error', text: 'contenuto di riserva' });
    expect(probe.consoleErrors.filter((e) => e.includes('probe block "tardivo"'))).toHaveLength(1);
    await page.close();
  });
});
