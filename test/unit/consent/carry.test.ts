// A visitor's earlier choice onto the OpenPA theme config (consent/openpa/carry.ts): the
// mapping table of orestbida's cc_cookie and of an older cconsent, and orestbida's cookie as piazza
// writes it back (cc-cookie.ts). orestbida-oracle.test.ts checks both against the real orestbida.
import { describe, expect, it } from 'vitest';
import { parseOrestbida, wantedFromCconsent, wantedFromOrestbida } from '../../../consent/openpa/carry';
import { ccAssignment, ccValue, sameChoice } from '../../../consent/openpa/cc-cookie';
import { loaded, portalConfig } from './fixtures';
import { loadedTheme } from './openpa-fixtures';

const at = '2026-03-01T10:00:00.000Z';
/** A cc_cookie value as orestbida 3.0.1 writes it (utils/cookies.js), with these categories and services. */
const cc = (categories: string[], services: Record<string, string[]> = {}, extra: Record<string, unknown> = {}) => ({
  categories,
  revision: 0,
  data: null,
  consentTimestamp: at,
  consentId: '3f1c6a2e-8a5b-4a53-9f0e-1a2b3c4d5e6f',
  services: { necessary: [], analytics: [], marketing: [], ...services },
  lastConsentTimestamp: at,
  expirationTime: Date.parse(at) + 182 * 86400000,
  ...extra,
});
const encoded = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('cc_cookie → piazza (wantedFromOrestbida)', () => {
  const theme = loadedTheme();
  const rows: Array<[string, unknown, string[] | null]> = [
    ['accept all', cc(['necessary', 'analytics', 'marketing'], { marketing: ['multimedia'] }), ['analytics', 'marketing']],
    ['necessary only', cc(['necessary']), []],
    ['multimedia only', cc(['necessary', 'marketing'], { marketing: ['multimedia'] }), ['marketing']],
    ['analytics only', cc(['necessary', 'analytics']), ['analytics']],
    [
      'marketing accepted, its multimedia service not: piazza cannot say half a category',
      cc(['necessary', 'marketing'], { marketing: [] }),
      null,
    ],
    ['a category this config lacks governs nothing here', cc(['necessary', 'analytics', 'ads'], { ads: ['pixel'] }), ['analytics']],
    ['no consentId (orestbida: not a consent)', cc(['necessary', 'analytics'], {}, { consentId: undefined }), null],
    ['empty consentId', cc(['necessary', 'analytics'], {}, { consentId: '' }), null],
    ['no lastConsentTimestamp', cc(['necessary', 'analytics'], {}, { lastConsentTimestamp: undefined }), null],
    ['a timestamp that is not a date', cc(['necessary', 'analytics'], {}, { consentTimestamp: 'ieri' }), null],
    ['categories not a list', cc(['necessary'], {}, { categories: { analytics: true } }), null],
    [
      'any revision, when the config names none (orestbida without revision)',
      cc(['necessary', 'analytics'], {}, { revision: 7 }),
      ['analytics'],
    ],
    [
      'no services list: whether "multimedia" was accepted cannot be told',
      cc(['necessary', 'analytics', 'marketing'], {}, { services: undefined }),
      null,
    ],
    [
      'no services list, and no category with a recorded service accepted',
      cc(['necessary', 'analytics'], {}, { services: undefined }),
      ['analytics'],
    ],
  ];
  it.each(rows)('%s', (_, value, expected) => {
    expect(wantedFromOrestbida(value as Record<string, unknown>, theme)).toEqual(expected);
  });

  it('a config naming a revision carries over only a cookie of that revision', () => {
    const revised = loadedTheme((c) => {
      c.carryOver.revision = 2;
    });
    expect(wantedFromOrestbida(cc(['necessary', 'analytics'], {}, { revision: 2 }), revised)).toEqual(['analytics']);
    expect(wantedFromOrestbida(cc(['necessary', 'analytics'], {}, { revision: 0 }), revised)).toBeNull();
  });

  it('reads the cookie as orestbida does: URI-encoded JSON; anything else is no cookie', () => {
    const value = cc(['necessary', 'marketing'], { marketing: ['multimedia'] });
    expect(parseOrestbida(encoded(value))).toEqual(value);
    expect(parseOrestbida(JSON.stringify(value))).toEqual(value); // an unencoded value decodes to itself
    for (const bad of [null, '', '%E0%A4%A', 'not json', encoded([1, 2]), encoded('text')]) expect(parseOrestbida(bad)).toBeNull();
  });
});

