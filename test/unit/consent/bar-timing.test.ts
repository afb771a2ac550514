// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/" }
// When the bar's chunks are asked for and when the bar's work runs (issue 31): on a first visit the
// UI chunk, the page language's texts and, with carryOver, the OpenPA chunk are all fetched (not run)
// side by side once the blocks' first requests are out (the loader's prefetch asks the core which
// then); the OpenPA chunk and the bar run only once the page's blocks show their first content (the
// loader's firstContent). A returning visitor fetches nothing for a bar. The loader here is the
// test's own stand-in, recording what is asked of it; `requestsOut` and `contentShown` are its moments.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const g = globalThis as any;
  g.SVGScriptElement ??= class SVGScriptElement extends g.SVGElement {}; // (jsdom lacks it: intercept.ts marks its prototype)
});
import { startConsent } from '../../../consent/core';
import { portalConfig } from './fixtures';

const tick = () => new Promise((r) => setTimeout(r));
/** The document's own cookie accessors: each core of this file wraps them (its cookie filter). */
const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
const setCookie = (text: string) => native.set!.call(document, text);

function page(config: Record<string, unknown>) {
  const asked: string[] = [];
  const prefetches: Array<() => string[]> = [];
  const requestsOut = () => {
    for (const entries of prefetches.splice(0)) for (const entry of entries()) asked.push('prefetch ' + entry);
  };
  let contentShown!: () => void;
  const firstContent = new Promise<void>((r) => (contentShown = r));
  const bar = vi.fn();
  const chunks = {
    prefetch: (entries: () => string[]) => void prefetches.push(entries),
    firstContent: () => firstContent,
    ui: async () => {
      asked.push('ui');
      return { createUi: async () => ({ showBar: bar, refresh() {}, open() {} }), problems: async () => [] } as any;
    },
    openpa: async () => {
      asked.push('openpa');
      return { startOpenpa: async () => void asked.push('openpa started') };
    },
  };
  document.head.innerHTML = `<script type="application/json" id="piazza-consent">${JSON.stringify(config)}</script>`;
  const ctx = { version: 'test', nonce: '', base: '/', events: { on: () => () => {}, emit() {} }, explain: async () => '' };
  startConsent(ctx as any, chunks);
  return { asked, bar, requestsOut, contentShown };
}

const italian = (extra: Record<string, unknown> = {}) => ({
  ...portalConfig(),
  barTimeout: 0,
  language: { current: 'it', locale: { it: { barMainText: 'Usiamo i cookie.' } } },
  ...extra,
});

beforeEach(() => {
  for (const c of (native.get!.call(document) as string).split(';')) {
    const name = c.split('=')[0].trim();
    if (name) setCookie(name + '=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  }
  delete (window as any).CookieConsent;
  delete (window as any).piazza;
});

describe('the bar on a first visit', () => {
  it("fetches the UI, the texts of the page language and the OpenPA chunk side by side once the blocks' first requests are out, and runs nothing yet", async () => {
    const { asked, bar, requestsOut } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    await tick();
    expect(asked).toEqual([]); // (nor is the stored choice read while the page parses)
    requestsOut();
    expect(asked).toEqual(['prefetch consent-ui', 'prefetch consent-it', 'prefetch consent-openpa']);
    await tick();
    await tick();
    expect(asked).not.toContain('openpa');
    expect(asked).not.toContain('ui');
    expect(bar).not.toHaveBeenCalled();
  });

  it('runs the OpenPA chunk, then the bar, once the page shows its first content', async () => {
    const { asked, bar, requestsOut, contentShown } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    requestsOut();
    contentShown();
    await vi.waitFor(() => expect(bar).toHaveBeenCalledTimes(1));
    expect(asked.slice(3)).toEqual(['openpa', 'openpa started', 'ui']);
  });

  it("without carryOver or multimedia: no OpenPA chunk, the bar after the first content; a custom locale fetches the page language's texts", async () => {
    document.documentElement.lang = 'de-DE';
    const { asked, bar, requestsOut, contentShown } = page(
      italian({ language: { current: 'portale', locale: { portale: { barMainText: 'Cookies.' } } } }),
    );
    requestsOut();
    expect(asked).toEqual(['prefetch consent-ui', 'prefetch consent-de']);
    contentShown();
    await vi.waitFor(() => expect(bar).toHaveBeenCalledTimes(1));
    expect(asked).not.toContain('openpa');
    document.documentElement.lang = '';
  });
});

describe('a returning visitor', () => {
  it('fetches nothing for a bar and shows none; the OpenPA chunk still runs after the first content', async () => {
    const record = {
      version: 1,
      categories: { necessary: { wanted: true }, analytics: { wanted: false }, multimedia: { wanted: false } },
      services: Object.keys(portalConfig().services),
    };
    setCookie('cconsent=' + JSON.stringify(record) + '; path=/');
    const { asked, bar, requestsOut, contentShown } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    requestsOut();
    expect(asked.filter((a) => a.startsWith('prefetch'))).toEqual([]);
    contentShown();
    await vi.waitFor(() => expect(asked).toContain('openpa started'));
    await tick();
    expect(asked).not.toContain('ui');
    expect(bar).not.toHaveBeenCalled();
  });
});
