// Procedure steps on the portal's markup (helpers-procedure.html, with the theme's own bundle
// loaded as on a real page): open/close, header state, label swap, show-all/hide-all in step,
// buttons and links operable by keyboard, find-in-page and #step links open a closed step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { openPage } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { helperChunks, WIDTHS } from './helpers-common';

const env = useBrowserEnv();

interface StepState {
  open: boolean;
  expanded: string | null;
  header: boolean;
  label: string;
  findable: boolean;
}

/** What a visitor and a screen reader get from each step of a wrapper. */
function steps(page: Page, wrapper: string): Promise<StepState[]> {
  return page.$$eval(wrapper + ' [data-procedure]', (panels) =>
    panels.map((panel) => {
      const toggle = document.querySelector<HTMLElement>(`[aria-controls="${panel.id}"]`)!;
      const visible = Array.from(toggle.querySelectorAll<HTMLElement>('[data-procedure-show],[data-procedure-collapse]')).filter(
        (s) => s.getClientRects().length > 0,
      );
      return {
        open: (panel as HTMLElement).offsetHeight > 0 && panel.getAttribute('hidden') === null,
        expanded: toggle.getAttribute('aria-expanded'),
        header: panel.closest('.procedure-item')!.querySelector('.procedure-item-header')!.classList.contains('procedure-item-header-open'),
        label: visible.map((s) => s.textContent!.trim()).join('|'),
        findable: panel.getAttribute('hidden') === 'until-found' || panel.getAttribute('hidden') === null,
      };
    }),
  );
}

/** The show-all / hide-all control: its visible label and aria-expanded. */
const toggleAll = (page: Page, wrapper: string) =>
  page.$eval(wrapper + ' [data-procedure-toggle]', (b) => ({
    label: Array.from(b.querySelectorAll<HTMLElement>('[data-procedure-show-all],[data-procedure-collapse-all]'))
      .filter((s) => s.getClientRects().length > 0)
      .map((s) => s.textContent!.trim())
      .join('|'),
    expanded: b.getAttribute('aria-expanded'),
  }));

const closed: StepState = { open: false, expanded: 'false', header: false, label: 'Mostra dettagli', findable: true };
const opened: StepState = { open: true, expanded: 'true', header: true, label: 'Nascondi dettagli', findable: true };

