// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/" }
// When the bar's chunks are asked for and when the bar's work runs (issue 31): on a first visit the
// UI chunk, the page language's texts and, with carryOver, the OpenPA chunk are all fetched (not run)
// a task after the config, side by side; the OpenPA chunk and the bar run only once the page's
// blocks show their first content (the loader's firstContent). A returning visitor fetches nothing
// for a bar. The chunks here are the test's own stand-ins, recording what is asked of them.
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
  let contentShown!: () => void;
  const firstContent = new Promise<void>((r) => (contentShown = r));
  const bar = vi.fn();
  const chunks = {
    prefetch: (entry: string) => void asked.push('prefetch ' + entry),
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
  return { asked, bar, contentShown };
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
  it('fetches the UI, the texts of the page language and the OpenPA chunk side by side, a task after the config, and runs nothing yet', async () => {
    const { asked, bar } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    expect(asked).toEqual([]); // (not while piazza.js holds the parser: the stored choice is read in a task)
    await tick();
    expect(asked).toEqual(['prefetch consent-ui', 'prefetch consent-it', 'prefetch consent-openpa']);
    await tick();
    await tick();
    expect(asked).not.toContain('openpa');
    expect(asked).not.toContain('ui');
    expect(bar).not.toHaveBeenCalled();
  });

  it('runs the OpenPA chunk, then the bar, once the page shows its first content', async () => {
    const { asked, bar, contentShown } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    await tick();
    contentShown();
    await vi.waitFor(() => expect(bar).toHaveBeenCalledTimes(1));
    expect(asked.slice(3)).toEqual(['openpa', 'openpa started', 'ui']);
  });

  it("without carryOver or multimedia: no OpenPA chunk, the bar after the first content; a custom locale fetches the page language's texts", async () => {
    document.documentElement.lang = 'de-DE';
    const { asked, bar, contentShown } = page(
      italian({ language: { current: 'portale', locale: { portale: { barMainText: 'Cookies.' } } } }),
    );
    await tick();
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
    const { asked, bar, contentShown } = page(italian({ carryOver: { cookie: 'cc_cookie' } }));
    await tick();
    expect(asked.filter((a) => a.startsWith('prefetch'))).toEqual([]);
    contentShown();
    await vi.waitFor(() => expect(asked).toContain('openpa started'));
    await tick();
    expect(asked).not.toContain('ui');
    expect(bar).not.toHaveBeenCalled();
  });
});
