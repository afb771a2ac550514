// One emulator and one Chromium per test file, started before its tests and closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { launch, startPortal, type Emulator, type LaunchOptions } from './harness';

export interface BrowserEnv {
  browser: Browser;
  portal: Emulator;
}

export function useBrowserEnv(options: { launch?: LaunchOptions } = {}): BrowserEnv {
  const env = {} as BrowserEnv;
  beforeAll(async () => {
    env.portal = await startPortal();
    env.browser = await launch(options.launch);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.portal?.close();
  });
  return env;
}
