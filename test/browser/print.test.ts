// Printed municipal pages (procedures, opening hours, event lists) with Chromium's print media
// emulation: closed procedure steps print expanded, stacked tables print as the author's table, the
// consent bar, map controls, tab bars and paginations do not print, the map and the agenda print their
// companion lists (the agenda's opened for printing, as the browser's beforeprint event asks).
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { openPage } from './harness';
import { useBrowserEnv } from './env';
import { settle } from './a11y/kit';

const env = useBrowserEnv();

/** For each selector: is any element it matches rendered (a box on the page)? */
const rendered = (page: Page, selectors: string[]) =>
  page.evaluate(
    (sels) =>
      Object.fromEntries(
        sels.map((s) => [
          s,
          Array.from(document.querySelectorAll(s)).some((el) =>
            (el as HTMLElement).checkVisibility({ contentVisibilityAuto: true } as any),
          ),
        ]),
      ),
    selectors,
  );

async function printing(page: Page) {
  await page.emulateMediaType('print');
  await page.evaluate(() => {
    dispatchEvent(new Event('beforeprint'));
    return new Promise((r) => requestAnimationFrame(() => r(true)));
  });
}

describe('print', () => {
  it('procedure steps: every step prints open, the show-all control does not', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html');
    const { page } = probe;
    const texts = () =>
      page.$$eval('.piazza-procedure [data-procedure]', (ps) =>
        ps.map(
          (p) =>
            (p as HTMLElement).checkVisibility({ contentVisibilityAuto: true } as any) && (p as HTMLElement).innerText.trim().length > 0,
        ),
      );
    const steps = (await texts()).length;
    expect(steps).toBeGreaterThanOrEqual(5);
    expect(await texts()).toEqual(Array(steps).fill(false)); // closed on screen
    await printing(page);
    expect(await texts()).toEqual(Array(steps).fill(true));
    expect(await rendered(page, ['.piazza-procedure [data-procedure-toggle]'])).toEqual({
      '.piazza-procedure [data-procedure-toggle]': false,
    });
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('stacked tables print as the original table, not as the phone copy', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-tables.html', { width: 375, height: 740 });
    const { page } = probe;
    await page.waitForFunction(() => (document.getElementById('uffici') as HTMLElement).hidden);
    const shown = () => rendered(page, ['#uffici', '#wrap-stack .piazza-st', '#wrap-card .piazza-st-cards', '#wrap-card table.large-only']);
    expect(await shown()).toEqual({
      '#uffici': false,
      '#wrap-stack .piazza-st': true,
      '#wrap-card .piazza-st-cards': true,
      '#wrap-card table.large-only': false,
    });
    await printing(page);
    expect(await shown()).toEqual({
      '#uffici': true,
      '#wrap-stack .piazza-st': false,
      '#wrap-card .piazza-st-cards': false,
      '#wrap-card table.large-only': true,
    });
    await page.close();
  });

  it('the consent bar does not print', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'consent.html');
    const { page } = probe;
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await printing(page);
    expect(await rendered(page, ['#cconsent-bar'])).toEqual({ '#cconsent-bar': false });
    await page.close();
  });

  it('the list tab prints its results without tab bar, search button or pagination; the data table without pagination', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html');
    const { page } = probe;
    await settle(page);
    const parts = [
      '#eventi [role=listitem]',
      '#eventi [role=tablist]',
      '#eventi nav.pagination-wrapper',
      '#eventi .piazza-listing-search > button',
    ];
    expect(Object.values(await rendered(page, parts))).toEqual([true, true, true, true]);
    await printing(page);
    expect(Object.values(await rendered(page, parts))).toEqual([true, false, false, false]);
    await page.close();

    const table = await openPage(env.browser, env.portal.url + 'datatable.html');
    await settle(table.page);
    const tparts = ['.piazza-datatable [role=gridcell]', '.piazza-datatable nav.pagination-wrapper'];
    expect(Object.values(await rendered(table.page, tparts))).toEqual([true, true]);
    await printing(table.page);
    expect(Object.values(await rendered(table.page, tparts))).toEqual([true, false]);
    await table.page.close();
  });

  it('the map prints without its controls, with every place of its companion list unclipped', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html?eventi.tab=geo');
    const { page } = probe;
    await page.waitForFunction(() => Number(document.querySelector('#eventi .piazza-geo')?.getAttribute('data-drawn')) > 0, {
      timeout: 20_000,
    });
    expect(await rendered(page, ['#eventi .piazza-geo-controls'])).toEqual({ '#eventi .piazza-geo-controls': true });
    await printing(page);
    expect(await rendered(page, ['#eventi .piazza-geo-controls', '#eventi .piazza-geo-show', '#eventi .piazza-geo-companion li'])).toEqual({
      '#eventi .piazza-geo-controls': false,
      '#eventi .piazza-geo-show': false,
      '#eventi .piazza-geo-companion li': true,
    });
    const companion = await page.$eval('#eventi .piazza-geo-companion', (c) => ({
      clipped: c.scrollHeight > c.clientHeight + 1,
      places: c.querySelectorAll('li').length,
    }));
    expect(companion.clipped).toBe(false);
    expect(companion.places).toBeGreaterThan(0);
    await page.close();
  });

  it('the agenda prints its event list, opened for printing, instead of the grid; the list closes again after', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'listing.html?eventi.tab=agenda');
    const { page } = probe;
    await page.waitForFunction(() => document.querySelector('#eventi .piazza-agenda')?.getAttribute('data-piazza-status') === 'ready', {
      timeout: 20_000,
    });
    const count = Number(await page.$eval('#eventi .piazza-agenda', (a) => a.getAttribute('data-count')));
    const view = await page.$eval('#eventi .piazza-agenda', (a) => a.getAttribute('data-view'));
    expect(view).toBe('month'); // a desktop opens the month, whose list starts closed
    expect(await page.$eval('#eventi .piazza-agenda-list', (d) => (d as HTMLDetailsElement).open)).toBe(false);
    await printing(page);
    expect(await page.$eval('#eventi .piazza-agenda-list', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.$$eval('#eventi .piazza-agenda-list .piazza-agenda-event', (es) => es.length)).toBe(count);
    expect(await rendered(page, ['#eventi .piazza-agenda-calendar', '#eventi .piazza-agenda-title'])).toEqual({
      '#eventi .piazza-agenda-calendar': false,
      '#eventi .piazza-agenda-title': true,
    });
    await page.emulateMediaType('screen');
    await page.evaluate(() => {
      dispatchEvent(new Event('afterprint'));
      return new Promise((r) => requestAnimationFrame(() => r(true)));
    });
    expect(await page.$eval('#eventi .piazza-agenda-list', (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
