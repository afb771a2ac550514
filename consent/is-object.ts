// A module of its own, not a value of config.ts: check.ts needs it, and config.ts re-exports the
// check (an import circle otherwise); nor of values.ts, which the consent UI chunk would then carry
// whole (the check's tables are for the check chunk only).

/** A JSON object of the config (not an array, nor the legacy call's RegExp cookie name). */
export const isObject = (v: unknown): v is Record<string, any> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RegExp);
