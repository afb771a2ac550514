// The consent config is checked by hand (consent/check.ts, a lazy chunk: ajv does not fit;
// piazza.js drops the same values with sanitise(), see sanitise.test.ts); schemas/consent.schema.json
// is what `npm run validate` and editors use. The two must agree on every problem a schema can
// express. The hand check adds what a schema cannot: category references and RegExp syntax.
import { describe, expect, it } from 'vitest';
import validate from '../../../schemas/generated/consent.validate.js';
import { toProblems } from '../../../schemas/problems.js';
import { checkConsentConfig } from '../../../consent/config';
import { portalConfig } from './fixtures';

/**
 * The deepest paths only: for a value matching neither branch of a union (search: string or list,
 * cookie name: string or {pattern}) ajv also reports the union itself, an ancestor of the real spot.
 */
const leaves = (paths: string[]) => [...new Set(paths)].filter((p, _, all) => !all.some((q) => q !== p && q.startsWith(p + '/'))).sort();
const bySchema = (raw: unknown) => {
  const copy = structuredClone(raw);
  return validate(copy) ? [] : leaves(toProblems(validate.errors).map((p: { path: string }) => p.path));
};
const byHand = (raw: unknown) => leaves(checkConsentConfig(raw).map((p) => p.path));

/** [what is wrong, edit of the portal config] */
const CASES: Array<[string, (c: any) => void]> = [
  ['valid', () => {}],
  [
    'unknown top-level key',
    (c) => {
      c.colour = 'red';
    },
  ],
  [
    'barTimeout negative',
    (c) => {
      c.barTimeout = -1;
    },
  ],
  [
    'barTimeout not an integer',
    (c) => {
      c.barTimeout = 1.5;
    },
  ],
  [
    'cookieVersion a string',
    (c) => {
      c.cookieVersion = '1';
    },
  ],
  [
    'learn-more link javascript:',
    (c) => {
      c.modalMainTextMoreLink = 'javascript:alert(1)';
    },
  ],
  [
    'learn-more link a number',
    (c) => {
      c.modalMainTextMoreLink = 3;
    },
  ],
  [
    'learn-more link null and relative are fine',
    (c) => {
      c.modalMainTextMoreLink = null;
      c.services.google.search = 'gtm';
    },
  ],
  [
    'theme colour that would end the declaration',
    (c) => {
      c.theme = { barColor: '#fff;}*{x:y' };
    },
  ],
  [
    'theme not an object',
    (c) => {
      c.theme = 'dark';
    },
  ],
  [
    'language current a number',
    (c) => {
      c.language = { current: 2 };
    },
  ],
  [
    'language unknown key',
    (c) => {
      c.language = { current: 'it', lang: 'it' };
    },
  ],
  [
    'locale text not a string',
    (c) => {
      c.language = { locale: { it: { barMainText: ['x'] } } };
    },
  ],
  [
    'categories missing',
    (c) => {
      delete c.categories;
      c.services = {};
    },
  ],
  [
    'category not an object',
    (c) => {
      c.categories.analytics = true;
      c.services = {};
    },
  ],
  [
    'category flag not a boolean',
    (c) => {
      c.categories.analytics.wanted = 'false';
    },
  ],
  [
    'category unknown key',
    (c) => {
      c.categories.analytics.mandatory = true;
    },
  ],
  [
    'category text not a string',
    (c) => {
      c.categories.analytics.language.locale.en.name = 1;
    },
  ],
  [
    'service without category and type',
    (c) => {
      c.services.x = {};
    },
  ],
  [
    'service type unknown',
    (c) => {
      c.services.google.type = 'iframe';
    },
  ],
  [
    'service search a number',
    (c) => {
      c.services.google.search = 1;
    },
  ],
  [
    'service search list with a number',
    (c) => {
      c.services.google.search = ['a', 1];
    },
  ],
  [
    'service cookies not an array',
    (c) => {
      c.services.google.cookies = '_ga';
    },
  ],
  [
    'cookie rule without name',
    (c) => {
      c.services.google.cookies = [{ domain: '.x.it' }];
    },
  ],
  [
    'cookie rule name a number',
    (c) => {
      c.services.google.cookies = [{ name: 1 }];
    },
  ],
  [
    'cookie rule pattern missing',
    (c) => {
      c.services.google.cookies = [{ name: {} }];
    },
  ],
  [
    'cookie rule unknown key',
    (c) => {
      c.services.google.cookies = [{ name: '_ga', path: '/' }];
    },
  ],
  [
    'GCM unknown type',
    (c) => {
      c.googleConsentMode = { analytics: 'analytics' };
    },
  ],
  [
    'GCM category not a string',
    (c) => {
      c.googleConsentMode = { analytics_storage: true };
    },
  ],
  [
    'GPC not a boolean',
    (c) => {
      c.globalPrivacyControl = 'on';
    },
  ],
  [
    'multimedia not a string',
    (c) => {
      c.multimedia = true;
    },
  ],
  [
    'multimedia a service (fine)',
    (c) => {
      c.multimedia = 'multimedia';
    },
  ],
  [
    'carryOver unknown key, cookie a number, revision negative',
    (c) => {
      c.carryOver = { cookie: 3, revision: -1, other: true };
    },
  ],
  [
    'carryOver not an object',
    (c) => {
      c.carryOver = 'cc_cookie';
    },
  ],
  [
    'carryOver empty (fine)',
    (c) => {
      c.carryOver = {};
    },
  ],
];

describe('consent config: hand check and schema agree', () => {
  it.each(CASES)('%s', (_, edit) => {
    const raw = portalConfig();
    edit(raw);
    expect(byHand(raw)).toEqual(bySchema(raw));
  });

  it('the schema itself accepts the demo page config and the defaults it documents', () => {
    expect(bySchema(portalConfig())).toEqual([]);
  });
});

describe('what only the hand check sees', () => {
  it('a service or a GCM type naming a category that does not exist', () => {
    const raw = portalConfig();
    raw.services.google.category = 'statistics';
    raw.googleConsentMode = { analytics_storage: 'statistics' };
    expect(bySchema(raw)).toEqual([]);
    expect(byHand(raw)).toEqual(['/googleConsentMode/analytics_storage', '/services/google/category']);
  });

  it('multimedia naming neither a service nor a category', () => {
    const raw = portalConfig();
    raw.multimedia = 'videos';
    expect(bySchema(raw)).toEqual([]);
    expect(byHand(raw)).toEqual(['/multimedia']);
    expect(checkConsentConfig(raw)[0].code).toBe('consentName');
  });

  it('a cookie pattern that does not compile', () => {
    const raw = portalConfig();
    raw.services.google.cookies = [{ name: { pattern: '^_ga(' } }];
    expect(bySchema(raw)).toEqual([]);
    expect(byHand(raw)).toEqual(['/services/google/cookies/0/name/pattern']);
  });
});
