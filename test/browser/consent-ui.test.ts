// The bar and the preferences dialog: when they show, what each button stores, layout, and
// accessibility (axe-core in every state, keyboard journey, focus handling, switches, motion).
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { afterPageTimers } from './harness';
import { expectAxe } from './expect-axe';
import { choiceApplied, consentEnv, clickBar, clickDialog, consentConfig, openConsentPage, openDialog, waitForBar } from './consent-kit';

const env = consentEnv();

const stored = async (page: Page) => {
  const c = (await page.browserContext().cookies()).find((x) => x.name === 'cconsent');
  return c ? JSON.parse(c.value) : null;
};
const wanted = async (page: Page) => {
  const record = await stored(page);
  return record && Object.fromEntries(Object.entries(record.categories).map(([k, v]: [string, any]) => [k, v.wanted]));
};
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return el === document.body ? 'body' : (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ');
  });
/** The dialog closes, then focus lands on `selector`; timer polling (not animation frames, which a
 * starved or unfocused headless page can skip) and, on failure, what had focus instead. */
async function focusComesBackTo(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#cconsent-modal[open]'), { polling: 50, timeout: 10_000 });
  const back = await page
    .waitForFunction((sel) => document.activeElement === document.querySelector(sel), { polling: 50, timeout: 10_000 }, selector)
    .then(
      () => true,
      () => false,
    );
  if (!back) expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))).toBe(`the element of ${selector}`);
}
const press = async (page: Page, key: any, times = 1) => {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
};

