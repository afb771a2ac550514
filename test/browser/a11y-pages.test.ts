// Every demo page the portal's index links to (fixtures/pages/index.html, so a new page is covered
// once linked), in one visit each: axe-core (WCAG 2.0/2.1 A and AA) as loaded on a desktop and
// narrowed to a phone; reflow at 320 px (a 1280 px window at 400 %) and 640 px (200 %): no block
// scrolls sideways or pushes content out of its box; the PA validator's C.SI.1.2 share of
// Bootstrap Italia classes; its crawl through `[data-element=load-other-cards]` collects every item
// the emulator counts. (The states a visitor reaches are in a11y-portal, a11y-reflow, a11y-validator.)
import { describe, expect, it } from 'vitest';
import {
  a11yEnv, bootstrapItaliaShare, crawlAppendBlocks, demoPages, DESKTOP, expectAxe, PHONE, REFLOW, reflowProblems, settle,
} from './a11y/kit';

const env = a11yEnv('a11y-pages');
describe('every demo page', () => {
  it.each(demoPages())('/%s: axe on a desktop and a phone, reflow at 320 and 640 px, the validator\'s class share and crawl', async (path) => {
    const page = await env.visit(path);
    await expectAxe(page, `/${path} · loaded · desktop`);
    const bi = await bootstrapItaliaShare(page);
    expect(bi.share, `C.SI.1.2: ${Math.round(bi.share * 100)} % of ${bi.total} classes; not BI: ${bi.others.join(' ')}`).toBeGreaterThanOrEqual(0.3);

    // The same page narrowed: the blocks follow the window (cards, day view, stacked tables).
    await page.setViewport(PHONE);
    await settle(page);
    await expectAxe(page, `/${path} · loaded, narrowed · phone`);
    for (const [name, viewport] of [['320 px', REFLOW], ['640 px', { width: 640, height: 720 }]] as const) {
      await page.setViewport(viewport);
      await settle(page);
      const problems = await reflowProblems(page);
      expect(problems, `reflow at ${name}:\n` + problems.join('\n')).toEqual([]);
    }

    await page.setViewport(DESKTOP);
    await settle(page);
    for (const block of await crawlAppendBlocks(page, env.portal.dataset)) {
      expect(block.ids.length, `#${block.blockId}: items after the crawl (${block.clicks} clicks)`).toBe(block.total);
      expect(new Set(block.ids).size, `#${block.blockId}: no item twice`).toBe(block.total);
      if (block.expectedIds) expect(block.ids).toEqual(block.expectedIds);
    }
  });
});
