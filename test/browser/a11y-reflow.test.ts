// Reduced motion and reflow across the portal. With `prefers-reduced-motion: reduce`, nothing in
// piazza's UI animates or transitions for longer than 0.01 s, in every state that moves (bar,
// dialog, tabs, map, agenda, table, lightbox, procedure, masonry). At 320 CSS px (WCAG 1.4.10: a
// 1280 px window at 400 %) and 640 px (200 %), no block scrolls sideways and none clips its content.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { geoReady } from './listing-geo-kit';
import { a11yEnv, BLOCK_ROOTS, DESKTOP, openFirstPlace, REFLOW, reflowProblems, settle } from './a11y/kit';

const env = a11yEnv('a11y-reflow');
const visit = (path: string, viewport = DESKTOP, reducedMotion = true) => env.visit(path, { viewport, reducedMotion });

/** Elements of piazza's UI whose animation or transition lasts longer than 0.01 s. */
const moving = (page: Page) =>
  page.evaluate((roots) => {
    const seconds = (list: string) =>
      Math.max(...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v)) || 0));
    const out: string[] = [];
    const all = Array.from(document.querySelectorAll(roots)).flatMap((r) => [r, ...Array.from(r.querySelectorAll('*'))]);
    for (const el of new Set(all)) {
      const cs = getComputedStyle(el);
      const name =
        el.tagName.toLowerCase() +
        (el.id ? '#' + el.id : '') +
        '.' +
        (el.getAttribute('class') || '').trim().split(/\s+/).slice(0, 2).join('.');
      const t = seconds(cs.transitionDuration);
      if (t > 0.01 && cs.transitionProperty !== 'none') out.push(`${name}: transition ${cs.transitionProperty} ${cs.transitionDuration}`);
      const a =
        seconds(cs.animationDuration) * (cs.animationIterationCount === 'infinite' ? Infinity : Number(cs.animationIterationCount) || 1);
      if (cs.animationName !== 'none' && a > 0.01)
        out.push(`${name}: animation ${cs.animationName} ${cs.animationDuration} × ${cs.animationIterationCount}`);
    }
    // Running script-driven (Web Animations) ones, wherever they are.
    for (const anim of document.getAnimations()) {
      const target = (anim.effect as KeyframeEffect | null)?.target as Element | null;
      const timing = anim.effect?.getComputedTiming();
      if (target && target.closest(roots) && timing && Number(timing.activeDuration) > 10)
        out.push('running: ' + target.tagName.toLowerCase() + '.' + String(target.className) + ' ' + timing.activeDuration + ' ms');
    }
    return [...new Set(out)];
  }, UI_ROOTS);

/** Where piazza's UI lives, including what it injects outside blocks (bar, dialogs, placeholders). */
const UI_ROOTS = BLOCK_ROOTS + ', .piazza-consent, .piazza-gallery, [data-piazza-embed]';

describe('reduced motion', () => {
  // Each state's moving parts are gathered, then asserted at once: the failure lists them all.
  it("nothing of piazza's UI moves: consent, listing (list, map, agenda), table, procedure, lightbox, masonry", async () => {
    const found: string[] = [];
    const note = async (page: Page, state: string) => {
      for (const m of await moving(page)) found.push(state + ' · ' + m);
    };
    let page = await visit('consent.html');
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await note(page, 'consent bar');
    await page.click('#cconsent-bar [data-piazza-consent-open]');
    await page.waitForSelector('#cconsent-modal[open]');
    await page.click('#cconsent-modal .pc-cat[data-category="analytics"] h3 button');
    await page.click('#cconsent-modal .pc-cat[data-category="analytics"] [role=switch]');
    await note(page, 'consent dialog');

    page = await visit('portale.html');
    await page.select('#eventi-facet-0', 'Cultura');
    await note(page, 'list reloading');
    await settle(page);
    await note(page, 'list');
    await page.click('#eventi-geo-tab');
    await note(page, 'map loading');
    await geoReady(page, 'eventi');
    await openFirstPlace(page, 'eventi');
    await note(page, 'map, popup');
    await page.click('#eventi-agenda-tab');
    await note(page, 'agenda loading');
    await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]');
    await page.click('#eventi .piazza-agenda-next');
    await note(page, 'agenda, next month');
    await page.click('#piazza-dt-documenti-facet-0');
    await page.click('#documenti .piazza-datatable nav a[aria-label="Pagina 2"]');
    await note(page, 'table paging');
    await page.click('[aria-controls="collapse-pp-0"]');
    await note(page, 'procedure');
    await page.click('#foto a[data-gallery]');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await page.keyboard.press('ArrowRight');
    await note(page, 'lightbox');
    page = await visit('helpers-masonry.html');
    await page.click('[data-bs-toggle=masonry] [aria-controls]');
    await note(page, 'masonry');
    expect(found, found.join('\n')).toEqual([]);
  });

  it('without the preference, the same UI does animate (the check can tell)', async () => {
    const page = await visit('gallery.html', DESKTOP, false);
    await page.click('#foto a:nth-of-type(1)');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await page.keyboard.press('ArrowRight');
    expect((await moving(page)).length).toBeGreaterThan(0);
  });
});

const WIDTHS = [
  ['320 px (400 % zoom)', REFLOW],
  ['640 px (200 % zoom)', { width: 640, height: 720 }],
] as const;

describe('reflow', () => {
  it.each(WIDTHS)('portale.html in every state at %s', async (_, viewport) => {
    const page = await visit('portale.html', viewport);
    const check = async (state: string) => {
      const out = await reflowProblems(page);
      expect(out, state + ':\n' + out.join('\n')).toEqual([]);
    };
    await page.waitForSelector('#cconsent-bar', { visible: true });
    await check('consent bar');
    await page.click('#cconsent-bar [data-piazza-consent-open]');
    await page.waitForSelector('#cconsent-modal[open]');
    for (const key of ['necessary', 'analytics', 'multimedia'])
      await page.click(`#cconsent-modal .pc-cat[data-category="${key}"] h3 button`);
    await check('consent dialog, every category open');
    await page.click('#cconsent-modal .pc-foot button:last-child');
    await page.waitForSelector('#main iframe[data-consent="multimedia"][src]');
    await page.click('#eventi .piazza-listing-search > button');
    await check('listing, search open');
    await page.click('#eventi-geo-tab');
    await geoReady(page, 'eventi');
    await openFirstPlace(page, 'eventi');
    await settle(page);
    await check('map, a popup open');
    await page.click('#eventi-agenda-tab');
    await page.waitForSelector('#eventi .piazza-agenda[data-piazza-status=ready]');
    await page.click('#eventi details.piazza-agenda-list > summary').catch(() => undefined);
    await settle(page);
    await check('agenda');
    await page.click('#piazza-dt-documenti-facet-0');
    await check('table, a facet panel open');
    await page.click('[aria-controls="collapse-pp-1"]');
    await check('procedure step open');
    await page.click('#foto a[data-gallery]');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await settle(page);
    await check('lightbox open');
  });
});
