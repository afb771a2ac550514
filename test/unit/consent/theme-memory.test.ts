// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/video" }
// Bootstrap Italia 2.11's remembered "multimedia" (localStorage `bs-ck3`) is forgotten before its
// AcceptOverlay can read it, but not at boot (issue 31: a page's first storage access is a
// synchronous round trip to the browser while piazza.js holds the parser): when the first overlay
// is inserted, in the microtask after it — before any script the parser meets next. One page, one
// core: the tests follow one load. The real bundle on a real page: test/browser/consent-openpa.
// (Its own URL above: unit files share a worker's jsdom page when their options are the same, and
// another file's core and cookies there would answer too.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const g = globalThis as any;
  g.SVGScriptElement ??= class SVGScriptElement extends g.SVGElement {}; // (jsdom lacks it: intercept.ts marks its prototype)
});
import { startConsent } from '../../../consent/core';
import { themeConfig } from './openpa-fixtures';

/** Every reach for window.localStorage, counted (the round trip starts there). */
let storageReads = 0;
const real = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
const remembered = () => JSON.parse(real.get!.call(window).getItem('bs-ck3'));

beforeAll(() => {
  localStorage.setItem('bs-ck3', JSON.stringify({ multimedia: true, other: true })); // from an earlier visit
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      storageReads++;
      return real.get!.call(window);
    },
  });
  document.head.innerHTML = `<script type="application/json" id="piazza-consent">${JSON.stringify(themeConfig())}</script>`;
  document.body.innerHTML = '<main><h1>Notizie</h1></main>';
  const ctx = { version: 'test', nonce: '', base: '/', events: { on: () => () => {}, emit() {} }, explain: async () => '' };
  const never = () => new Promise<never>(() => {});
  startConsent(ctx as any, { ui: never, openpa: never, prefetch() {}, firstContent: never }); // (the chunks never arrive: nothing here needs them)
});

afterAll(() => Object.defineProperty(window, 'localStorage', real));

describe("Bootstrap Italia's remembered multimedia choice", () => {
  it('is not read while the page has no video overlay: not at boot, not a task later', async () => {
    await new Promise((r) => setTimeout(r, 20));
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p>Testo</p>');
    await Promise.resolve();
    expect(storageReads).toBe(0);
    expect(remembered()).toEqual({ multimedia: true, other: true });
  });

  it('is forgotten (the rest kept) in the microtask after an overlay is inserted, before the next script could run', async () => {
    // parts/video.tpl's overlay, its buttons deep inside the inserted element
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<div class="acceptoverlayable"><div class="acceptoverlay"><p><button data-bs-accept-from="multimedia">Accetta</button></p></div></div>',
      );
    expect(remembered()).toEqual({ multimedia: true, other: true }); // (the record is not delivered yet)
    await Promise.resolve();
    expect(remembered()).toEqual({ multimedia: false, other: true });
  });

  it('is checked once: a later overlay finds it as it was left', async () => {
    const reads = storageReads;
    localStorage.setItem('bs-ck3', JSON.stringify({ multimedia: true })); // the visitor's own "remember", on the overlay
    const reads2 = storageReads;
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button data-bs-accept-from="multimedia">Accetta</button>');
    await Promise.resolve();
    expect(storageReads).toBe(reads2);
    expect(reads2).toBe(reads + 1);
    expect(remembered()).toEqual({ multimedia: true });
  });
});