describe('the bar', () => {
  it('is hidden at first and shows after barTimeout, only without a stored choice', async () => {
    const watch = (page: Page) =>
      page.evaluateOnNewDocument(() => {
        new MutationObserver(() => {
          if (document.getElementById('cconsent-bar') && !(window as any).__barAt) (window as any).__barAt = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
    const probe = await openConsentPage(
      env.browser,
      env.portal.url + 'test/consent-bar-time.html',
      { config: consentConfig({ barTimeout: 1500 }) },
      { before: watch },
    );
    const { page } = probe;
    await waitForBar(page);
    // never in the page before barTimeout (a timer never fires early: a lower bound, not a race)
    expect(await page.evaluate(() => (window as any).__barAt)).toBeGreaterThanOrEqual(1500);
    await clickBar(page, /^Refuse all/);
    await page.waitForFunction(() => !document.getElementById('cconsent-bar'));
    // the next page: a choice is stored, so no bar, even long after barTimeout
    const next = await openConsentPage(
      page.browserContext(),
      env.portal.url + 'test/consent-bar-time-2.html',
      { config: consentConfig({ barTimeout: 100 }) },
      { before: watch },
    );
    await afterPageTimers(next.page, 200); // the bar's 100 ms timer, had it been set, has fired
    expect(await next.page.evaluate(() => (window as any).__barAt)).toBeUndefined();
    await page.browserContext().close();
  });

  it('is a labelled region at the bottom, max 832 px wide: text, learn-more link, refuse · settings · accept, and a close control', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-bar.html', {
      config: consentConfig({ modalMainTextMoreLink: '/privacy' }),
    });
    const { page } = probe;
    await waitForBar(page);
    const bar = await page.evaluate(() => {
      const el = document.getElementById('cconsent-bar')!;
      const r = el.getBoundingClientRect();
      return {
        tag: el.tagName,
        label: el.getAttribute('aria-label'),
        role: el.getAttribute('role'),
        modal: el.getAttribute('aria-modal'),
        position: getComputedStyle(el).position,
        bottom: innerHeight - r.bottom,
        width: r.width,
        text: el.querySelector('p')!.textContent,
        link: el.querySelector('a')?.getAttribute('href'),
        buttons: [...el.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') || b.textContent),
        first: document.body.firstElementChild === el,
      };
    });
    expect(bar).toEqual({
      tag: 'SECTION',
      label: 'Cookie consent',
      role: null,
      modal: null,
      position: 'fixed',
      bottom: 0,
      width: 832,
      text: 'This website uses cookies to ensure you get the best experience on our website. Learn More',
      link: '/privacy',
      buttons: ['Refuse all cookies', 'Cookie Settings', 'Accept all cookies', 'Close and refuse all cookies'],
      first: true,
    });
    expect(await focused(page)).toBe('body'); // showing the bar moves no focus
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    await page.browserContext().close();
  });

  it('close (×) = refuse all: optional categories off, mandatory ones on', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-close.html', { config: consentConfig() });
    const applied = await choiceApplied(probe.page);
    await clickBar(probe.page, /^Close and refuse/);
    await applied();
    expect(await wanted(probe.page)).toEqual({ necessary: true, analytics: false, multimedia: false });
    expect(await probe.page.$('#cconsent-bar')).toBeNull();
    await probe.page.browserContext().close();
  });

  it('accept all turns every category on; refuse all turns optional ones off; mandatory categories never change', async () => {
    const config = consentConfig({ categories: { necessary: { needed: true, wanted: true } } });
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-accept.html', { config });
    const { page } = probe;
    let applied = await choiceApplied(page);
    await clickBar(page, /^Accept all/);
    await applied();
    expect(await wanted(page)).toEqual({ necessary: true, analytics: true, multimedia: true });
    expect(await page.$('#cconsent-bar')).toBeNull();
    await openDialog(page);
    expect(await page.$$eval('#cconsent-modal [role=switch]', (s) => s.map((x) => x.getAttribute('aria-checked')))).toEqual([
      'true',
      'true',
    ]);
    applied = await choiceApplied(page);
    await clickDialog(page, /^Refuse all/);
    await applied();
    expect(await wanted(page)).toEqual({ necessary: true, analytics: false, multimedia: false });
    expect(await page.$('#cconsent-modal[open]')).toBeNull();
    await page.browserContext().close();
  });
});

describe('the dialog', () => {
  it('save stores each switch; close only hides; switches and check icons update at once', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-save.html', { config: consentConfig() });
    const { page } = probe;
    await openDialog(page);
    const state = () =>
      page.$$eval('#cconsent-modal .pc-cat', (groups) =>
        groups.map((g) => ({
          key: g.getAttribute('data-category'),
          on: g.classList.contains('is-on'),
          switch: g.querySelector('[role=switch]')?.getAttribute('aria-checked') ?? null,
          heading: g.querySelector('h3 button')!.textContent,
        })),
      );
    expect(await state()).toEqual([
      { key: 'necessary', on: true, switch: null, heading: 'Necessary, Always active' },
      { key: 'analytics', on: false, switch: 'false', heading: 'Analytics, Off' },
      { key: 'multimedia', on: false, switch: 'false', heading: 'Multimedia, Off' },
    ]);
    // open the analytics group by its heading, toggle its switch
    await page.click('#cconsent-modal [data-category=analytics] h3 button');
    expect(await page.$eval('#cconsent-modal [data-category=analytics] h3 button', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    await page.click('#cconsent-modal [data-category=analytics] [role=switch]');
    expect((await state())[1]).toEqual({ key: 'analytics', on: true, switch: 'true', heading: 'Analytics, On' });
    // close only hides: nothing stored, nothing applied
    await page.click('#cconsent-modal .pc-head .pc-close');
    expect(await page.$('#cconsent-modal[open]')).toBeNull();
    expect(await stored(page)).toBeNull();
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('analytics'))).toBe(false);
    // reopen, save: analytics on, multimedia off
    await openDialog(page);
    const applied = await choiceApplied(page);
    await clickDialog(page, /^Save/);
    await applied();
    expect(await wanted(page)).toEqual({ necessary: true, analytics: true, multimedia: false });
    expect(await page.$('#cconsent-bar')).toBeNull();
    expect(await page.evaluate(() => (window as any).piazza.consent.allows('analytics'))).toBe(true);
    await page.browserContext().close();
  });

  it('is a labelled, described modal dialog that takes focus itself; Tab stays inside; Esc closes; focus goes back', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-dialog-a11y.html', {
      config: consentConfig({ barTimeout: 60_000, modalMainTextMoreLink: '/privacy' }),
      body: '<p><button type="button" id="prefs" data-piazza-consent-open>Cookie preferences</button></p>',
    });
    const { page } = probe;
    await page.focus('#prefs');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#cconsent-modal[open]');
    const dialog = await page.evaluate(() => {
      const d = document.getElementById('cconsent-modal')!;
      return {
        modal: d.matches(':modal'),
        ariaModal: d.getAttribute('aria-modal'),
        role: d.getAttribute('role') || d.tagName,
        label: document.getElementById(d.getAttribute('aria-labelledby')!)!.textContent,
        description: document.getElementById(d.getAttribute('aria-describedby')!)!.textContent!.slice(0, 40),
        focus: document.activeElement === d,
      };
    });
    expect(dialog).toEqual({
      modal: true,
      ariaModal: 'true',
      role: 'DIALOG',
      label: 'Cookie settings',
      description: 'Cookies are small piece of data sent fro',
      focus: true,
    });
    // Tab order: close, learn more, 3 headings, refuse, save, accept, then back to close
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await press(page, 'Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual([
      'Close',
      'Learn More',
      'Necessary, Always active',
      'Analytics, Off',
      'Multimedia, Off',
      'Refuse all cookies and close',
      'Save current settings',
      'Accept all cookies and close',
      'Close',
    ]);
    await page.keyboard.down('Shift');
    await press(page, 'Tab');
    await page.keyboard.up('Shift');
    expect(await focused(page)).toBe('Accept all cookies and close');
    await press(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('#cconsent-modal[open]'));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('prefs');
    expect(await stored(page)).toBeNull();
    // the portal's footer link and piazza.consent.open() open it too, and give focus back the same way
    await page.focus('footer .ccb__edit');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#cconsent-modal[open]');
    expect(page.url()).not.toContain('#'); // the link's href="#" is not followed
    await press(page, 'Escape');
    await focusComesBackTo(page, 'footer .ccb__edit');
    await page.focus('#prefs');
    await page.evaluate(() => (window as any).piazza.consent.open());
    await page.waitForSelector('#cconsent-modal[open]');
    await page.click('#cconsent-modal .pc-close');
    await focusComesBackTo(page, '#prefs');
    expect(probe.errors).toEqual([]);
    await page.browserContext().close();
  });

  it('keyboard journey: from the bar to a saved choice with Tab, Enter and Space only', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-keyboard.html', { config: consentConfig() });
    const { page } = probe;
    await waitForBar(page);
    await press(page, 'Tab'); // the bar comes first in the page
    expect(await focused(page)).toBe('Refuse all cookies');
    await press(page, 'Tab');
    expect(await focused(page)).toBe('Cookie Settings');
    await press(page, 'Enter');
    await page.waitForSelector('#cconsent-modal[open]');
    await press(page, 'Tab', 3); // close, then the headings
    expect(await focused(page)).toBe('Analytics, Off');
    await press(page, 'Enter');
    await press(page, 'Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
    await press(page, 'Space');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
    await press(page, 'Tab', 3); // multimedia heading, refuse, save
    expect(await focused(page)).toBe('Save current settings');
    const applied = await choiceApplied(page);
    await press(page, 'Enter');
    await applied();
    expect(await wanted(page)).toEqual({ necessary: true, analytics: true, multimedia: false });
    expect(await page.$('#cconsent-bar')).toBeNull();
    await page.browserContext().close();
  });

  it('fills the screen below 600 px and not above', async () => {
    for (const [width, height, full] of [
      [375, 700, true],
      [599, 800, true],
      [1280, 900, false],
    ] as const) {
      const probe = await openConsentPage(
        env.browser,
        env.portal.url + 'test/consent-small.html',
        { config: consentConfig({ barTimeout: 60_000 }) },
        { viewport: { width, height } },
      );
      await openDialog(probe.page);
      const box = await probe.page.$eval('#cconsent-modal', (d) => {
        const r = d.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height];
      });
      if (full) expect(box, String(width)).toEqual([0, 0, width, height]);
      else expect(box[2]).toBeLessThanOrEqual(800);
      await probe.page.browserContext().close();
    }
  });
});

