// Masonry cards with collapsible text (helpers-masonry.html, the theme's bundle laying the grid out
// as on a real page): while a section opens or closes, every painted frame keeps the cards apart
// and inside the grid, and the grid is never recreated (so the page below never jumps).
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { openPage } from './harness';
import { expectAxe } from './expect-axe';
// @ts-ignore plain JS fixture module
import { THEME_CHOICES } from '../../fixtures/emulator/index.mjs';
import { useBrowserEnv } from './env';
import { helperChunks, overlapsIn, WIDTHS } from './helpers-common';

const env = useBrowserEnv();

/** `overflow`: how far the lowest card reaches below the grid's box (BI's MiniMasonry leaves 5 px in one column even at rest). */
interface Frame {
  overlaps: number;
  overflow: number;
  cardHeight: number;
  columns: number;
}

/** Frames where a card overlaps another, or reaches further below the grid than at rest (the first frame). */
const untidy = (frames: Frame[]) => frames.filter((f) => f.overlaps > 0 || f.overflow > Math.max(0, frames[0].overflow) + 1);

/**
 * Clicks `toggle` and records, for every resize of a card until the section's transition is over,
 * the geometry that is about to be painted: a ResizeObserver created after piazza's runs right
 * after it, between layout and paint.
 */
function watchToggle(page: Page, toggle: string, card: string): Promise<Frame[]> {
  return page.evaluate(
    (toggleSel, cardSel) =>
      new Promise<Frame[]>((resolve) => {
        const grid = document.getElementById('uffici')!;
        const items = Array.from(grid.children) as HTMLElement[];
        const frames: Frame[] = [];
        const check = () => {
          const r = items.map((el) => el.getBoundingClientRect());
          const g = grid.getBoundingClientRect();
          let overlaps = 0;
          for (let i = 0; i < r.length; i++) {
            for (let j = i + 1; j < r.length; j++) {
              const w = Math.min(r[i].right, r[j].right) - Math.max(r[i].left, r[j].left);
              const h = Math.min(r[i].bottom, r[j].bottom) - Math.max(r[i].top, r[j].top);
              if (w > 1 && h > 1) overlaps++;
            }
          }
          frames.push({
            overlaps,
            overflow: Math.round(Math.max(...r.map((x) => x.bottom)) - g.bottom),
            cardHeight: Math.round(document.querySelector(cardSel)!.getBoundingClientRect().height),
            columns: new Set(r.map((x) => Math.round(x.left))).size,
          });
        };
        const ro = new ResizeObserver(check);
        items.forEach((el) => ro.observe(el));
        check(); // at rest, before the click
        (document.querySelector(toggleSel) as HTMLElement).click();
        const section = document.querySelector((document.querySelector(toggleSel) as HTMLElement).getAttribute('data-bs-target')!)!;
        // Done when Bootstrap's transition has ended (no `.collapsing`) and two more frames have passed.
        let quiet = 0;
        const tick = () => {
          quiet = section.classList.contains('collapsing') ? 0 : quiet + 1;
          if (quiet < 3) requestAnimationFrame(tick);
          else {
            ro.disconnect();
            check();
            resolve(frames);
          }
        };
        requestAnimationFrame(tick);
      }),
    toggle,
    card,
  );
}

/** Laid out by the theme: 2.18's MiniMasonry moves cards with transforms, 2.2/2.11's Masonry v4 with left/top. */
const layoutReady = (page: Page) =>
  page.waitForFunction(() => {
    const card = document.querySelector('#uffici > div') as HTMLElement;
    return card.style.transform !== '' || card.style.position === 'absolute';
  });

