// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/" }
// The core's boot reads no cookie (issue 31: a page's first cookie read is a synchronous round trip
// to the browser's network service while piazza.js holds the parser): the visitor's stored choice is
// read at the first question that needs it, and every answer is the choice's. Seen here by a record
// that comes after the boot (a read at boot would not have it) and before the first question.
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const g = globalThis as any;
  g.SVGScriptElement ??= class SVGScriptElement extends g.SVGElement {}; // (jsdom lacks it: intercept.ts marks its prototype)
});
import { startConsent } from '../../../consent/core';
import type { ConsentApi } from '../../../runtime/types';
import { portalConfig } from './fixtures';

const granted = { version: 1, categories: { necessary: { wanted: true }, analytics: { wanted: true }, multimedia: { wanted: false } } };

let api: ConsentApi;
beforeAll(() => {
  document.head.innerHTML = `<script type="application/json" id="piazza-consent">${JSON.stringify(portalConfig())}</script>`;
  const ctx = { version: 'test', nonce: '', base: '/', events: { on: () => () => {}, emit() {} }, explain: async () => '' };
  const never = () => new Promise<never>(() => {});
  api = startConsent(ctx as any, { ui: never, openpa: never, prefetch() {}, firstContent: never }); // (the chunks never arrive: nothing here needs them)
  // a returning visitor's record (analytics accepted, multimedia refused), there after the boot
  // (written past the core's cookie filter, whose own question would read the choice first)
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  native.set!.call(document, 'cconsent=' + JSON.stringify({ ...granted, services: ['google', 'piwik', 'multimedia'] }) + '; path=/');
});

describe('the stored choice, read when first needed', () => {
  it("answers from it at the first question: the visitor's accepted category runs, the refused one is held", () => {
    expect(api.allows('google')).toBe(true); // analytics, accepted
    expect(api.allows('multimedia')).toBe(false); // refused
    expect(api.get()?.categories.analytics.wanted).toBe(true);
  });

  it("orestbida's questions give the same answers", () => {
    const CC = (window as any).CookieConsent;
    expect(CC.validConsent()).toBe(true);
    expect(CC.acceptedCategory('analytics')).toBe(true);
    expect(CC.acceptedCategory('multimedia')).toBe(false);
  });
});
