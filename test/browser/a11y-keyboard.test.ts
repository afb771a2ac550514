// Keyboard-only journeys across the demo portal: only Tab, Shift+Tab, Enter, Space, arrows, Escape
// and typed text, from the top of a freshly loaded page; every step asserts on
// `document.activeElement`. Consent from the bar and from the dialog; search, facet and page in
// the listing; every map point through the companion list; an agenda event opened; the data table
// sorted and paged; the lightbox opened and closed with focus back on its thumbnail. Then whole-page
// Tab walks: no keyboard trap anywhere except inside an open dialog, where focus must stay.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { firstResults, nextResults, shown } from './listing-helpers';
import { featuresOf, geoReady } from './listing-geo-kit';
import { drawAfter, GRID } from './datatable-kit';
import { a11yEnv, focused, focusMatches, press, tabTo, walk } from './a11y/kit';

const env = a11yEnv('a11y-keyboard');
const { visit } = env;

const consentCookie = async (page: Page) => {
  const c = (await page.browserContext().cookies()).find((x) => x.name === 'cconsent');
  return c ? JSON.parse(decodeURIComponent(c.value)) : null;
};

/** The element with focus is `selector`, else the failure says where focus is. */
async function expectFocus(page: Page, selector: string, within = false) {
  const ok = await focusMatches(page, selector, within);
  expect(ok, 'focus should be on ' + selector + ', is on ' + (await focused(page)).where).toBe(true);
}

describe('consent with the keyboard', () => {
  it('accepts everything from the bar; focus goes on to the page, not back to the top of a removed bar', async () => {
    const page = await visit('consent.html');
    await page.waitForSelector('#cconsent-bar', { visible: true });
    // The bar comes first in the page, so the first Tabs reach it.
    const presses = await tabTo(page, '#cconsent-bar .pc-actions button:last-child', { max: 6 });
    expect(presses).toBeLessThanOrEqual(4);
    expect((await focused(page)).name).toBe('Accetta tutti i cookie');
    await press(page, 'Enter');
    await page.waitForFunction(() => !document.getElementById('cconsent-bar'));
    expect((await consentCookie(page))?.categories).toEqual({
      necessary: { wanted: true },
      analytics: { wanted: true },
      multimedia: { wanted: true },
      preferences: { wanted: true },
    });
    await page.waitForFunction(() => ((window as any).__trackers || []).length > 0);
    // The next Tab continues with the page (its skip link), not from a lost position.
    await press(page, 'Tab');
    await expectFocus(page, 'a.visually-hidden-focusable');
  });

  it('opens the settings, turns one category on, saves; Tab stays in the dialog while it is open', async () => {
    const page = await visit('consent.html');
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await tabTo(page, '#cconsent-bar [data-piazza-consent-open]', { max: 6 });
    await press(page, 'Enter');
    await page.waitForSelector('#cconsent-modal[open]');
    await expectFocus(page, '#cconsent-modal');

    // A modal: Tab and Shift+Tab cycle through its controls and never reach the page behind.
    for (const shift of [false, true]) {
      const { stops, inside, wrapped, trappedAt } = await walk(page, { shift, max: 40, roots: ['#cconsent-modal'] });
      expect(trappedAt).toBeNull();
      expect(wrapped, 'focus goes round the dialog: ' + stops.join(' → ')).toBe(true);
      expect(inside['#cconsent-modal'], 'every stop in the dialog: ' + stops.join(' → ')).toBe(stops.length);
      expect(stops.length).toBeGreaterThan(4);
    }

    await tabTo(page, '#cconsent-modal .pc-cat[data-category="analytics"] h3 button', { max: 20 });
    expect(await page.$eval('#cconsent-modal .pc-cat[data-category="analytics"] h3 button', (b) => b.getAttribute('aria-expanded'))).toBe(
      'false',
    );
    await press(page, 'Enter');
    await expectFocus(page, '#cconsent-modal .pc-cat[data-category="analytics"] h3 button');
    expect(await page.$eval('#cconsent-modal .pc-cat[data-category="analytics"] h3 button', (b) => b.getAttribute('aria-expanded'))).toBe(
      'true',
    );
    await press(page, 'Tab');
    await expectFocus(page, '#cconsent-modal .pc-cat[data-category="analytics"] [role=switch]');
    await press(page, 'Space');
    expect(
      await page.$eval('#cconsent-modal .pc-cat[data-category="analytics"] [role=switch]', (b) => b.getAttribute('aria-checked')),
    ).toBe('true');
    await tabTo(page, '#cconsent-modal .pc-foot button:nth-child(2)', { max: 20 });
    expect((await focused(page)).name).toMatch(/salva/i);
    await press(page, 'Enter');
    await page.waitForFunction(() => !document.querySelector('#cconsent-modal[open]'));
    const choice = await consentCookie(page);
    expect(choice?.categories.analytics).toEqual({ wanted: true });
    expect(choice?.categories.multimedia).toEqual({ wanted: false });
    await page.waitForFunction(() => ((window as any).__trackers || []).some((u: string) => u.includes('id=wai')));
    // The opener (the bar's button) is gone with the bar: focus must not be stranded in the closed
    // dialog; the next Tab goes on through the page.
    expect(await focusMatches(page, '#cconsent-modal', true)).toBe(false);
    await press(page, 'Tab');
    expect(await focusMatches(page, '#cconsent-modal', true)).toBe(false);
    expect((await focused(page)).tag).not.toBe('body');
  });
});

