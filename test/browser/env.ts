// The one set-up of a browser test file: its emulator(s) and one Chromium, started before its
// tests and closed after them, and pages per test — every page a test opens is closed after it,
// even when the test fails half-way (a page left open keeps its timers and requests running beside
// the next tests). Kits (a11y/kit.ts, consent-kit.ts) build their environments on this one.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { launch, startPortal, type Emulator, type LaunchOptions } from './harness';

export interface BrowserEnv {
  browser: Browser;
  /** The portal: the emulator serving the demo pages and their API. */
  portal: Emulator;
  /** A second portal, for remote blocks (JSONP to another origin), when asked for. */
  remote: Emulator;
}

export interface EnvOptions {
  launch?: LaunchOptions;
  /** startEmulator options of the portal (e.g. `{ hostile: true }`), or a function giving them when the file starts. */
  portal?: Record<string, unknown> | (() => Record<string, unknown>);
  /** A second emulator: `true`, or its options. */
  remote?: boolean | Record<string, unknown>;
  /** Clear the emulators' armed faults after each test (default true). */
  clearFaults?: boolean;
}

export function useBrowserEnv(options: EnvOptions = {}): BrowserEnv {
  const env = {} as BrowserEnv;
  const pages = new Set<Page>();
  let inTest = false; // pages a beforeAll opens for the whole file are the file's to close
  beforeAll(async () => {
    const remote = options.remote ? startPortal(options.remote === true ? {} : options.remote) : undefined;
    [env.portal, env.remote, env.browser] = await Promise.all([
      startPortal(typeof options.portal === 'function' ? options.portal() : options.portal),
      remote as Promise<Emulator>,
      launch(options.launch),
    ]);
    // Pages of this file, in any context, are closed after the test that opened them.
    env.browser.on('targetcreated', async (target) => {
      const page = await target.page().catch(() => null);
      if (page && inTest) {
        pages.add(page);
        page.once('close', () => pages.delete(page));
      }
    });
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    if (options.clearFaults !== false) for (const e of [env.portal, env.remote]) e?.faults.clear();
    await Promise.all([...pages].map((p) => p.close().catch(() => undefined)));
    pages.clear();
  });
  afterAll(async () => {
    await env.browser?.close();
    await Promise.all([env.portal?.close(), env.remote?.close()]);
  });
  return env;
}
