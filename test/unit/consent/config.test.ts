import { describe, expect, it } from 'vitest';
import { checkConsentConfig, configFrom, cookieMatcher, defaults, merge } from '../../../consent/config';
import { allows, categoryBlocked } from '../../../consent/rules';
import { adminMessages } from '../../../runtime/messages';
import { loaded, portalConfig } from './fixtures';

const paths = (raw: unknown) =>
  checkConsentConfig(raw)
    .map((p) => p.path)
    .sort();
/** The problems as the console prints them, in the default language (Italian). */
const said = (raw: unknown) => checkConsentConfig(raw).map((p) => p.path + ' ' + adminMessages().problem(p));

describe('consent config check', () => {
  it('accepts the portal config, and the legacy call with a RegExp cookie name', () => {
    expect(checkConsentConfig(portalConfig())).toEqual([]);
    const legacy = portalConfig();
    legacy.services.google.cookies = [{ name: /^_ga/, domain: '.example.it' }];
    expect(checkConsentConfig(legacy)).toEqual([]);
  });

  it('names every problem by JSON path, with a plain message (Italian by default)', () => {
    const raw = portalConfig();
    raw.barTimeout = -5;
    raw.cookieVersion = '2';
    raw.colour = 'red';
    raw.theme = { barColor: 'red;} body{display:none', barTextColor: '#fff' };
    raw.modalMainTextMoreLink = 'javascript:alert(1)';
    raw.categories.analytics.needed = 'no';
    raw.services.google.type = 'script';
    raw.services.google.search = ['ok', 3];
    raw.services.google.cookies[1].name = { pattern: '(' };
    raw.services.piwik.category = 'stats';
    delete raw.services.multimedia.type;
    expect(said(raw)).toEqual(
      expect.arrayContaining([
        '/barTimeout deve essere un numero intero ≥ 0',
        '/cookieVersion deve essere un numero intero ≥ 0',
        '/colour non è una chiave prevista',
        '/theme/barColor deve essere un colore CSS',
        '/modalMainTextMoreLink deve essere un URL http(s) o relativo',
        '/categories/analytics/needed deve essere true o false',
        '/services/google/type deve essere uno tra: "script-tag", "dynamic-script", "wrapped", "localcookie"',
        '/services/google/search/1 deve essere una stringa',
        '/services/google/cookies/1/name/pattern deve essere un’espressione regolare valida',
        '/services/piwik/category deve essere una chiave di /categories',
        '/services/multimedia/type è obbligatorio',
      ]),
    );
    expect(checkConsentConfig(raw)).toHaveLength(11);
  });

  it('requires categories and an object', () => {
    expect(checkConsentConfig({})).toEqual([{ path: '/categories', code: 'required' }]);
    expect(checkConsentConfig([])).toEqual([{ path: '/', code: 'type', types: ['object'] }]);
    expect(checkConsentConfig(null)).toEqual([{ path: '/', code: 'type', types: ['object'] }]);
  });

  it('checks texts, GCM types and the opt-in flags', () => {
    expect(
      paths({
        categories: { a: { language: { locale: { en: { name: 4 } } } } },
        language: { current: 1, locale: { it: 'x' } },
        googleConsentMode: { analytics_storage: 'a', ads: 'a', ad_storage: 'nope' },
        globalPrivacyControl: 'yes',
        iframePlaceholders: 1,
      }),
    ).toEqual([
      '/categories/a/language/locale/en/name',
      '/globalPrivacyControl',
      '/googleConsentMode/ad_storage',
      '/googleConsentMode/ads',
      '/iframePlaceholders',
      '/language/current',
      '/language/locale/it',
    ]);
  });
});

describe('a bad config never fails open', () => {
  it('drops refused values so the defaults stand in', () => {
    const raw = portalConfig();
    raw.barTimeout = 'soon';
    raw.cookieVersion = 2.5;
    raw.modalMainTextMoreLink = 'javascript:alert(1)';
    raw.theme = { barColor: 'url(x)', barTextColor: '#fff' };
    const config = loaded(raw);
    expect(config.barTimeout).toBe(1000);
    expect(config.cookieVersion).toBe(1);
    expect(config.modalMainTextMoreLink).toBeNull();
    expect(config.theme).toEqual({ barTextColor: '#fff' });
  });

  it('a non-boolean flag neither makes a category mandatory nor wanted', () => {
    const raw = portalConfig();
    raw.categories.analytics.needed = 'true';
    raw.categories.multimedia.wanted = 'yes';
    const config = loaded(raw);
    expect(categoryBlocked(config, 'analytics')).toBe(true);
    expect(categoryBlocked(config, 'multimedia')).toBe(true);
    expect(categoryBlocked(config, 'necessary')).toBe(false);
  });

  it('a service with an unknown category, or that is not an object, stays blocked', () => {
    const raw = portalConfig();
    raw.services.piwik.category = 'stats';
    raw.services.broken = 'yes';
    raw.categories.stats = 'not an object';
    const config = loaded(raw);
    expect(config.categories.stats).toBeUndefined();
    expect(allows(config, 'piwik')).toBe(false);
    expect(allows(config, '_pk_')).toBe(false);
    expect(allows(config, 'broken')).toBe(false);
    expect(allows(config, 'unrelated')).toBe(true);
  });

  it('a mandatory category is always on; checked follows wanted unless given', () => {
    const config = loaded({ categories: { a: { needed: true }, b: { wanted: true }, c: { wanted: false, checked: true } } });
    expect(config.categories.a).toMatchObject({ needed: true, wanted: true, checked: true });
    expect(config.categories.b).toMatchObject({ wanted: true, checked: true });
    expect(config.categories.c).toMatchObject({ wanted: false, checked: true });
  });
});

describe('merge (the legacy deep merge)', () => {
  it('merges objects, replaces arrays and RegExps', () => {
    const target = { a: { x: 1, list: [1, 2] }, re: /a/ };
    merge(target, { a: { y: 2, list: [3] }, re: /b/ });
    expect(target).toEqual({ a: { x: 1, y: 2, list: [3] }, re: /b/ });
  });

  it('never merges into Object.prototype', () => {
    merge({}, JSON.parse('{"__proto__": {"polluted": true}, "a": {"__proto__": {"polluted": true}}}'));
    expect(({} as any).polluted).toBeUndefined();
  });

  it('setConfiguration-style merges keep what an earlier call said', () => {
    const config = configFrom(defaults(), { categories: { a: { wanted: true } } });
    configFrom(config, { barTimeout: 10 });
    expect(config.categories.a.wanted).toBe(true);
    expect(config.barTimeout).toBe(10);
  });
});

describe('cookieMatcher', () => {
  it('matches a string exactly and a pattern or RegExp by test', () => {
    expect(cookieMatcher('_gid')('_gid')).toBe(true);
    expect(cookieMatcher('_gid')('_gid2')).toBe(false);
    expect(cookieMatcher({ pattern: '^_ga' })('_ga_XYZ')).toBe(true);
    expect(cookieMatcher({ pattern: '^_ga' })('x_ga')).toBe(false);
    const sticky = /^_ga/g;
    expect(cookieMatcher(sticky)('_ga')).toBe(true);
    expect(cookieMatcher(sticky)('_ga')).toBe(true); // lastIndex of a global RegExp does not flip results
    expect(cookieMatcher({ pattern: '(' })('(')).toBe(false);
    expect(cookieMatcher(undefined)('x')).toBe(false);
  });
});