describe('listing with the keyboard', () => {
  it('searches, picks a facet, changes page; focus lands on the new results', async () => {
    const page = await visit('listing.html');
    await firstResults(page, 'eventi');
    await tabTo(page, '#eventi .piazza-listing-search > button');
    await press(page, 'Enter');
    await expectFocus(page, '#eventi-search-text');
    await page.keyboard.type('comune');
    let v = (await shown(page, 'eventi')).version;
    await press(page, 'Enter');
    const searched = await nextResults(page, 'eventi', v);
    expect(searched.total).toBeGreaterThan(6);
    await expectFocus(page, '#eventi-search-text'); // the visitor may refine the text

    await tabTo(page, '#eventi-facet-0', { max: 5 });
    // The option with most results, reached with the arrow keys as a keyboard user does.
    const options = await page.$$eval('#eventi-facet-0 option:not([disabled])', (os) =>
      os.map((o) => Number(/\((\d+)\)$/.exec(o.textContent || '')?.[1] ?? -1)),
    );
    const best = options.indexOf(Math.max(...options));
    v = (await shown(page, 'eventi')).version;
    for (let i = 0; i < best; i++) await press(page, 'ArrowDown');
    await expectFocus(page, '#eventi-facet-0');
    await page.waitForFunction((want) => new URLSearchParams(location.search).has('eventi.f.topics') && !!want, {}, best);
    let res = await nextResults(page, 'eventi', v);
    while (res.status !== 'ready' || !(await page.$('#eventi-list [aria-label="Pagina 2"]')))
      res = await nextResults(page, 'eventi', res.version);
    expect(res.total).toBeGreaterThan(6);

    await tabTo(page, '#eventi-list [aria-label="Pagina 2"]', { max: 60 });
    v = res.version;
    await press(page, 'Enter');
    res = await nextResults(page, 'eventi', v);
    expect(await page.$eval('#eventi-list [aria-current=page]', (a) => a.textContent)).toContain('2');
    // Focus goes to the list of new results (not left on a link that moved, not lost).
    await expectFocus(page, '#eventi-list-results');
    // …and the next Tab enters the first new result.
    await press(page, 'Tab');
    await expectFocus(page, `#eventi-list-results [data-piazza-hit="${res.ids[0]}"]`, true);
  });

  it('reaches every map point through the companion list, and opens one on the map and back', async () => {
    const page = await visit('listing-geo.html');
    const geo = await geoReady(page, 'eventi-mappa');
    const companion = '#eventi-mappa .piazza-geo-companion';
    await tabTo(page, companion, { within: true, max: 40 });

    // Walk the list from its first entry: open every group, note every place.
    const reached = new Map<number, string>();
    for (let i = 0; i < 2000; i++) {
      const at = await page.evaluate((c) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest(c)) return null;
        const li = el.closest('li[data-point]');
        return {
          point: li ? Number(li.getAttribute('data-point')) : null,
          id: li?.getAttribute('data-id') ?? null,
          closedGroup: el.matches('.piazza-geo-group[aria-expanded="false"]'),
          // "show N more" (a list longer than its first hundred entries) is a direct child button
          showMore: el.parentElement?.matches(c) && el.tagName === 'BUTTON',
        };
      }, companion);
      if (!at) break;
      if (at.point !== null) reached.set(at.point, at.id!);
      if (at.closedGroup || at.showMore) {
        await press(page, 'Enter');
        if (at.closedGroup) await expectFocus(page, '.piazza-geo-group[aria-expanded="true"]');
      }
      await press(page, 'Tab');
    }
    expect(reached.size, 'points reached from the companion list').toBe(geo.points);
    const features = await featuresOf(
      env.portal.origin + '/api/opendata/v2/extrageo/search/' + encodeURIComponent('classes [event] sort [time_interval=>asc] limit 500'),
    );
    expect(new Set(reached.values())).toEqual(new Set(features.map((f) => String(f.id))));

    // Back into the list: "show on the map" opens the place's popup with focus inside; Escape comes back.
    await tabTo(page, companion + ' .piazza-geo-show', { shift: true, max: 10 });
    const point = await page.evaluate(() => document.activeElement!.closest('li[data-point]')!.getAttribute('data-point'));
    await press(page, 'Enter');
    await page.waitForSelector('#eventi-mappa .piazza-geo-popup');
    await page.waitForFunction(() => !!document.activeElement?.closest('#eventi-mappa .piazza-geo-popup'));
    await press(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('#eventi-mappa .piazza-geo-popup'));
    // Back to the place's own button when the list (which follows the map, now centred on the
    // place) still lists it on its own; when it is now inside a group, to the map that shows it.
    const own = `${companion} li[data-point="${point}"] .piazza-geo-show`;
    await expectFocus(page, (await page.$(own)) ? own : '#eventi-mappa .piazza-geo-map');
  });

  it('opens an agenda event from its list', async () => {
    const page = await visit('listing-agenda.html');
    await page.waitForSelector('#agenda-eventi .piazza-agenda[data-piazza-status=ready]');
    await tabTo(page, '#agenda-eventi summary.piazza-agenda-list-summary', { max: 60 });
    await press(page, 'Enter');
    await page.waitForSelector('#agenda-eventi details.piazza-agenda-list[open] .piazza-agenda-event-link');
    await press(page, 'Tab');
    await expectFocus(page, '#agenda-eventi a.piazza-agenda-event-link');
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).href);
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), press(page, 'Enter').catch(() => undefined)]);
    expect(page.url()).toBe(href);
  });
});

