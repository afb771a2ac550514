// Consent config: defaults, the legacy deep merge, and the hand check that names JSON paths.
// The check lives in piazza.js, where ajv would not fit, so it is a few combinators over a compact
// spec; schemas/consent.schema.json says the same for `npm run validate` and editors
// (test/unit/consent/schema-parity.test.ts keeps the two in step).
// A bad config never fails open: what cannot be understood stays blocked (see normalise()).
import { GCM_TYPES, type ConsentConfig, type CookieName, type ServiceConfig } from './types';
import type { ConfigProblem } from '../types';

/** Codes, not words (runtime/messages.ts words them): piazza.js has no room for two languages. */
export type Problem = ConfigProblem;

export const SERVICE_TYPES = ['script-tag', 'dynamic-script', 'wrapped', 'localcookie'];
/** A CSS colour without anything that could end the declaration (the theme goes into a stylesheet). */
export const COLOUR = /^(#[\da-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/+-]+\)|[a-z]+)$/i;
/** Relative, or http(s): never javascript: and friends. */
export const LINK = /^(https?:|(?![a-z][a-z\d+.-]*:))/i;

export const isObject = (v: unknown): v is Record<string, any> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RegExp);

export function defaults(): ConsentConfig {
  return {
    cookieExists: false,
    cookieVersion: 1,
    barTimeout: 1000,
    modalMainTextMoreLink: null,
    theme: {},
    language: { current: 'en', locale: {} },
    categories: {},
    services: {},
  };
}

/** The original's merge: objects merge key by key; arrays, RegExps and scalars replace. */
export function merge<T extends Record<string, any>>(target: T, source: Record<string, any>): T {
  for (const key of Object.keys(source)) {
    if (key === '__proto__') continue; // JSON.parse makes it an own key: never merge into Object.prototype
    const value = source[key];
    const t = target as any;
    if (isObject(value)) merge(isObject(t[key]) ? t[key] : (t[key] = {}), value);
    else t[key] = value;
  }
  return target;
}

// ---- the check -------------------------------------------------------------------------------
/** A rule returns false after reporting a problem at `path`. */
type Rule = (v: any, path: string, out: Problem[], root: any) => boolean | void;

const fail = (out: Problem[], path: string, code: string, params?: object) => { out.push({ path: path || '/', code, ...params }); return false; };
const type = (t: string): Rule => (v, p, out) => typeof v === t || fail(out, p, 'type', { types: [t] });
const test = (ok: (v: any, root: any) => boolean, code: string, params?: object): Rule => (v, p, out, root) => ok(v, root) || fail(out, p, code, params);
const count = test((v) => Number.isInteger(v) && v >= 0, 'count');
const object = (out: Problem[], p: string) => fail(out, p, 'type', { types: ['object'] });
const text = type('string');
const flag = type('boolean');
/** An object with these keys only (and these required). */
const shape = (keys: Record<string, Rule>, required: string[] = []): Rule => (v, p, out, root) => {
  if (!isObject(v)) return object(out, p);
  for (const k of required) if (v[k] === undefined) fail(out, p + '/' + k, 'required');
  for (const k of Object.keys(v)) {
    if (!keys[k]) fail(out, p + '/' + k, 'additionalProperties');
    else if (v[k] !== undefined) keys[k](v[k], p + '/' + k, out, root);
  }
};
/** An object with any keys, each value following `rule`. */
const map = (rule: Rule): Rule => (v, p, out, root) => {
  if (!isObject(v)) return object(out, p);
  for (const k of Object.keys(v)) rule(v[k], p + '/' + k, out, root);
};
const list = (rule: Rule): Rule => (v, p, out, root) =>
  Array.isArray(v) ? v.forEach((x, i) => rule(x, p + '/' + i, out, root)) : fail(out, p, 'type', { types: ['array'] });
const category = test((v, root) => typeof v === 'string' && isObject(root.categories?.[v]), 'category');
const texts = shape({ current: text, locale: map(map(text)) });
const ownTexts = shape({ locale: map(map(text)) });

const cookieName: Rule = (v, p, out) =>
  typeof v === 'string' || v instanceof RegExp ||
  shape({ pattern: test((x) => typeof x === 'string' && !!toRegExp(x), 'regexp') }, ['pattern'])(v, p, out, null);

/** Built on first use, so importing a helper from this module costs the UI chunk nothing. */
const spec = (): Rule => shape({
  $schema: text,
  cookieVersion: count,
  barTimeout: count,
  modalMainTextMoreLink: test((v) => v === null || (typeof v === 'string' && LINK.test(v)), 'link'),
  // Theme keys are not listed here (bytes in piazza.js): the UI chunk reports unknown ones.
  theme: map(test((v) => typeof v === 'string' && COLOUR.test(v), 'colour')),
  language: texts,
  categories: map(shape({ needed: flag, wanted: flag, checked: flag, language: ownTexts })),
  services: map(shape({
    category,
    type: test((v) => SERVICE_TYPES.includes(v), 'enum', { values: SERVICE_TYPES }),
    search: (v, p, out, root) => (Array.isArray(v) ? list(text) : text)(v, p, out, root), // a string, or a list of strings
    cookies: list(shape({ name: cookieName, domain: text }, ['name'])),
    language: ownTexts,
  }, ['category', 'type'])),
  googleConsentMode: shape(Object.fromEntries(GCM_TYPES.map((k) => [k, category]))),
  globalPrivacyControl: flag,
  iframePlaceholders: flag,
}, ['categories']);

/** Every problem of a raw config (JSON or the legacy JS object), each with its JSON path. */
export function checkConsentConfig(raw: unknown): Problem[] {
  const out: Problem[] = [];
  spec()(raw, '', out, raw);
  return out;
}

function toRegExp(pattern: string): RegExp | null {
  try { return new RegExp(pattern); } catch { return null; }
}

/** string → exact name; RegExp or {pattern} → test. An unusable name matches nothing. */
export function cookieMatcher(name: CookieName | undefined): (cookie: string) => boolean {
  if (typeof name === 'string') return (c) => c === name;
  const re = name instanceof RegExp ? name : isObject(name) && typeof name.pattern === 'string' ? toRegExp(name.pattern) : null;
  return re ? (c) => { re.lastIndex = 0; return re.test(c); } : () => false;
}

/**
 * The merged config, safe to act on whatever the admin wrote. Every value the check refused is
 * dropped from `raw` first, so the defaults stand in (barTimeout 1000, cookieVersion 1, no link,
 * default colours, no category). What remains is well typed: only `needed: true` makes a category
 * mandatory and only `wanted: true` lets it run; a service whose category is unknown (or that is
 * not even an object) stays blocked for good.
 */
export function configFrom(base: ConsentConfig, raw: Record<string, any>, problems: Problem[]): ConsentConfig {
  for (const { path, code } of problems) {
    if (code === 'required' || code === 'additionalProperties' || /^\/services\/[^/]+$/.test(path)) continue; // nothing to drop / keep the service
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    const parent = keys.reduce((o, k) => o?.[k], raw as any);
    if (parent && typeof parent === 'object') delete parent[last];
  }
  const config = merge(base, raw);
  for (const c of Object.values(config.categories)) {
    c.wanted = !!(c.needed || c.wanted); // a mandatory category is always on
    c.checked ??= c.wanted;
  }
  for (const [key, s] of Object.entries(config.services)) if (!isObject(s)) config.services[key] = {} as ServiceConfig;
  return config;
}
