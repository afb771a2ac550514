// Consent config: defaults, the legacy deep merge, and sanitise(), which drops every value the
// check (check.ts: the problems, named by JSON path) refuses. Both are a few combinators over a
// compact spec: ajv would not fit in piazza.js.
// A bad config never fails open: what cannot be understood stays blocked (see configFrom()).
import type { ConsentConfig, CookieName, ServiceConfig } from './types';
import { COLOUR, GCM_TYPES, LINK, SERVICE_TYPES, toRegExp } from './values';
import { isObject } from './is-object';

export type { Problem } from './check';

export { isObject };

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

// ---- what the core refuses ----------------------------------------------------------------------
// sanitise() refuses exactly what checkConsentConfig() (check.ts) reports, without naming it: the
// names, codes and paths are a lazy chunk, fetched only when there is something to report.
// (test/unit/consent/sanitise.test.ts holds the two to the same verdicts.)

/** A rule returns false when it refuses the value (the container drops it). */
type Rule = (v: any, root: any) => boolean | void;

/** Something to report: a refused value, a missing or an unknown key. */
let found = false;
const no = (): false => {
  found = true;
  return false;
};
const type =
  (t: string): Rule =>
  (v) =>
    typeof v === t || no();
const test =
  (ok: (v: any, root: any) => boolean): Rule =>
  (v, root) =>
    ok(v, root) || no();
const count = test((v) => Number.isInteger(v) && v >= 0);
const text = type('string');
const flag = type('boolean');
/** `v[k]` by `rule`, dropped where it stands if refused, so the defaults (or an earlier call) stand in. */
const at = (v: any, k: string | number, rule: Rule, root: any) => rule(v[k], root) === false && delete v[k];
/** An object with these keys only (and these required). */
const shape =
  (keys: Record<string, Rule>, required: string[] = []): Rule =>
  (v, root) => {
    if (!isObject(v)) return no();
    for (const k of required) if (v[k] === undefined) found = true;
    for (const k of Object.keys(v)) {
      if (!keys[k]) found = true;
      else if (v[k] !== undefined) at(v, k, keys[k], root);
    }
  };
/** An object with any keys, each value following `rule`. */
const map =
  (rule: Rule): Rule =>
  (v, root) => {
    if (!isObject(v)) return no();
    for (const k of Object.keys(v)) at(v, k, rule, root);
  };
/** (a refused item leaves a hole: what reads a list skips holes) */
const list =
  (rule: Rule): Rule =>
  (v, root) =>
    Array.isArray(v) ? v.forEach((_, i) => at(v, i, rule, root)) : no();
const category = test((v, root) => typeof v === 'string' && isObject(root.categories?.[v]));
const named = test((v, root) => typeof v === 'string' && (isObject(root.categories?.[v]) || isObject(root.services?.[v])));
const texts = shape({ current: text, locale: map(map(text)) });
const ownTexts = shape({ locale: map(map(text)) });
const cookieName: Rule = (v) =>
  typeof v === 'string' ||
  v instanceof RegExp ||
  shape({ pattern: test((x) => typeof x === 'string' && !!toRegExp(x)) }, ['pattern'])(v, null);

/** check.ts's spec, key for key. Built on call, so importing a helper from this module costs the UI chunk nothing. */
const spec = (): Rule => {
  const service = shape(
    {
      category,
      type: test((v) => SERVICE_TYPES.includes(v)),
      search: (v, root) => (Array.isArray(v) ? list(text) : text)(v, root), // a string, or a list of strings
      cookies: list(shape({ name: cookieName, domain: text }, ['name'])),
      language: ownTexts,
    },
    ['category', 'type'],
  );
  return shape(
    {
      $schema: text,
      cookieVersion: count,
      barTimeout: count,
      modalMainTextMoreLink: test((v) => v === null || (typeof v === 'string' && LINK.test(v))),
      theme: map(test((v) => typeof v === 'string' && COLOUR.test(v))),
      language: texts,
      categories: map(shape({ needed: flag, wanted: flag, checked: flag, language: ownTexts })),
      // A service that is not even an object is never dropped: it stays, blocked for good (configFrom).
      services: map((v, root) => {
        service(v, root);
      }),
      googleConsentMode: shape(Object.fromEntries(GCM_TYPES.map((k) => [k, category]))),
      globalPrivacyControl: flag,
      iframePlaceholders: flag,
      multimedia: named,
      carryOver: shape({ cookie: text, revision: count }),
    },
    ['categories'],
  );
};

/**
 * Drops from `raw` (JSON, or the legacy call's own object) every value checkConsentConfig() would
 * report, where it stands; true when that has anything to report (dropped or not: a missing or an
 * unknown key is only reported).
 */
export function sanitise(raw: unknown): boolean {
  found = false;
  spec()(raw, raw);
  return found;
}

export { checkConsentConfig } from './check';

/** string → exact name; RegExp or {pattern} → test. An unusable name matches nothing. */
export function cookieMatcher(name: CookieName | undefined): (cookie: string) => boolean {
  if (typeof name === 'string') return (c) => c === name;
  const re = name instanceof RegExp ? name : isObject(name) && typeof name.pattern === 'string' ? toRegExp(name.pattern) : null;
  return re
    ? (c) => {
        re.lastIndex = 0;
        return re.test(c);
      }
    : () => false;
}

/**
 * The merged config, safe to act on whatever the admin wrote once sanitise(raw) has dropped every
 * value the check refused, so the defaults stand in (barTimeout 1000, cookieVersion 1, no link,
 * default colours, no category). What remains is well typed: only `needed: true` makes a category
 * mandatory and only `wanted: true` lets it run; a service whose category is unknown (or that is
 * not even an object) stays blocked for good.
 */
export function configFrom(base: ConsentConfig, raw: Record<string, any>): ConsentConfig {
  const config = merge(base, raw);
  for (const c of Object.values(config.categories)) {
    c.wanted = !!(c.needed || c.wanted); // a mandatory category is always on
    c.checked ??= c.wanted;
  }
  for (const [key, s] of Object.entries(config.services)) if (!isObject(s)) config.services[key] = {} as ServiceConfig;
  return config;
}