describe('data table with the keyboard', () => {
  it('sorts from a header, leaves the grid with Tab, pages; focus lands on the row count', async () => {
    const page = await visit('datatable.html');
    await tabTo(page, GRID, { within: true, max: 40 });
    // Up to the header row (a grid keeps one cell in the Tab order).
    for (let i = 0; i < 3 && !(await focusMatches(page, '[role=columnheader]', true)); i++) await press(page, 'ArrowUp');
    await expectFocus(page, GRID + ' [role=columnheader]', true);
    const header = await page.evaluate(() => document.activeElement!.closest('[role=columnheader]')!.getAttribute('aria-colindex'));
    await drawAfter(page, () => press(page, 'Enter'));
    const sel = `${GRID} [role=columnheader][aria-colindex="${header}"]`;
    expect(await page.$eval(sel, (h) => h.getAttribute('aria-sort'))).toBe('ascending');
    await expectFocus(page, sel, true);
    await drawAfter(page, () => press(page, 'Enter'));
    expect(await page.$eval(sel, (h) => h.getAttribute('aria-sort'))).toBe('descending');

    await press(page, 'Tab');
    expect(await focusMatches(page, GRID, true), 'Tab leaves the grid').toBe(false);
    await tabTo(page, '.piazza-datatable nav a[aria-label="Pagina 2"]', { max: 10 });
    await drawAfter(page, () => press(page, 'Enter'));
    expect(await page.$eval('.piazza-datatable nav [aria-current=page]', (a) => a.textContent)).toContain('2');
    await expectFocus(page, '.piazza-datatable-info');
    expect(await page.$eval(sel, (h) => h.getAttribute('aria-sort'))).toBe('descending');
  });
});

