// Which engines a cross-browser file runs on, and its set-up: one emulator (with the page probe)
// and one engine per describe block. PIAZZA_ENGINE=firefox (or a list, `chromium,webkit`) narrows
// a run to those engines; by default all three.
import { afterAll, beforeAll } from 'vitest';
import { startPortal, type Emulator } from '../harness';
import { puppeteerEngine } from './puppeteer';
import { ENGINES, type Engine, type EngineName } from './types';
import { webkitEngine } from './webdriver';

export * from './types';

export function selectedEngines(): EngineName[] {
  const wanted = (process.env.PIAZZA_ENGINE || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !ENGINES.includes(w as EngineName));
  if (unknown.length) throw new Error(`PIAZZA_ENGINE: unknown ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return wanted.length ? (wanted as EngineName[]) : ENGINES;
}

export const openEngine = (name: EngineName, portal: Emulator): Promise<Engine> =>
  name === 'webkit' ? webkitEngine(portal) : puppeteerEngine(name, portal);

export interface EngineEnv {
  portal: Emulator;
  engine: Engine;
}

/** Call inside a describe: the emulator (with the page probe) and `name`'s browser for its tests. */
export function useEngine(name: EngineName): EngineEnv {
  const env = {} as EngineEnv;
  beforeAll(async () => {
    env.portal = await startPortal({ probe: true });
    env.engine = await openEngine(name, env.portal);
  }, 120_000);
  afterAll(async () => {
    await env.engine?.close();
    await env.portal?.close();
  });
  return env;
}