describe('accessibility in every state', () => {
  it('axe-core: 0 violations with the bar, the dialog (groups open) and at 375 px', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const probe = await openConsentPage(
        env.browser,
        env.portal.url + 'test/consent-axe.html',
        {
          config: consentConfig({ modalMainTextMoreLink: '/privacy' }),
          body: '<p>Contenuto della pagina.</p>',
        },
        { viewport },
      );
      const { page } = probe;
      await waitForBar(page);
      await expectAxe(page, 'bar ' + viewport.width);
      await page.click('#cconsent-bar [data-piazza-consent-open]');
      await page.waitForSelector('#cconsent-modal[open]');
      await expectAxe(page, 'dialog ' + viewport.width);
      for (const head of await page.$$('#cconsent-modal h3 button')) await head.click();
      await page.click('#cconsent-modal [data-category=analytics] [role=switch]');
      await expectAxe(page, 'dialog, groups open ' + viewport.width);
      expect(probe.errors).toEqual([]);
      await page.browserContext().close();
    }
  });

  it('targets are at least 24 px; focus is visible; no focus nudge toward accept', async () => {
    const probe = await openConsentPage(env.browser, env.portal.url + 'test/consent-targets.html', { config: consentConfig() });
    const { page } = probe;
    await waitForBar(page);
    await openDialog(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cconsent-modal');
    for (const head of await page.$$('#cconsent-modal h3 button')) await head.click();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#cconsent-bar button, #cconsent-modal button')]
        .map((b) => ({ name: b.getAttribute('aria-label') || b.textContent, r: b.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ name }) => name),
    );
    expect(small).toEqual([]);
    await page.focus('#cconsent-modal');
    await press(page, 'Tab');
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return [s.outlineStyle, parseFloat(s.outlineWidth)];
    });
    expect(ring[0]).not.toBe('none');
    expect(ring[1]).toBeGreaterThanOrEqual(2);
    // refuse and accept look the same: same colours, same size class
    const looks = await page.$$eval('#cconsent-modal .pc-foot button', (bs) =>
      bs.map((b) => {
        const s = getComputedStyle(b);
        return s.backgroundColor + s.color + s.fontWeight;
      }),
    );
    expect(new Set(looks).size).toBe(1);
    await page.browserContext().close();
  });

  it('prefers-reduced-motion: no animation or transition; otherwise the bar slides in', async () => {
    const motion = async (reduce: boolean) => {
      const probe = await openConsentPage(
        env.browser,
        env.portal.url + 'test/consent-motion.html',
        { config: consentConfig() },
        { motion: !reduce },
      );
      if (!reduce) await probe.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
      await waitForBar(probe.page);
      await openDialog(probe.page);
      const styles = await probe.page.evaluate(() => {
        const bar = getComputedStyle(document.getElementById('cconsent-bar')!);
        const track = getComputedStyle(document.querySelector('.pc-track')!);
        return { animation: bar.animationName, duration: bar.animationDuration, transition: track.transitionDuration };
      });
      await probe.page.browserContext().close();
      return styles;
    };
    expect(await motion(true)).toEqual({ animation: 'none', duration: '0s', transition: '0s' });
    const moving = await motion(false);
    expect(moving.animation).toBe('pc-in');
    expect(moving.transition).not.toBe('0s');
  });
});
