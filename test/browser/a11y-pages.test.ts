// Every demo page the portal's index links to (fixtures/pages/index.html, so a new page is covered
// once linked), in one visit each, under the pages' default Bootstrap Italia (2.18; the versions
// portals ship are theme-versions'): axe-core (WCAG 2.0/2.1 A and AA) as loaded on a desktop and
// narrowed to 320 px; reflow at 320 px (a 1280 px window at 400 %), 640 px (200 %), 768 and
// 1280 px: no block scrolls sideways or pushes content out of its box; the focus ring visible on
// the blocks' first controls; the space printed for each listing block no more than its first
// results take (a layout shift when given back); no console error or failed request but the page's
// deliberate ones; the PA validator's C.SI.1.2 share of Bootstrap Italia classes; its crawl through
// `[data-element=load-other-cards]` collects every item the emulator counts. (The states a visitor
// reaches are in a11y-portal, a11y-reflow, a11y-validator.)
import { describe, expect, it } from 'vitest';
import {
  a11yEnv,
  bootstrapItaliaShare,
  crawlAppendBlocks,
  demoPages,
  DESKTOP,
  focusRings,
  REFLOW,
  reflowProblems,
  reservationsTooTall,
  settle,
} from './a11y/kit';
import { expectAxe } from './expect-axe';
import { DELIBERATE_ERRORS } from './helpers-common';

const env = a11yEnv('a11y-pages');
describe('every demo page', () => {
  it.each(demoPages())(
    "/%s: axe on a desktop and at 320 px, reflow from 320 to 1280 px, focus rings, no error, the validator's class share and crawl",
    async (path) => {
      const page = await env.visit(path);
      const probe = env.probe();
      await expectAxe(page, `/${path} · loaded · desktop`);
      // The space printed for each listing and data table block (issue 31) is no more than its first results take.
      expect(await reservationsTooTall(page)).toEqual([]);
      const bi = await bootstrapItaliaShare(page);
      expect(bi.percentage, `C.SI.1.2: ${bi.percentage} % of ${bi.total} classes; not BI: ${bi.others.join(' ')}`).toBeGreaterThanOrEqual(
        30,
      );

      // The same page narrowed: the blocks follow the window (cards, day view, stacked tables).
      await page.setViewport(REFLOW);
      await settle(page);
      await expectAxe(page, `/${path} · loaded, narrowed · 320 px`);
      expect(await reservationsTooTall(page)).toEqual([]);
      for (const viewport of [REFLOW, { width: 640, height: 720 }, { width: 768, height: 900 }, DESKTOP]) {
        await page.setViewport(viewport);
        await settle(page);
        // A data grid scrolls sideways inside its own box (WCAG 1.4.10's exception for data tables) from 768 px up.
        const problems = (await reflowProblems(page)).filter((p) => viewport.width < 768 || !/› div\.rdg[.\w-]* scrolls sideways/.test(p));
        expect(problems, `reflow at ${viewport.width} px:\n` + problems.join('\n')).toEqual([]);
      }
      const rings = await focusRings(page);
      expect(rings.filter((r) => !r.ring).map((r) => `no visible focus on ${r.where}`)).toEqual([]);
      // What a page shows on purpose: test/ pages hold broken configs, each reported on the console
      // (loader.test.ts); the shared-link page links a deleted object, whose placeholder stays.
      const deliberate = path.startsWith('test/') ? /./ : (DELIBERATE_ERRORS[path] ?? /^$/);
      expect(probe.errors.filter((e) => !deliberate.test(e))).toEqual([]);
      expect(probe.failedResponses.filter((e) => !deliberate.test(e))).toEqual([]);

      for (const block of await crawlAppendBlocks(page, env.portal.dataset)) {
        expect(block.ids.length, `#${block.blockId}: items after the crawl (${block.clicks} clicks)`).toBe(block.total);
        expect(new Set(block.ids).size, `#${block.blockId}: no item twice`).toBe(block.total);
        if (block.expectedIds) expect(block.ids).toEqual(block.expectedIds);
      }
    },
  );
});
