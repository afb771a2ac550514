// The gallery on the portal's markup (gallery.html: atoms/gallery.tpl items, page_extra.tpl widget):
// an accessible modal lightbox around fslightbox-react, keyboard journey with focus trap and return,
// slideshow with pause on hover/focus, swipe thresholds, preload range, load errors, consent for
// YouTube/Vimeo (no request before it), blueimp's fault messages, CSP and storage hygiene.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { newProbe, openPage, waitReady, type Probe } from './harness';
import { expectAxe } from './expect-axe';
import { useBrowserEnv } from './env';
import { DESKTOP, helperChunks, PHONE, textOf, WIDTHS } from './helpers-common';

const env = useBrowserEnv();

const DIALOG = 'dialog.piazza-gallery';
const VIDEO_HOSTS = /youtube|youtu\.be|ytimg|vimeo/;

/**
 * Opens `path` with a spy on localStorage writes and on the widgets' blueimp-style events, in a
 * fresh browser context (no cookie, e.g. a consent choice, carried over from another test).
 */
async function openGallery(path: string, viewport = DESKTOP): Promise<Probe> {
  const context = await env.browser.createBrowserContext();
  const probe = await newProbe(context as unknown as Browser, viewport);
  probe.page.once('close', () => void context.close().catch(() => {}));
  await probe.page.evaluateOnNewDocument(() => {
    (window as any).__storageWrites = 0;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
      (window as any).__storageWrites++;
      return set.call(this, k, v);
    };
    (window as any).__events = [] as string[];
    document.addEventListener('DOMContentLoaded', () => {
      for (const w of Array.from(document.querySelectorAll('.blueimp-gallery'))) {
        for (const type of ['open', 'opened', 'slide', 'slideend', 'close', 'closed']) {
          w.addEventListener(type, (e) =>
            (window as any).__events.push(
              type + ((e as CustomEvent).detail?.index !== undefined ? ':' + (e as CustomEvent).detail.index : ''),
            ),
          );
        }
      }
    });
  });
  await probe.page.goto(env.portal.url + path, { waitUntil: 'domcontentloaded' });
  await waitReady(probe.page);
  return probe;
}

const waitOpen = (page: Page) => page.waitForSelector(`${DIALOG}[data-piazza-gallery-state="open"] .piazza-gallery-ui button`);
const waitClosed = (page: Page) => page.waitForFunction((sel) => !document.querySelector(sel), {}, DIALOG);
const indexOf = (page: Page) => page.$eval(DIALOG, (d) => Number(d.getAttribute('data-index')));
const waitIndex = (page: Page, i: number) =>
  page.waitForFunction((sel, n) => document.querySelector(sel)?.getAttribute('data-index') === String(n), {}, DIALOG, i);
