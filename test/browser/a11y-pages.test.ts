// Every demo page the portal's index links to (fixtures/pages/index.html, so a new page is covered
// once linked), in one visit each: axe-core (WCAG 2.0/2.1 A and AA) as loaded on a desktop and
// narrowed to a phone; reflow at 320 px (a 1280 px window at 400 %) and 640 px (200 %): no block
// scrolls sideways or pushes content out of its box; the space printed for each listing block is
// no more than its first results take (a layout shift when given back); the PA validator's C.SI.1.2
// share of Bootstrap Italia classes; its crawl through `[data-element=load-other-cards]` collects
// every item the emulator counts. (The states a visitor reaches are in a11y-portal, a11y-reflow, a11y-validator.)
import { describe, expect, it } from 'vitest';
import {
  a11yEnv, bootstrapItaliaShare, crawlAppendBlocks, demoPages, DESKTOP, expectAxe, PHONE, REFLOW, reflowProblems, reservationsTooTall, settle,
} from './a11y/kit';

const env = a11yEnv('a11y-pages');
describe('every demo page', () => {
  it.each(demoPages())('/%s: axe on a desktop and a phone, reflow at 320 and 640 px, the validator\'s class share and crawl', async (path) => {
    const page = await env.visit(path);
    await expectAxe(page, `/${path} · loaded · desktop`);
    // The space printed for each listing block (issue 31) is no more than its first results take.
    expect(await reservationsTooTall(page)).toEqual([]);
    const bi = await bootstrapItaliaShare(page);
    expect(bi.percentage, `C.SI.1.2: ${bi.percentage} % of ${bi.total} classes; not BI: ${bi.others.join(' ')}`).toBeGreaterThanOrEqual(30);

    // The same page narrowed: the blocks follow the window (cards, day view, stacked tables).
    await page.setViewport(PHONE);
    await settle(page);
    await expectAxe(page, `/${path} · loaded, narrowed · phone`);
    expect(await reservationsTooTall(page)).toEqual([]);
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