describe.each(WIDTHS)('masonry cards (%s)', (_name, viewport) => {
  it('keeps cards apart and inside the grid in every frame while a section opens and closes', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-masonry.html', viewport);
    const { page } = probe;
    await layoutReady(page);
    const before = await page.$eval('#card-1', (el) => el.getBoundingClientRect().height);

    const opening = await watchToggle(page, '[data-bs-target="#orari-1"]', '#card-1');
    expect(opening.length).toBeGreaterThan(3); // the card did grow over several frames
    expect(untidy(opening)).toEqual([]);
    expect(opening[opening.length - 1].cardHeight).toBeGreaterThan(before);
    const layouts = Number(await page.$eval('#uffici', (g) => g.getAttribute('data-piazza-masonry-layouts')));
    expect(layouts).toBeGreaterThan(0);

    const closing = await watchToggle(page, '[data-bs-target="#orari-1"]', '#card-1');
    expect(untidy(closing)).toEqual([]);
    expect(closing[closing.length - 1].cardHeight).toBe(Math.round(before));
    // The grid fits its cards again as at rest (no empty band left below).
    expect(closing[closing.length - 1].overflow).toBe(opening[0].overflow);

    await expectAxe(page);
    expect(helperChunks(probe)).toEqual(['helper-masonry']);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('masonry cards: the page does not jump', () => {
  it('keeps what the visitor reads below the grid in place while a card above it grows in the same column', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-masonry.html', { width: 1280, height: 900 });
    const { page } = probe;
    await layoutReady(page);
    // The grid is laid out in place: the same instance throughout, never disposed and rebuilt.
    await page.evaluate(() => {
      const grid = document.getElementById('uffici')!;
      (window as any).__instance = (window as any).bootstrap.Masonry.getInstance(grid);
      (window as any).__heights = [] as number[];
      new ResizeObserver(() => (window as any).__heights.push(grid.getBoundingClientRect().height)).observe(grid);
    });
    await watchToggle(page, '[data-bs-target="#orari-3"]', '#card-3');
    await watchToggle(page, '[data-bs-target="#orari-3"]', '#card-3');
    const { same, minHeight } = await page.evaluate(() => ({
      same: (window as any).bootstrap.Masonry.getInstance(document.getElementById('uffici')) === (window as any).__instance,
      minHeight: Math.min(...(window as any).__heights),
    }));
    expect(same).toBe(true);
    // The grid never collapsed while re-laid out (the original's dispose/recreate dropped it to 0).
    expect(minHeight).toBeGreaterThan(100);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('follows cards added later and stays idempotent', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-masonry.html', { width: 1280, height: 900 });
    const { page } = probe;
    await layoutReady(page);
    await page.evaluate(async () => {
      const grid = document.getElementById('uffici')!;
      const card = document.getElementById('card-2')!.cloneNode(true) as HTMLElement;
      card.id = 'card-8';
      card.querySelector('button')!.setAttribute('data-bs-target', '#orari-8');
      card.querySelector('button')!.setAttribute('aria-controls', 'orari-8');
      card.querySelector('.collapse')!.id = 'orari-8';
      card.style.transform = '';
      grid.append(card);
      await (window as any).piazza.mount(grid);
      await (window as any).piazza.mount();
    });
    const frames = await watchToggle(page, '[data-bs-target="#orari-8"]', '#card-8');
    expect(untidy(frames)).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

// The Bootstrap Italia bundles portals ship: OpenPA's bootstrapitalia2 (2.2), bootstrapitalia2110 (2.11),
// npm's newest (2.18), and a page without the theme's script.
describe.each(THEME_CHOICES as string[])('masonry cards with Bootstrap Italia %s', (bi) => {
  it('open and close a card section with no overlap in any frame, no error, axe clean', async () => {
    const probe = await openPage(env.browser, env.portal.url + `helpers-masonry.html?bi=${bi}`, { width: 1280, height: 900 });
    const { page } = probe;
    const loaded = await page.evaluate(() => Array.from(document.scripts).some((s) => /bootstrap-italia/.test(s.src)));
    expect(loaded).toBe(bi !== 'none');
    if (bi !== 'none') await layoutReady(page);
    // Without the theme's script the helper flows the cards once the page has loaded (follow.ts
    // flowWithoutTheme: the script may still come until then); a toggle before that met them stacked.
    else
      await page.waitForFunction(
        () => document.readyState === 'complete' && getComputedStyle(document.getElementById('card-1')!).position === 'static',
      );
    const before = await page.$eval('#card-1', (el) => el.getBoundingClientRect().height);
    const opening = await watchToggle(page, '[data-bs-target="#orari-1"]', '#card-1');
    expect(untidy(opening)).toEqual([]);
    expect(opening[opening.length - 1].cardHeight).toBeGreaterThan(before);
    expect(await page.$eval('[data-bs-target="#orari-1"]', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    const closing = await watchToggle(page, '[data-bs-target="#orari-1"]', '#card-1');
    expect(untidy(closing)).toEqual([]);
    expect(closing[closing.length - 1].cardHeight).toBe(Math.round(before));
    expect(await page.$eval('[data-bs-target="#orari-1"]', (b) => b.getAttribute('aria-expanded'))).toBe('false');
    // A card added later (an embed) takes its place too, with or without the theme's script.
    await page.evaluate(() => {
      const card = document.getElementById('card-2')!.cloneNode(true) as HTMLElement;
      card.id = 'card-9';
      card.removeAttribute('style');
      card.querySelector('.collapse')!.id = 'orari-9';
      document.getElementById('uffici')!.append(card);
      return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    expect(await page.evaluate(overlapsIn, 'uffici')).toBe(0);
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    expect(probe.failedResponses).toEqual([]);
    await page.close();
  });
});
