// piazza.js acts on sanitise(): it drops what the check (check.ts, lazy) would report, without
// naming it. The two must agree: sanitise() says "something to report" exactly when the check
// finds a problem, and drops exactly the values at the paths the check names (less a missing or
// unknown key, which there is nothing to drop for, and a service that is not an object, which
// stays blocked for good).
import { describe, expect, it } from 'vitest';
import { checkConsentConfig, sanitise } from '../../../consent/config';
import { portalConfig } from './fixtures';

/** What the core dropped before sanitise(): every refused value, found by the check's paths. */
function dropByPaths(raw: any): void {
  for (const { path, code } of checkConsentConfig(raw)) {
    if (code === 'required' || code === 'additionalProperties' || /^\/services\/[^/]+$/.test(path)) continue;
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    const parent = keys.reduce((o, k) => o?.[k], raw);
    if (parent && typeof parent === 'object') delete parent[last];
  }
}

const CASES: Array<[string, (c: any) => void]> = [
  ['valid', () => {}],
  [
    'unknown top-level key',
    (c) => {
      c.colour = 'red';
    },
  ],
  [
    '$schema not a string',
    (c) => {
      c.$schema = 1;
    },
  ],
  [
    'barTimeout negative, cookieVersion a string',
    (c) => {
      c.barTimeout = -1;
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
    'learn-more link null',
    (c) => {
      c.modalMainTextMoreLink = null;
    },
  ],
  [
    'theme colours',
    (c) => {
      c.theme = { barColor: '#fff;}*{x:y', barTextColor: '#fff', other: 'red' };
    },
  ],
  [
    'theme not an object',
    (c) => {
      c.theme = 'dark';
    },
  ],
  [
    'language',
    (c) => {
      c.language = { current: 2, lang: 'it', locale: { it: { barMainText: ['x'], ok: 'y' }, en: 'x' } };
    },
  ],
  [
    'language not an object',
    (c) => {
      c.language = [];
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
    'categories not an object',
    (c) => {
      c.categories = [1];
    },
  ],
  [
    'category not an object',
    (c) => {
      c.categories.analytics = true;
    },
  ],
  [
    'category flags and keys',
    (c) => {
      c.categories.analytics.wanted = 'false';
      c.categories.analytics.mandatory = true;
      c.categories.analytics.language.locale.en.name = 1;
    },
  ],
  [
    'category language',
    (c) => {
      c.categories.analytics.language = { current: 'en', locale: 'x' };
    },
  ],
  [
    'service without category and type',
    (c) => {
      c.services.x = {};
    },
  ],
  [
    'service not an object',
    (c) => {
      c.services.x = 'yes';
      c.services.y = null;
    },
  ],
  [
    'services not an object',
    (c) => {
      c.services = 'none';
    },
  ],
  [
    'service type and category',
    (c) => {
      c.services.google.type = 'iframe';
      c.services.piwik.category = 'stats';
      c.services.multimedia.category = 3;
    },
  ],
  [
    'service search',
    (c) => {
      c.services.google.search = ['a', 1, null, 'b'];
      c.services.piwik.search = 1;
    },
  ],
  [
    'service cookies',
    (c) => {
      c.services.google.cookies = [
        { domain: '.x.it' },
        { name: 1 },
        { name: {} },
        { name: '_ga', path: '/' },
        'x',
        { name: { pattern: '^_ga(' } },
        { name: /^_x/ },
        { name: '_y', domain: 2 },
      ];
    },
  ],
  [
    'service cookies not a list',
    (c) => {
      c.services.google.cookies = '_ga';
    },
  ],
  [
    'service language',
    (c) => {
      c.services.google.language = { locale: { en: { name: 2 } } };
    },
  ],
  [
    'GCM',
    (c) => {
      c.googleConsentMode = { analytics: 'analytics', analytics_storage: true, ad_storage: 'nope', ad_user_data: 'analytics' };
    },
  ],
  [
    'GCM not an object',
    (c) => {
      c.googleConsentMode = 'on';
    },
  ],
  [
    'flags',
    (c) => {
      c.globalPrivacyControl = 'on';
      c.iframePlaceholders = 1;
    },
  ],
  [
    'multimedia names a service, a category, nothing, or is not a string',
    (c) => {
      c.multimedia = 'multimedia';
    },
  ],
  [
    'multimedia names nothing of the config',
    (c) => {
      c.multimedia = 'videos';
    },
  ],
  [
    'multimedia not a string',
    (c) => {
      c.multimedia = ['multimedia'];
    },
  ],
  [
    'carryOver',
    (c) => {
      c.carryOver = { cookie: 3, revision: -1, other: true };
    },
  ],
  [
    'carryOver not an object',
    (c) => {
      c.carryOver = true;
    },
  ],
  [
    '__proto__ key',
    (c) => {
      Object.assign(c, JSON.parse('{"__proto__": {"x": 1}}'));
    },
  ],
];

describe('sanitise: the same verdicts as the check', () => {
  it.each(CASES)('%s', (_, edit) => {
    const raw = portalConfig();
    edit(raw);
    const expected = structuredClone(raw);
    dropByPaths(expected);
    const found = checkConsentConfig(raw).length > 0;
    expect(sanitise(raw)).toBe(found);
    expect(raw).toEqual(expected);
  });

  it('not an object: something to report, nothing to drop', () => {
    for (const raw of [null, [], 'x', 3, undefined]) expect(sanitise(raw)).toBe(true);
  });

  it('a refused list item leaves a hole, as before', () => {
    const raw = portalConfig();
    raw.services.google.search = ['a', 1, 'b'];
    sanitise(raw);
    expect(1 in raw.services.google.search).toBe(false);
    expect(raw.services.google.search.length).toBe(3);
  });
});
