// Chromium (CDP) and Firefox ESR (WebDriver BiDi) through puppeteer-core: each tab in a browser
// context of its own. Chromium comes from the shared harness (loopback-only name resolution, the
// run's clock and zone); Firefox gets the same through its preferences and TZ.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { launch, likeAVisitor, removeWhenGone, type Emulator } from '../harness';
import { browserZone } from '../clock';
import { poll, probeErrors, servedSince } from './shared';
import type { Engine, EngineName, Key, Tab, Viewport } from './types';

export function firefoxPath(): string | null {
  return [process.env.PIAZZA_FIREFOX, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p): p is string => !!p && existsSync(p)) ?? null;
}

/** Firefox ESR through puppeteer over WebDriver BiDi: loopback only, the visitor's zone (the bench uses it too). */
export async function launchFirefox(): Promise<Browser> {
  const executablePath = firefoxPath();
  if (!executablePath)
    throw new Error('Firefox not found: run scripts/ensure-browsers.sh (apt-get install firefox-esr) or set PIAZZA_FIREFOX');
  const profile = mkdtempSync(join(tmpdir(), 'piazza-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: profile,
    env: { ...process.env, TZ: browserZone() },
    extraPrefsFirefox: {
      // Nothing leaves the machine: every request goes to a proxy that is not there, except loopback.
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 9,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 9,
      'network.proxy.no_proxies_on': '127.0.0.1, localhost',
      'network.proxy.allow_hijacking_localhost': false,
      'intl.locale.requested': 'it-IT',
    },
  });
  removeWhenGone(profile, browser.process());
  return browser;
}

const PUPPETEER_KEYS: Record<Key, string> = {
  // ' ', not 'Space': BiDi knows only the former
  Enter: 'Enter',
  Tab: 'Tab',
  Escape: 'Escape',
  ' ': ' ',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Home: 'Home',
  End: 'End',
  Backspace: 'Backspace',
};

function tabOf(engine: EngineName, page: Page, portal: Emulator, since: number, onClose: () => Promise<void>): Tab {
  const served = servedSince(portal, since);
  const tab: Tab = {
    engine,
    goto: async (url) => {
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded' });
      } catch (e) {
        // Firefox's BiDi navigate can fail with its generic "Address rejected" (Navigate.sys.mjs
        // #getErrorName, no error page in the top document) when a frame of the page being left
        // shows an error page: a YouTube embed refused by the no-network proxy above. The top
        // document did load; it is what is checked, and a real failure still times out here.
        if (engine !== 'firefox' || !/Address rejected/.test(String(e))) throw e;
        await poll(
          () => page.evaluate((u) => location.href === u && document.readyState !== 'loading', url),
          `${url} loaded after Firefox's "Address rejected"`,
        );
      }
    },
    url: async () => page.url(),
    back: async () => {
      await page.evaluate(() => history.back());
    },
    evaluate: (fn, ...args) => page.evaluate(fn as any, ...args) as any,
    waitFor: (fn, ...args) => poll(() => page.evaluate(fn as any, ...args) as any, String(fn).slice(0, 160)),
    click: async (selector) => {
      await page.click(selector);
    }, // waits for a still page (harness likeAVisitor)
    focus: (selector) => page.focus(selector),
    press: async (key, { shift = false } = {}) => {
      if (shift) await page.keyboard.down('Shift');
      await page.keyboard.press(PUPPETEER_KEYS[key] as any);
      if (shift) await page.keyboard.up('Shift');
    },
    type: async (selector, text) => {
      await page.focus(selector);
      await page.keyboard.type(text);
    },
    select: async (selector, value) => {
      await page.select(selector, value);
    }, // once the option is there (likeAVisitor)
    setViewport: (viewport: Viewport) => page.setViewport(viewport),
    errors: () => probeErrors(tab),
    failedResponses: served.failedResponses,
    requested: served.requested,
    close: onClose,
  };
  return tab;
}

export async function puppeteerEngine(name: 'chromium' | 'firefox', portal: Emulator): Promise<Engine> {
  const browser = name === 'chromium' ? await launch() : await launchFirefox();
  return {
    name,
    async newTab(viewport = { width: 1280, height: 900 }) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      likeAVisitor(page); // Chromium's pages have it from the harness already; Firefox's get it here
      await page.setViewport(viewport);
      await page.bringToFront(); // keyboard focus needs the foreground tab
      return tabOf(name, page, portal, portal.servedSeq(), () => context.close().catch(() => {}));
    },
    close: () => browser.close(),
  };
}
