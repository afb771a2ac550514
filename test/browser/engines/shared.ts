// What every engine's Tab reads the same way: the page probe and the emulator's served log.
import type { Emulator } from '../harness';
import type { Tab } from './types';

interface Served {
  seq: number;
  method: string;
  url: string;
  status: number;
}

/** Readers of the emulator's served log from `since` on (the tab's opening). */
export function servedSince(portal: Emulator, since: number) {
  const read = async (): Promise<Served[]> => (await fetch(`${portal.origin}/__emulator/served?since=${since}`)).json();
  return {
    failedResponses: async () => (await read()).filter((r) => r.status >= 400).map((r) => `${r.status} ${r.url}`),
    requested: async () => (await read()).map((r) => r.url),
  };
}

/** The page probe's list (fixtures/emulator/probe.mjs); a page without it is a harness error. */
export async function probeErrors(tab: Pick<Tab, 'evaluate'>): Promise<string[]> {
  const errors = await tab.evaluate(() => (window as any).__piazzaProbe?.errors ?? null);
  if (!errors) throw new Error('the page has no probe: start the emulator with {probe: true} (engines/index.ts does)');
  return errors;
}

/** Polls `check` every 50 ms until it gives a truthy value; the error names what was awaited. */
export async function poll<R>(check: () => Promise<R>, what: string, timeout = 15_000): Promise<R> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${what}` + (last ? ` (last error: ${String(last)})` : ''));
    await new Promise((r) => setTimeout(r, 50));
  }
}