const focusInDialog = (page: Page) => page.evaluate((sel) => !!document.querySelector(sel)?.contains(document.activeElement), DIALOG);
/** The accessible name of the focused element (aria-label, else text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return el.getAttribute('aria-label') || el.tagName.toLowerCase();
  });

describe.each(WIDTHS)('gallery: keyboard journey (%s)', (name, viewport) => {
  it('opens from the keyboard as a labelled modal dialog, traps focus, navigates, and returns focus on Esc', async () => {
    const probe = await openGallery('gallery.html', viewport);
    const { page } = probe;
    // Only the small trigger chunk until the visitor approaches a gallery item.
    expect(helperChunks(probe)).toEqual(['helper-gallery']);
    const first = '#foto a:nth-of-type(1)';
    expect(await page.$eval(first, (a) => a.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.focus(first);
    await page.keyboard.press('Enter');
    await waitOpen(page);
    expect(helperChunks(probe)).toEqual(['helper-gallery', 'lightbox']);
    expect(
      await page.$eval(DIALOG, (d) => [
        d.getAttribute('role'),
        d.getAttribute('aria-modal'),
        d.getAttribute('aria-label'),
        (d as HTMLDialogElement).open,
      ]),
    ).toEqual(['dialog', 'true', 'Galleria, 7 elementi', true]);
    expect(await focusInDialog(page)).toBe(true);
    expect(await textOf(page, '.piazza-gallery-caption')).toBe('Veduta del centro storico');
    expect(await textOf(page, '.piazza-gallery-counter')).toBe('1 di 7');
    await page.waitForFunction(
      (sel) => document.querySelector(sel + ' [role=status]')?.textContent === 'Immagine 1 di 7: Veduta del centro storico',
      {},
      DIALOG,
    );
    // A native modal: the page behind is inert while it is open.
    expect(await page.$eval(DIALOG, (d) => d.matches(':modal'))).toBe(true);
    await expectAxe(page);

    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 1);
    expect(await textOf(page, '.piazza-gallery-caption')).toBe('Il municipio in piazza');
    await page.keyboard.press('ArrowLeft');
    await waitIndex(page, 0);
    await page.keyboard.press('ArrowLeft');
    await waitIndex(page, 6); // wraps around
    expect(await textOf(page, '.piazza-gallery-counter')).toBe('7 di 7');

    // Tab and Shift+Tab never leave the dialog, and reach every control.
    const seen = new Set<string>();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
      seen.add(await focusedName(page));
    }
    for (const label of ['Avvia la presentazione', 'Chiudi la galleria', 'Elemento precedente', 'Elemento successivo'])
      expect(seen).toContain(label);
    if (name === 'desktop') expect(seen).toContain('Vai a 3 di 7: Il lago al tramonto');
    for (let i = 0; i < 14; i++) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
      expect(await focusInDialog(page)).toBe(true);
    }

    // Buttons work from the keyboard.
    await page.focus(`${DIALOG} .piazza-gallery-next`);
    await page.keyboard.press('Enter');
    await waitIndex(page, 0);
    await page.keyboard.press('Space');
    await waitIndex(page, 1);
    await expectAxe(page);

    await page.keyboard.press('Escape');
    await waitClosed(page);
    expect(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), first)).toBe(true);
    const events = await page.evaluate(() => (window as any).__events as string[]);
    expect(events[0]).toBe('open');
    expect(events).toContain('opened');
    expect(events.filter((e) => e.startsWith('slide:'))).toEqual(['slide:0', 'slide:1', 'slide:0', 'slide:6', 'slide:0', 'slide:1']);
    expect(events.slice(-2)).toEqual(['close', 'closed']);
    // fslightbox keeps no cache of its own: nothing written to localStorage, nothing stored at all.
    expect(await page.evaluate(() => [(window as any).__storageWrites, localStorage.length])).toEqual([0, 0]);
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});

describe('gallery: mouse, thumbnails, preload', () => {
  it('opens on the clicked item of its group, moves with buttons and thumbnails, closes with the button', async () => {
    const probe = await openGallery('gallery.html');
    const { page } = probe;
    await page.click('#foto a:nth-of-type(3)');
    await waitOpen(page);
    expect(await indexOf(page)).toBe(2);
    // Preload two on each side of the current one (and nothing further): 1,2,3 plus 0 and 4.
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').filter((e) => e.name.includes('alias=reference')).length >= 5,
    );
    const full = () =>
      probe.requests
        .filter((u) => u.includes('alias=reference'))
        .map((u) => Number(/images\/(\d+)\//.exec(u)![1]) - 3001)
        .sort();
    expect(full()).toEqual([0, 1, 2, 3, 4]);
    await page.click(`${DIALOG} .piazza-gallery-next`);
    await waitIndex(page, 3);
    expect(full()).toEqual([0, 1, 2, 3, 4, 5]);
    await page.click(`${DIALOG} .piazza-gallery-thumbs li:nth-child(7) button`);
    await waitIndex(page, 6);
    expect(await page.$eval(`${DIALOG} .piazza-gallery-thumbs [aria-current="true"]`, (b) => b.getAttribute('aria-label'))).toBe(
      'Vai a 7 di 7: La festa patronale',
    );
    // Only the current slide is reachable: the neighbours fslightbox keeps ready are inert.
    expect(
      await page.$$eval(`${DIALOG} .fslightbox-absoluted.fslightbox-full-dimension.fslightbox-flex-centered:not([inert])`, (s) => s.length),
    ).toBe(1);
    await page.click(`${DIALOG} .piazza-gallery-close`);
    await waitClosed(page);
    expect(await page.evaluate(() => document.activeElement === document.querySelector('#foto a:nth-of-type(3)'))).toBe(true);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('lets a modified click through (open in a new tab) and handles items added later, once', async () => {
    const probe = await openGallery('gallery.html');
    const { page } = probe;
    await page.evaluate(async () => {
      const late = document.getElementById('late')!;
      late.innerHTML =
        '<a id="tardiva" href="/var/site/storage/images/3011/foto.png" title="Aggiunta dopo" data-gallery>Foto aggiunta dopo</a>';
      await (window as any).piazza.mount(late);
      await (window as any).piazza.mount(late);
      (window as any).__defaultPrevented = [] as boolean[];
      window.addEventListener('click', (e) => {
        (window as any).__defaultPrevented.push(e.defaultPrevented);
        e.preventDefault();
      });
    });
    expect(await page.$eval('#tardiva', (a) => a.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.keyboard.down('Control');
    await page.click('#tardiva');
    await page.keyboard.up('Control');
    expect(await page.evaluate(() => [(window as any).__defaultPrevented, !!document.querySelector('dialog.piazza-gallery')])).toEqual([
      [false],
      false,
    ]);
    await page.click('#tardiva');
    await waitOpen(page);
    expect(await page.$eval(DIALOG, (d) => [d.getAttribute('aria-label'), d.getAttribute('data-index')])).toEqual([
      'Galleria, 8 elementi',
      '7',
    ]);
    expect(await page.$$eval(DIALOG, (d) => d.length)).toBe(1);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('gallery: slideshow and sliding', () => {
  it('plays, pauses while the pointer rests on the picture or focus is on a control, and stops', async () => {
    const probe = await openGallery('gallery.html');
    const { page } = probe;
    // The widget's own options, as blueimp read them (data attributes): a quicker slideshow for the test.
    await page.$eval('#blueimp-gallery', (w) => w.setAttribute('data-slideshow-interval', '1000'));
    await page.click('#foto a:nth-of-type(1)');
    await waitOpen(page);
    // State attributes follow each action after Preact's render: wait for them.
    const slideshow = (state: string) =>
      page.waitForFunction((sel, s) => document.querySelector(sel)!.getAttribute('data-slideshow') === s, {}, DIALOG, state);
    await slideshow('stopped');
    await page.mouse.move(5, 450); // away from the picture
    // Each state the dialog goes through, recorded in the page: on two busy CI cores a second
    // slide may come before this side looks, so the steps are read from the record, not live.
    await page.$eval(DIALOG, (d) => {
      const seen: string[] = ((window as any).__slides = []);
      new MutationObserver(() => seen.push(d.getAttribute('data-sliding') + ' ' + d.getAttribute('data-index'))).observe(d, {
        attributeFilter: ['data-sliding', 'data-index'],
      });
    });
    await page.click(`${DIALOG} .piazza-gallery-playpause`);
    await slideshow('playing');
    expect(await page.$eval(`${DIALOG} .piazza-gallery-playpause`, (b) => b.getAttribute('aria-label'))).toBe('Ferma la presentazione');
    expect(await page.$eval('#blueimp-gallery', (w) => w.classList.contains('blueimp-gallery-playing'))).toBe(true);
    // The slide changes by itself, to the next picture, through the "sliding" state.
    await page.waitForFunction(() => (window as any).__slides.includes('false 1'));
    const steps: string[] = await page.evaluate(() => (window as any).__slides);
    const before = steps.slice(0, steps.indexOf('false 1'));
    // (before it settles on picture 2 — index 1 — the dialog showed only pictures 1 and 2, and slid)
    expect(
      before.filter((x) => !/ [01]$/.test(x)),
      steps.join(', '),
    ).toEqual([]);
    expect(
      before.some((x) => x.startsWith('true ')),
      steps.join(', '),
    ).toBe(true);
    // The announcements stay quiet while it plays.
    expect(await page.$eval(`${DIALOG} [role=status]`, (s) => s.textContent)).toBe('Immagine 1 di 7: Veduta del centro storico');

    await page.hover(`${DIALOG} .piazza-gallery-current .fslightbox-source`);
    await slideshow('paused');
    expect(await textOf(page, `${DIALOG} .piazza-gallery-paused`)).toBe('In pausa');
    await page.mouse.move(5, 450);
    await slideshow('playing');
    await page.focus(`${DIALOG} .piazza-gallery-next`);
    await slideshow('paused');
    await page.focus(`${DIALOG} .piazza-gallery-playpause`);
    await slideshow('playing');
    await page.keyboard.press('Enter');
    await slideshow('stopped');
    expect(await page.$eval(`${DIALOG} .piazza-gallery-playpause`, (b) => b.getAttribute('aria-label'))).toBe('Avvia la presentazione');
    await expectAxe(page);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('starts playing when the widget says so (data-start-slideshow)', async () => {
    const probe = await openGallery('gallery.html');
    const { page } = probe;
    await page.$eval('#blueimp-gallery', (w) => w.setAttribute('data-start-slideshow', 'true'));
    await page.click('#foto a:nth-of-type(2)');
    await waitOpen(page);
    expect(await page.$eval(DIALOG, (d) => d.getAttribute('data-slideshow'))).toMatch(/^(playing|paused)$/);
    await page.close();
  });
});

describe('gallery: swipe', () => {
  /** A real drag (touchscreen or mouse) of `dx` px across the middle of the dialog. */
  async function drag(page: Page, touch: boolean, dx: number) {
    const box = (await (await page.$(DIALOG))!.boundingBox())!;
    const x = box.x + box.width / 2 + (dx < 0 ? box.width / 4 : -box.width / 4);
    const y = box.y + box.height / 3;
    if (touch) {
      await page.touchscreen.touchStart(x, y);
      await page.touchscreen.touchMove(x + dx / 2, y);
      await page.touchscreen.touchMove(x + dx, y);
      await page.touchscreen.touchEnd();
    } else {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 2 });
      await page.mouse.up();
    }
  }

  /** Pointer down, move, then up `dx` px further after `waitMs` (0: in the same task, a true flick): the timing is the page's own. */
  const flick = (page: Page, dx: number, waitMs = 0) =>
    page.evaluate(
      async (sel, d, ms) => {
        const target = document.querySelector(sel + ' .piazza-gallery-current')!;
        const r = target.getBoundingClientRect();
        const at = (type: string, x: number) =>
          target.dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              isPrimary: true,
              pointerId: 7,
              pointerType: 'touch',
              clientX: x,
              clientY: r.top + r.height / 3,
            }),
          );
        at('pointerdown', r.left + r.width / 2);
        at('pointermove', r.left + r.width / 2 + d / 2);
        if (ms) await new Promise((done) => setTimeout(done, ms));
        at('pointerup', r.left + r.width / 2 + d);
      },
      DIALOG,
      dx,
      waitMs,
    );
  const afterEffects = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

  it.each([
    ['desktop, mouse', DESKTOP, false],
    ['phone, touch', PHONE, true],
  ] as const)('follows a real drag across the picture, both ways (%s)', async (_n, viewport, touch) => {
    const probe = await openGallery('gallery.html', viewport);
    const { page } = probe;
    await page.click('#foto a:nth-of-type(2)');
    await waitOpen(page);
    const width = (await (await page.$(DIALOG))!.boundingBox())!.width;
    // Over half the width: a swipe however long it takes.
    await drag(page, touch, -(width / 2 + 20));
    await waitIndex(page, 2);
    await drag(page, touch, width / 2 + 20);
    await waitIndex(page, 1);
    expect(probe.errors).toEqual([]);
    await page.close();
  });

  it('takes a flick over 20 px within 250 ms; not 20 px, not a slow one, not a short drag', async () => {
    const probe = await openGallery('gallery.html', PHONE);
    const { page } = probe;
    await page.click('#foto a:nth-of-type(2)');
    await waitOpen(page);
    await flick(page, -24);
    await waitIndex(page, 2);
    await flick(page, 24);
    await waitIndex(page, 1);
    await flick(page, -20);
    await flick(page, -60, 300);
    await drag(page, true, -12);
    await afterEffects(page);
    // None of those changed the slide, nor closed the lightbox as a tap on the backdrop would.
    expect(await page.$eval(DIALOG, (d) => [d.getAttribute('data-index'), d.getAttribute('data-piazza-gallery-state')])).toEqual([
      '1',
      'open',
    ]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('gallery: videos, load errors, consent for YouTube and Vimeo', () => {
  it('asks before loading YouTube or Vimeo, marks slides that fail to load, and passes axe in each state', async () => {
    const probe = await openGallery('gallery.html');
    const { page } = probe;
    await page.click('#video li:nth-child(1) a');
    await waitOpen(page);
    const current = `${DIALOG} .piazza-gallery-current`;
    await page.waitForSelector(`${current} .piazza-gallery-consent`);
    // No consent config on this page: only the button that allows it for this page view.
    expect(await page.$$eval(`${current} .piazza-gallery-consent button`, (b) => b.map((x) => x.textContent))).toEqual([
      'Carica il video da YouTube',
    ]);
    await expectAxe(page);
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 1);
    expect(await page.$$eval(`${current} .piazza-gallery-consent button`, (b) => b.map((x) => x.textContent))).toEqual([
      'Carica il video da Vimeo',
    ]);
    // A video file that is missing: the slide gets blueimp's error class and a message.
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 2);
    await page.waitForSelector(`${current}.slide-error`);
    expect(await textOf(page, `${current} .piazza-gallery-error-text`)).toMatch(/^Non è stato possibile caricare il video\./);
    // A picture that is missing: the same.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 4);
    await page.waitForSelector(`${current}.slide-error`);
    expect(await textOf(page, `${current} .piazza-gallery-error-text`)).toBe('Non è stato possibile caricare l’immagine.');
    await expectAxe(page);
    // Nothing has gone to a video host so far (posters and thumbnails included).
    expect(probe.requests.filter((u) => VIDEO_HOSTS.test(u))).toEqual([]);

    // The visitor asks for the YouTube video: it loads, plays, and takes focus.
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 0);
    await page.click(`${current} .piazza-gallery-consent button`);
    await page.waitForSelector(`${current} iframe`);
    expect(await page.$eval(`${current} iframe`, (f) => [f.getAttribute('src'), f.getAttribute('title')])).toEqual([
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
      'Video YouTube: La nostra valle in quattro minuti',
    ]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(probe.requests.filter((u) => VIDEO_HOSTS.test(u))).toEqual([
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
    ]);
    // Vimeo is another service: still asks.
    await page.focus(DIALOG);
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 1);
    expect(await page.$$(`${current} .piazza-gallery-consent button`)).toHaveLength(1);
    expect(probe.pageErrors).toEqual([]);
    // The only console errors are the browser's lines for the two missing files.
    expect(probe.consoleErrors.every((m) => /404/.test(m))).toBe(true);
    await page.close();
  });

  it("follows the consent of the site: no choice yet → placeholder; allowed from the placeholder's settings → the player", async () => {
    const probe = await openGallery('test/gallery-consent.html');
    const { page } = probe;
    await page.click('#yt');
    await waitOpen(page);
    const current = `${DIALOG} .piazza-gallery-current`;
    await page.waitForSelector(`${current} .piazza-gallery-consent`);
    expect(await page.$$eval(`${current} .piazza-gallery-consent button`, (b) => b.map((x) => x.textContent))).toEqual([
      'Carica il video da YouTube',
      'Preferenze cookie',
    ]);
    expect(probe.requests.filter((u) => VIDEO_HOSTS.test(u))).toEqual([]);
    // The site's cookie settings open over the gallery; accepting there loads the video.
    await page.click(`${current} .piazza-gallery-consent button:nth-child(2)`);
    await page.waitForSelector('#cconsent-modal[open]');
    await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('#cconsent-modal button'))
        .find((b) => /^Accetta/.test(b.textContent!.trim()))!
        .click(),
    );
    await page.waitForSelector(`${current} iframe`);
    expect(await page.$eval(`${current} iframe`, (f) => f.getAttribute('src'))).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=0&rel=0',
    );
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await waitClosed(page);
    // Next page view: the stored choice (multimedia allowed) lets Vimeo in without asking.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitReady(page);
    await page.click('#vimeo');
    await waitOpen(page);
    await page.waitForSelector(`${current} iframe`);
    expect(await page.$eval(`${current} iframe`, (f) => f.getAttribute('src'))).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=0&dnt=1',
    );
    expect(probe.pageErrors).toEqual([]);
    await page.close();
  });

  it('keeps asking when the visitor refused multimedia', async () => {
    const probe = await openGallery('test/gallery-consent.html');
    const { page } = probe;
    await page.waitForSelector('#cconsent-bar');
    await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('#cconsent-bar button'))
        .find((b) => /^Rifiuta/.test(b.textContent!.trim()))!
        .click(),
    );
    await page.click('#yt');
    await waitOpen(page);
    await page.waitForSelector(`${DIALOG} .piazza-gallery-current .piazza-gallery-consent`);
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 1);
    await page.waitForSelector(`${DIALOG} .piazza-gallery-current .piazza-gallery-consent`);
    expect(probe.requests.filter((u) => VIDEO_HOSTS.test(u))).toEqual([]);
    expect(probe.errors).toEqual([]);
    await page.close();
  });
});

