// The consent config check that names JSON paths: every problem of a raw config as a code (words:
// runtime/messages.ts). schemas/consent.schema.json says the same for `npm run validate` and
// editors (test/unit/consent/schema-parity.test.ts keeps the two in step).
// Not in piazza.js: the core acts on sanitise() (config.ts), which refuses the same values without
// naming them, and fetches this module (a chunk of its own, through the consent UI chunk) only
// when that found something to report. `checkConsentConfig` is exported by config.ts too.
import { COLOUR, GCM_TYPES, LINK, SERVICE_TYPES, toRegExp } from './values';
import { isObject } from './is-object';
import type { ConfigProblem } from '../runtime/types';

/** Codes, not words (runtime/messages.ts words them). */
export type Problem = ConfigProblem;

/** A rule returns false after reporting a problem at `path`. */
type Rule = (v: any, path: string, out: Problem[], root: any) => boolean | void;

const fail = (out: Problem[], path: string, code: string, params?: object) => {
  out.push({ path: path || '/', code, ...params });
  return false;
};
const type =
  (t: string): Rule =>
  (v, p, out) =>
    typeof v === t || fail(out, p, 'type', { types: [t] });
const test =
  (ok: (v: any, root: any) => boolean, code: string, params?: object): Rule =>
  (v, p, out, root) =>
    ok(v, root) || fail(out, p, code, params);
const count = test((v) => Number.isInteger(v) && v >= 0, 'count');
const object = (out: Problem[], p: string) => fail(out, p, 'type', { types: ['object'] });
const text = type('string');
const flag = type('boolean');
/** An object with these keys only (and these required). */
const shape =
  (keys: Record<string, Rule>, required: string[] = []): Rule =>
  (v, p, out, root) => {
    if (!isObject(v)) return object(out, p);
    for (const k of required) if (v[k] === undefined) fail(out, p + '/' + k, 'required');
    for (const k of Object.keys(v)) {
      if (!keys[k]) fail(out, p + '/' + k, 'additionalProperties');
      else if (v[k] !== undefined) keys[k](v[k], p + '/' + k, out, root);
    }
  };
/** An object with any keys, each value following `rule`. */
const map =
  (rule: Rule): Rule =>
  (v, p, out, root) => {
    if (!isObject(v)) return object(out, p);
    for (const k of Object.keys(v)) rule(v[k], p + '/' + k, out, root);
  };
const list =
  (rule: Rule): Rule =>
  (v, p, out, root) =>
    Array.isArray(v) ? v.forEach((x, i) => rule(x, p + '/' + i, out, root)) : fail(out, p, 'type', { types: ['array'] });
const category = test((v, root) => typeof v === 'string' && isObject(root.categories?.[v]), 'category');
const named = test((v, root) => typeof v === 'string' && (isObject(root.categories?.[v]) || isObject(root.services?.[v])), 'consentName');
const texts = shape({ current: text, locale: map(map(text)) });
const ownTexts = shape({ locale: map(map(text)) });

const cookieName: Rule = (v, p, out) =>
  typeof v === 'string' ||
  v instanceof RegExp ||
  shape({ pattern: test((x) => typeof x === 'string' && !!toRegExp(x), 'regexp') }, ['pattern'])(v, p, out, null);

/** The same spec as sanitise()'s (config.ts), key for key. Built on call: nothing runs on import. */
const spec = (): Rule =>
  shape(
    {
      $schema: text,
      cookieVersion: count,
      barTimeout: count,
      modalMainTextMoreLink: test((v) => v === null || (typeof v === 'string' && LINK.test(v)), 'link'),
      // Theme keys are not listed here: the UI chunk reports unknown ones.
      theme: map(test((v) => typeof v === 'string' && COLOUR.test(v), 'colour')),
      language: texts,
      categories: map(shape({ needed: flag, wanted: flag, checked: flag, language: ownTexts })),
      services: map(
        shape(
          {
            category,
            type: test((v) => SERVICE_TYPES.includes(v), 'enum', { values: SERVICE_TYPES }),
            search: (v, p, out, root) => (Array.isArray(v) ? list(text) : text)(v, p, out, root), // a string, or a list of strings
            cookies: list(shape({ name: cookieName, domain: text }, ['name'])),
            language: ownTexts,
          },
          ['category', 'type'],
        ),
      ),
      googleConsentMode: shape(Object.fromEntries(GCM_TYPES.map((k) => [k, category]))),
      globalPrivacyControl: flag,
      iframePlaceholders: flag,
      multimedia: named,
      carryOver: shape({ cookie: text, revision: count }),
    },
    ['categories'],
  );

/** Every problem of a raw config (JSON or the legacy JS object), each with its JSON path. */
export function checkConsentConfig(raw: unknown): Problem[] {
  const out: Problem[] = [];
  spec()(raw, '', out, raw);
  return out;
}
