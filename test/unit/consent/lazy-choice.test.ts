// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/" }
// The core's boot reads no cookie (issue 31: a page's first cookie read is a synchronous round trip
// to the browser's network service while piazza.js holds the parser): the visitor's stored choice is
// read at the first question that needs it, and every answer is the choice's, as if read at boot.
import { beforeAll, describe, expect, it, vi } from 'vitest';

/** Reads of document.cookie through the native getter (the one cookies.ts keeps), counted. */
const reads = vi.hoisted(() => {
  const g = globalThis as any;
  g.SVGScriptElement ??= class SVGScriptElement extends g.SVGElement {}; // (jsdom lacks it: intercept.ts marks its prototype)
  const native = Object.getOwnPropertyDescriptor(g.Document.prototype, 'cookie')!;
  const counter = { n: 0 };
  Object.defineProperty(g.Document.prototype, 'cookie', {
    ...native,
    get(this: Document) {
      counter.n++;
      return native.get!.call(this);
    },
  });
  return counter;
});
import { startConsent } from '../../../consent/core';
import type { ConsentApi } from '../../../runtime/types';
import { portalConfig } from './fixtures';

const granted = { version: 1, categories: { necessary: { wanted: true }, analytics: { wanted: true }, multimedia: { wanted: false } } };

let api: ConsentApi;
let atBoot = -1;
beforeAll(() => {
  // a returning visitor who accepted analytics, and a tracker's cookie of a refused category
  document.cookie = 'cconsent=' + JSON.stringify({ ...granted, services: ['google', 'piwik', 'multimedia'] }) + '; path=/';
  document.head.innerHTML = `<script type="application/json" id="piazza-consent">${JSON.stringify(portalConfig())}</script>`;
  reads.n = 0;
  const ctx = { version: 'test', nonce: '', base: '/', events: { on: () => () => {}, emit() {} }, explain: async () => '' };
  api = startConsent(ctx as any, () => new Promise(() => {})); // (the UI chunk never arrives: nothing here needs it)
  atBoot = reads.n;
});

describe('the stored choice, read when first needed', () => {
  it('is not read while the core boots', () => {
    expect(atBoot).toBe(0);
  });

  it("answers from it at the first question: the visitor's accepted category runs, the refused one is held", () => {
    expect(api.allows('google')).toBe(true); // analytics, accepted
    expect(api.allows('multimedia')).toBe(false); // refused
    expect(reads.n).toBeGreaterThan(0);
    expect(api.get()?.categories.analytics.wanted).toBe(true);
  });

  it("orestbida's questions give the same answers", () => {
    const CC = (window as any).CookieConsent;
    expect(CC.validConsent()).toBe(true);
    expect(CC.acceptedCategory('analytics')).toBe(true);
    expect(CC.acceptedCategory('multimedia')).toBe(false);
  });
});
