// Config validation for blocks, against the generated standalone validators of schemas/.
// A failure throws ConfigError; the loader prints it with the block id and keeps the fallback.
import type { ValidateFunction } from 'ajv';
import { toProblems, type Problem } from '../schemas/problems.js';

export class ConfigError extends Error {
  constructor(public problems: Problem[]) {
    super('invalid config: ' + problems.map((p) => p.path + ' ' + p.message).join('; '));
    this.name = 'ConfigError';
  }
}

/** Validates (and fills defaults into) a copy of `config`; returns it typed or throws ConfigError. */
export function checkConfig<T>(validate: ValidateFunction, config: unknown): T {
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new ConfigError([{ path: '/', message: 'must be an object' }]);
  const copy = structuredClone(config);
  if (!validate(copy)) throw new ConfigError(toProblems(validate.errors));
  return copy as T;
}

/**
 * The original jQuery plugin's settings present in `config` (schemas mark them `"deprecated"`):
 * accepted, so a config copied from an old template still mounts, and each reported once as
 * "/key what to do instead".
 */
export function legacyNotes(config: unknown, legacy: Record<string, string>): string[] {
  if (!config || typeof config !== 'object') return [];
  return Object.keys(config).filter((k) => Object.hasOwn(legacy, k)).map((k) => '/' + k + ' ' + legacy[k]);
}
