// Config validation for blocks, against the generated standalone validators of schemas/.
// A failure throws ConfigError; the loader prints it with the block id and keeps the fallback.
import type { ValidateFunction } from 'ajv';
import { toProblems, type Problem } from '../schemas/problems.js';

export class ConfigError extends Error {
  constructor(public problems: Problem[]) {
    // Codes only: the loader words `problems` in the admin's language (runtime/messages.ts).
    super('invalid config: ' + problems.map((p) => p.path + ' ' + p.code).join('; '));
    this.name = 'ConfigError';
  }
}

/** Validates (and fills defaults into) a copy of `config`; returns it typed or throws ConfigError. */
export function checkConfig<T>(validate: ValidateFunction, config: unknown): T {
  if (!config || typeof config !== 'object' || Array.isArray(config))
    throw new ConfigError([{ path: '/', code: 'type', types: ['object'] }]);
  const copy = structuredClone(config);
  if (!validate(copy)) throw new ConfigError(toProblems(validate.errors));
  return copy as T;
}

/** A setting of the jQuery plugins, with what to do instead in each language. */
export interface LegacyNote {
  key: string;
  note: { it: string; en: string };
}

/** The admin note of an ignored setting, for ctx.explain (the loader's words, a lazy chunk). */
export const ignoredNote = ({ key, note }: LegacyNote) => ({ code: 'ignored', key, note });

/**
 * The original jQuery plugin's settings present in `config` (schemas mark them `"deprecated"`):
 * accepted, so a config copied from an old template still mounts, and each reported once, as
 * `/key` with what to do instead.
 */
export function legacyNotes(config: unknown, legacy: Record<string, LegacyNote['note']>): LegacyNote[] {
  if (!config || typeof config !== 'object') return [];
  return Object.keys(config)
    .filter((k) => Object.hasOwn(legacy, k))
    .map((k) => ({ key: '/' + k, note: legacy[k] }));
}