describe.each(WIDTHS)('procedure steps (%s)', (_name, viewport) => {
  it('starts closed and searchable, with the show-all control, and passes axe', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html', viewport);
    const { page } = probe;
    expect(await steps(page, '#procedura')).toEqual([closed, closed, closed]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Mostra tutto', expanded: 'false' });
    expect(await page.$eval('#procedura [data-procedure-toggle]', (b) => b.getAttribute('aria-controls'))).toBe(
      'collapse-p1-0 collapse-p1-1 collapse-p1-2',
    );
    await expectAxe(page);
    expect(helperChunks(probe)).toEqual(['helper-procedure']);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });

  it('opens and closes steps and keeps show-all / hide-all in step (all open: only hide-all; else only show-all)', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html', viewport);
    const { page } = probe;
    await page.click('[aria-controls="collapse-p1-0"]');
    expect(await steps(page, '#procedura')).toEqual([opened, closed, closed]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Mostra tutto', expanded: 'false' });
    await page.click('[aria-controls="collapse-p1-1"]');
    await page.click('[aria-controls="collapse-p1-2"]');
    expect(await steps(page, '#procedura')).toEqual([opened, opened, opened]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Nascondi tutto', expanded: 'true' });
    await expectAxe(page);
    await page.click('[aria-controls="collapse-p1-1"]');
    expect(await steps(page, '#procedura')).toEqual([opened, closed, opened]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Mostra tutto', expanded: 'false' });
    // Show all opens the rest; hide all closes everything.
    await page.click('#procedura [data-procedure-toggle]');
    expect(await steps(page, '#procedura')).toEqual([opened, opened, opened]);
    await page.click('#procedura [data-procedure-toggle]');
    expect(await steps(page, '#procedura')).toEqual([closed, closed, closed]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Mostra tutto', expanded: 'false' });
    // The other wrapper is independent.
    expect(await steps(page, '#procedura-link')).toEqual([closed, closed]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('procedure steps: keyboard, find-in-page, links', () => {
  it('works from the keyboard, buttons and links alike, without scrolling on Space', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html', { width: 1280, height: 900 });
    const { page } = probe;
    await page.focus('[aria-controls="collapse-p1-0"]');
    await page.keyboard.press('Enter');
    expect((await steps(page, '#procedura'))[0]).toEqual(opened);
    await page.keyboard.press('Space');
    expect((await steps(page, '#procedura'))[0]).toEqual(closed);
    // Links used as toggles are announced as buttons and react to Space like buttons.
    expect(await page.$eval('[aria-controls="collapse-r-0"]', (a) => a.getAttribute('role'))).toBe('button');
    await page.focus('[aria-controls="collapse-r-0"]');
    const before = await page.evaluate(() => scrollY);
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => scrollY)).toBe(before);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect((await steps(page, '#procedura-link'))[0]).toEqual(opened);
    await page.focus('#procedura-link [data-procedure-toggle]');
    await page.keyboard.press('Space');
    expect(await steps(page, '#procedura-link')).toEqual([opened, opened]);
    expect(await toggleAll(page, '#procedura-link')).toEqual({ label: 'Nascondi tutto', expanded: 'true' });
    // A link toggle never navigates (the URL keeps no "#").
    expect(page.url().endsWith('helpers-procedure.html')).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('opens a closed step when find-in-page (a text fragment) reaches its text', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html', { width: 1280, height: 900 });
    const { page } = probe;
    // A same-document text fragment navigation with a user gesture: Chromium's find machinery.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '#:~:text=ventidue%20euro';
      a.id = 'trova';
      a.textContent = 'trova';
      document.querySelector('main')!.prepend(a);
    });
    await page.click('#trova');
    await page.waitForFunction(() => document.getElementById('collapse-p1-2')!.getAttribute('hidden') === null);
    expect(await steps(page, '#procedura')).toEqual([closed, closed, opened]);
    expect(await toggleAll(page, '#procedura')).toEqual({ label: 'Mostra tutto', expanded: 'false' });
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('opens the step a #link names, on load and on hash change', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html#collapse-p1-1', { width: 375, height: 740 });
    const { page } = probe;
    expect(await steps(page, '#procedura')).toEqual([closed, opened, closed]);
    await page.evaluate(() => {
      location.hash = '#heading-r-1';
    });
    await page.waitForFunction(() => document.getElementById('collapse-r-1')!.classList.contains('show'));
    expect(await steps(page, '#procedura-link')).toEqual([closed, opened]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('is idempotent and picks up steps added later', async () => {
    const probe = await openPage(env.browser, env.portal.url + 'helpers-procedure.html', { width: 1280, height: 900 });
    const { page } = probe;
    await page.evaluate(async () => {
      const wrapper = document.getElementById('procedura-link')!;
      const item = wrapper.querySelector('.procedure-item')!.cloneNode(true) as HTMLElement;
      item.querySelector('.procedure-item-header')!.id = 'heading-r-2';
      item.querySelector('.procedure-number')!.textContent = '3';
      const toggle = item.querySelector('.procedure-toggle')!;
      toggle.setAttribute('data-bs-toggle', 'collapse');
      toggle.removeAttribute('data-piazza-step-toggle');
      toggle.setAttribute('data-bs-target', '#collapse-r-2');
      toggle.setAttribute('aria-controls', 'collapse-r-2');
      const panel = item.querySelector('[data-procedure]')!;
      panel.id = 'collapse-r-2';
      panel.setAttribute('aria-labelledby', 'heading-r-2');
      panel.textContent = 'Ritira la carta a domicilio.';
      wrapper.append(item);
      await (window as any).piazza.mount(wrapper);
      await (window as any).piazza.mount();
    });
    expect(await page.$eval('#procedura-link [data-procedure-toggle]', (b) => b.getAttribute('aria-controls'))).toBe(
      'collapse-r-0 collapse-r-1 collapse-r-2',
    );
    await page.click('[aria-controls="collapse-r-2"]');
    expect(await steps(page, '#procedura-link')).toEqual([closed, closed, opened]);
    await page.click('[aria-controls="collapse-r-0"]');
    expect((await steps(page, '#procedura-link'))[0]).toEqual(opened);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});
