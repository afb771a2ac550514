// Every demo page under each Bootstrap Italia a portal ships: 2.2 (OpenPA's bootstrapitalia2), 2.11
// (bootstrapitalia2110) and no theme script at all (2.18's CSS alone); 2.18, npm's newest and the
// demo pages' default, is a11y-pages' (the same checks, each page once). The blocks'
// markup holds under each version's CSS: no console error, no failed request, nothing of a block
// scrolling sideways or clipped at 320, 768 and 1280 px, the focus ring visible on the blocks'
// controls, axe clean. The helpers that live beside the theme's JS have their journeys per version
// below (procedure steps beside Bootstrap's collapse, shared-link embeds in a masonry grid, the
// gallery by keyboard) and in helpers-masonry (masonry layout while sections open).
import { describe, expect, it } from 'vitest';
import { describeViolations, axe, openPage } from './harness';
import { a11yEnv, demoPages, focusRings, reflowProblems, settle } from './a11y/kit';
import { DELIBERATE_ERRORS, overlapsIn } from './helpers-common';
// @ts-ignore plain JS fixture module
import { THEME_CHOICES } from '../../fixtures/emulator/index.mjs';

const env = a11yEnv('theme-versions');
const DESKTOP = { width: 1280, height: 900 };
const WIDTHS = [320, 768, 1280];
const withTheme = (path: string, bi: string) => path + (path.includes('?') ? '&' : '?') + 'bi=' + bi;
// 2.18, the demo pages' default, is checked the same way by a11y-pages (every page, every width).
const VERSIONS = (THEME_CHOICES as string[]).filter((bi) => bi !== '2.18');

describe.each(VERSIONS)('demo pages with Bootstrap Italia %s', (bi) => {
  it.each(demoPages())('/%s holds at 320, 768 and 1280 px', async (path) => {
    const page = await env.visit(withTheme(path, bi), { viewport: { width: 1280, height: 900 } });
    const probe = env.probe();
    const theme = await page.evaluate(() =>
      Array.from(document.scripts)
        .map((s) => s.src)
        .filter((s) => /bootstrap-italia/.test(s)),
    );
    if (bi === 'none') expect(theme).toEqual([]);
    else for (const src of theme) expect(src).toContain(`/vendor/bootstrap-italia@${bi}/`);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewport({ width, height: 900 });
      await settle(page);
      // A data grid scrolls sideways inside its own box (WCAG 1.4.10's exception for data tables).
      problems.push(
        ...(await reflowProblems(page)).filter((p) => !/› div\.rdg[.\w-]* scrolls sideways/.test(p)).map((p) => `${width} px: ${p}`),
      );
      if (width !== 768) {
        const violations = await axe(page);
        if (violations.length) problems.push(`${width} px, axe:\n${describeViolations(violations)}`);
      }
    }
    const rings = await focusRings(page);
    problems.push(...rings.filter((r) => !r.ring).map((r) => `no visible focus on ${r.where}`));
    expect(problems).toEqual([]);
    // What a page shows on purpose: test/ pages hold broken configs, each reported on the console
    // (loader.test.ts); the shared-link page links a deleted object, whose placeholder stays.
    const deliberate = path.startsWith('test/') ? /./ : (DELIBERATE_ERRORS[path] ?? /^$/);
    expect(probe.errors.filter((e) => !deliberate.test(e))).toEqual([]);
    expect(probe.failedResponses.filter((e) => !deliberate.test(e))).toEqual([]);
  });
});

describe.each(VERSIONS)('helpers beside Bootstrap Italia %s', (bi) => {
  it('procedure steps open and close, one by one and all at once', async () => {
    const probe = await openPage(env.browser, env.portal.url + `helpers-procedure.html?bi=${bi}`, DESKTOP);
    const { page } = probe;
    const open = () =>
      page.$$eval('#procedura [data-procedure]', (ps) =>
        ps.map((p) => p.getAttribute('hidden') === null && (p as HTMLElement).offsetHeight > 0),
      );
    expect(await open()).toEqual([false, false, false]);
    await page.click('[aria-controls="collapse-p1-1"]');
    expect(await open()).toEqual([false, true, false]);
    await page.click('#procedura [data-procedure-toggle]');
    expect(await open()).toEqual([true, true, true]);
    await page.click('#procedura [data-procedure-toggle]');
    expect(await open()).toEqual([false, false, false]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('shared links become the remote views inside the masonry grid, no card over another', async () => {
    const probe = await openPage(env.browser, env.portal.url + `helpers-sharedlink.html?bi=${bi}`, DESKTOP);
    const { page } = probe;
    await page.waitForFunction(() => !document.getElementById('ph-locale') && !document.getElementById('ph-nodo'));
    await page.waitForFunction(() => !document.querySelector('#griglia [data-shared_link]:not([data-shared_link="999999"])'), {
      timeout: 15_000,
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.$$eval('#griglia [data-object_id]', (els) => els.length)).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(overlapsIn, 'griglia')).toBe(0);
    expect(probe.errors.filter((e) => !DELIBERATE_ERRORS['helpers-sharedlink.html'].test(e))).toEqual([]);
    await page.close();
  });

  it('the gallery opens from the keyboard, moves with the arrows and gives focus back on Esc', async () => {
    const probe = await openPage(env.browser, env.portal.url + `gallery.html?bi=${bi}`, DESKTOP);
    const { page } = probe;
    const first = '#foto a:nth-of-type(1)';
    await page.focus(first);
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.piazza-gallery[data-piazza-gallery-state="open"] .piazza-gallery-ui button');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('dialog.piazza-gallery')?.getAttribute('data-index') === '1');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.piazza-gallery'));
    expect(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), first)).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
