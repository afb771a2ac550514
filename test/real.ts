// The upstream oracles of ../shared/real (the real eZ engine, orestbida's and brainsum's consent
// scripts, the theme's Bootstrap Italia bundles; ../shared/real/README.md). A user's clone has no
// ../shared/real: a test that needs it skips, saying so in one line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe } from 'vitest';

export const REAL = resolve(import.meta.dirname, '../../shared/real');
export const real = (...parts: string[]) => resolve(REAL, ...parts);

/** Why `parts` of ../shared/real cannot be used here, or null. */
export function realMissing(...parts: string[]): string | null {
  const absent = parts.filter((p) => !existsSync(real(p)));
  return absent.length ? `needs ../shared/real/${absent.join(', ../shared/real/')} (not in this clone)` : null;
}

/** `describe`, or a skipped one announced by one line when the oracle is absent. */
export function describeWithReal(name: string, parts: string[], body: () => void, why: string | null = realMissing(...parts)): void {
  if (why) console.log(`[skipped] ${name}: ${why}`);
  (why ? describe.skip : describe)(name, body);
}