describe('an older cconsent → piazza (wantedFromCconsent)', () => {
  const theme = loadedTheme();
  /** The legacy theme's record (page_notifications.tpl): categories necessary, analytics, multimedia. */
  const legacy = (analytics: boolean, multimedia: boolean, version = 1) => ({
    version,
    categories: { necessary: { wanted: true }, analytics: { wanted: analytics }, multimedia: { wanted: multimedia } },
    services: ['google', 'piwik', 'multimedia'],
  });
  const rows: Array<[string, unknown, string[] | null]> = [
    ['both wanted: the legacy category "multimedia" is the service of "marketing"', legacy(true, true), ['analytics', 'marketing']],
    ['only multimedia', legacy(false, true), ['marketing']],
    ['only analytics', legacy(true, false), ['analytics']],
    ['another version (brainsum asks again)', legacy(true, true, 2), null],
    [
      'a category it says nothing about (no analytics then) is asked',
      { version: 1, categories: { necessary: { wanted: true }, multimedia: { wanted: true } }, services: [] },
      null,
    ],
    [
      "the config's own key wins over a service key",
      { version: 1, categories: { analytics: { wanted: true }, marketing: { wanted: false }, multimedia: { wanted: true } }, services: [] },
      ['analytics'],
    ],
    ['not a record', 'cconsent', null],
    ['categories not an object', { version: 1, categories: ['analytics'], services: [] }, null],
  ];
  it.each(rows)('%s', (_, record, expected) => {
    expect(wantedFromCconsent(record, theme)).toEqual(expected);
  });

  it("on a config whose categories are the record's, it reads them as they are", () => {
    const own = loaded(portalConfig());
    expect(wantedFromCconsent(legacy(true, false), own)).toEqual(['analytics']);
  });
});

describe("orestbida's cookie written back (ccValue, ccAssignment)", () => {
  const now = Date.parse('2026-04-02T08:30:00.000Z');
  const id = () => 'new-id';

  it('a first choice gets a new consent id and both timestamps now; per category the services orestbida knows', () => {
    const c = loadedTheme();
    c.categories.marketing.wanted = true;
    expect(ccValue(c, null, now, id)).toEqual({
      categories: ['necessary', 'marketing'],
      revision: 0,
      data: null,
      consentTimestamp: '2026-04-02T08:30:00.000Z',
      consentId: 'new-id',
      services: { necessary: [], analytics: [], marketing: ['multimedia'] },
      lastConsentTimestamp: '2026-04-02T08:30:00.000Z',
      expirationTime: now + 182 * 86400000,
    });
  });

  it('a later choice keeps the consent id, first timestamp, data and revision of the cookie it follows', () => {
    const c = loadedTheme();
    c.categories.analytics.wanted = true;
    const previous = cc(['necessary', 'marketing'], { marketing: ['multimedia'] }, { data: { a: 1 }, revision: 3 });
    const next = ccValue(c, previous, now, id);
    expect(next).toMatchObject({
      categories: ['necessary', 'analytics'],
      consentId: previous.consentId,
      consentTimestamp: at,
      data: { a: 1 },
      revision: 3,
      lastConsentTimestamp: '2026-04-02T08:30:00.000Z',
    });
    expect(next.services).toEqual({ necessary: [], analytics: [], marketing: [] });
    expect(sameChoice(previous, next)).toBe(false);
    expect(sameChoice(next, ccValue(c, next, now + 1000, id))).toBe(true);
  });

  it('is written as orestbida writes it: encoded JSON, 182 days, Path=/, SameSite=Lax, Domain and Secure where orestbida sets them', () => {
    const c = loadedTheme();
    const value = ccValue(c, null, now, id);
    const on = (hostname: string, protocol: string) => ccAssignment('cc_cookie', value, { hostname, protocol });
    expect(on('www.comune.example.it', 'https:')).toBe(
      'cc_cookie=' +
        encodeURIComponent(JSON.stringify(value)) +
        '; expires=' +
        new Date(now + 182 * 86400000).toUTCString() +
        '; Path=/; SameSite=Lax; Domain=www.comune.example.it; Secure',
    );
    expect(on('localhost', 'http:')).not.toMatch(/Domain|Secure/);
  });
});