describe('gallery: faults and hygiene', () => {
  it("logs blueimp's faults and leaves the link working as a link", async () => {
    // The admin's lines, in Italian (the page has no data-piazza-messages="en"; in English they are
    // blueimp's own words), each prefixed with the helper and the group's data-gallery value.
    const probe = await openPage(env.browser, env.portal.url + 'test/gallery-faults.html');
    const { page } = probe;
    await page.evaluate(() => {
      (window as any).__defaultPrevented = [] as boolean[];
      window.addEventListener('click', (e) => {
        (window as any).__defaultPrevented.push(e.defaultPrevented);
        e.preventDefault();
      });
    });
    for (const id of ['no-widget', 'no-slides', 'empty']) await page.click('#' + id);
    expect(probe.consoleErrors).toEqual([
      '[piazza] gallery helper "": contenitore del widget non trovato (#blueimp-gallery)',
      '[piazza] gallery helper "#widget-senza-slides": contenitore delle slide non trovato (.slides in #widget-senza-slides)',
      '[piazza] gallery helper "#widget-vuoto": lista assente o vuota',
    ]);
    await page.click('#ok');
    await waitOpen(page);
    expect(await page.evaluate(() => (window as any).__defaultPrevented)).toEqual([false, false, false, true]);
    expect(await page.$eval(DIALOG, (d) => d.getAttribute('aria-label'))).toBe('Galleria, 1 elemento');
    expect(await page.$$(`${DIALOG} .piazza-gallery-next`)).toHaveLength(0); // one item: no arrows, no slideshow
    await page.close();
  });

  it("works under a strict CSP: every style it injects carries the nonce, none of fslightbox's own", async () => {
    const probe = await openPage(env.browser, env.portal.url + 'test/helpers-csp.html', PHONE);
    const { page } = probe;
    // The shared link above the photos becomes its remote card (~460 px taller on a phone) after
    // piazza.ready; a click meanwhile can find #foto-1 pushed out of the viewport (fresh-clone CI).
    await page.waitForFunction(() => !document.getElementById('ph'));
    await page.click('#foto-1');
    await waitOpen(page);
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitIndex(page, 2);
    await page.waitForSelector(`${DIALOG} .piazza-gallery-current .piazza-gallery-consent`);
    await page.keyboard.press('Escape');
    await waitClosed(page);
    await page.click('[aria-controls="collapse-c-0"]');
    await page.waitForFunction(() => document.querySelector('[aria-controls="collapse-c-0"]')?.getAttribute('aria-expanded') === 'true');
    const styles = await page.$$eval('style', (s) => s.map((x) => [x.getAttribute('data-piazza-css'), x.nonce, x.className]));
    expect(styles.length).toBeGreaterThan(3);
    for (const [, nonce, cls] of styles) expect([nonce, cls]).toEqual(['piazzaTest', '']);
    expect(styles.map((s) => s[0])).toEqual(expect.arrayContaining(['gallery-fslightbox', 'gallery', 'stacktable', 'procedure']));
    // A CSP violation would be a console error.
    expect(probe.errors).toEqual([]);
    expect(probe.external()).toEqual([]);
    await page.close();
  });
});