describe('lightbox with the keyboard', () => {
  it.each([
    ['the close button', 'close'],
    ['Escape', 'escape'],
  ] as const)('opens on a thumbnail, moves, closes with %s: focus is back on the thumbnail', async (_, how) => {
    const page = await visit('gallery.html');
    const thumb = how === 'close' ? '#foto a:nth-of-type(1)' : '#foto a:nth-of-type(3)';
    await tabTo(page, thumb, { max: 20 });
    await press(page, 'Enter');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await expectFocus(page, 'dialog.piazza-gallery', true);
    const index = await page.$eval('dialog.piazza-gallery', (d) => Number(d.getAttribute('data-index')));
    await press(page, 'ArrowRight');
    await page.waitForFunction(
      (i) => document.querySelector('dialog.piazza-gallery')?.getAttribute('data-index') === String(i + 1),
      {},
      index,
    );
    // Inside the open dialog Tab cycles and never reaches the page.
    const { stops, inside, wrapped } = await walk(page, { max: 40, roots: ['dialog.piazza-gallery'] });
    expect(wrapped, 'focus goes round the dialog: ' + stops.join(' → ')).toBe(true);
    expect(inside['dialog.piazza-gallery']).toBe(stops.length);
    if (how === 'close') {
      await tabTo(page, 'dialog.piazza-gallery .piazza-gallery-close', { max: 30 });
      await press(page, 'Enter');
    } else {
      await press(page, 'Escape');
    }
    await page.waitForFunction(() => !document.querySelector('dialog.piazza-gallery[open]'));
    await expectFocus(page, thumb);
  });
});

describe('no keyboard trap', () => {
  // Everything on one page, each tab of the listing in turn: Tab runs from the top to past the
  // footer, and Shift+Tab back, passing through every block and never meeting a control twice.
  it.each([
    ['list', ''],
    ['map', '?eventi.tab=geo'],
    ['agenda', '?eventi.tab=agenda'],
  ])('the whole portal page, %s tab shown, both directions', async (_, query) => {
    const page = await visit('portale.html' + query);
    await page.waitForSelector('#cconsent-bar', { visible: true });
    const roots = [
      '#cconsent-bar',
      '#eventi',
      '#servizi',
      '#documenti',
      '#foto',
      '#uffici',
      '#procedura',
      '[data-object_id="4007"]',
      'footer',
    ];
    const forward = await walk(page, { roots });
    expect(forward.trappedAt, 'forward walk: ' + forward.stops.slice(-15).join(' → ')).toBeNull();
    // It went through every block (each has controls) and on to the footer.
    for (const r of roots) expect(forward.inside[r], 'stops in ' + r).toBeGreaterThan(0);
    expect(forward.stops.length).toBeGreaterThan(40);
    const backward = await walk(page, { shift: true });
    expect(backward.trappedAt, 'backward walk: ' + backward.stops.slice(-15).join(' → ')).toBeNull();
    expect(backward.stops.length).toBe(forward.stops.length);
    expect(backward.stops).toEqual([...forward.stops].reverse());
  });
});
