import { describe, expect, it } from 'vitest';
import { applyRecord, buildRecord, cookieAssignment, judge, LIFETIME_MS, readCookie } from '../../../consent/record';
import { loaded, portalConfig } from './fixtures';

/** The value the portal's brainsum fork writes after "accept all" on its production config. */
const PORTAL_VALUE =
  '{"version":1,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":true},"multimedia":{"wanted":true}},"services":["google","piwik","multimedia"]}';

describe('reading the cconsent cookie', () => {
  it('takes the value of the cookie named exactly cconsent', () => {
    expect(readCookie('a=1; cconsent=' + PORTAL_VALUE + '; b=2')).toBe(PORTAL_VALUE);
    expect(readCookie('xcconsent={"version":1}; cconsent_old=1')).toBeNull();
    expect(readCookie('xcconsent=bad; cconsent={"v":2}')).toBe('{"v":2}');
    expect(readCookie('')).toBeNull();
  });

  it('a value with "=" in it is kept whole', () => {
    expect(readCookie('cconsent=a=b=c')).toBe('a=b=c');
  });
});

describe('judging a stored record against the config', () => {
  const config = loaded();

  it("applies an existing visitor's cookie as the portal wrote it", () => {
    expect(judge(PORTAL_VALUE, config)).toEqual({ verdict: 'apply', record: JSON.parse(PORTAL_VALUE) });
  });

  it('treats malformed, URL-encoded and truncated values as absent, without throwing', () => {
    for (const value of [
      null,
      '',
      'not json',
      encodeURIComponent(PORTAL_VALUE),
      PORTAL_VALUE.slice(0, 40),
      '"string"',
      '[1]',
      'null',
      '{"version":1,"categories":[],"services":[]}',
      '{"version":1,"categories":{},"services":"google"}',
    ]) {
      expect(judge(value, config).verdict).toBe('absent');
    }
  });

  it('discards a record without a version or with another one', () => {
    expect(judge('{"categories":{},"services":[]}', config).verdict).toBe('discard');
    expect(judge(PORTAL_VALUE.replace('"version":1', '"version":2'), config).verdict).toBe('discard');
    expect(judge(PORTAL_VALUE.replace('"version":1', '"version":"1"'), config).verdict).toBe('discard');
    const v2 = loaded({ ...portalConfig(), cookieVersion: 2 });
    expect(judge(PORTAL_VALUE, v2).verdict).toBe('discard');
  });

  it('discards a record naming a category or a service the config does not know', () => {
    expect(judge(PORTAL_VALUE.replace('"multimedia":{', '"marketing":{'), config).verdict).toBe('discard');
    expect(judge(PORTAL_VALUE.replace('"piwik"', '"hotjar"'), config).verdict).toBe('discard');
  });

  it('a category or service added to the config since: applied, but stale (the bar shows again)', () => {
    const more = portalConfig();
    more.categories.marketing = { needed: false, wanted: false };
    expect(judge(PORTAL_VALUE, loaded(more)).verdict).toBe('stale');
    const service = portalConfig();
    service.services.matomo = { category: 'analytics', type: 'dynamic-script', search: 'matomo.js' };
    const judged = judge(PORTAL_VALUE, loaded(service));
    expect(judged.verdict).toBe('stale');
    expect(judged.record).toEqual(JSON.parse(PORTAL_VALUE));
  });
});

describe('applying a record', () => {
  it('sets wanted and checked of optional categories; mandatory ones never change', () => {
    const config = loaded();
    applyRecord(
      config,
      {
        version: 1,
        categories: { necessary: { wanted: false }, analytics: { wanted: true }, multimedia: { wanted: 'yes' as any } },
        services: [],
      },
      false,
    );
    expect(config.categories.necessary).toMatchObject({ wanted: true, checked: true });
    expect(config.categories.analytics).toMatchObject({ wanted: true, checked: true });
    expect(config.categories.multimedia).toMatchObject({ wanted: false, checked: false });
  });

  it('GPC turns off what the record does not answer, never what it does', () => {
    const raw = portalConfig();
    raw.categories.analytics.wanted = true;
    raw.categories.multimedia.wanted = true;
    const config = loaded(raw);
    applyRecord(config, { version: 1, categories: { multimedia: { wanted: true } }, services: [] }, true);
    expect(config.categories.analytics.wanted).toBe(false);
    expect(config.categories.multimedia.wanted).toBe(true);
    const fresh = loaded(raw);
    applyRecord(fresh, undefined, true);
    expect([fresh.categories.analytics.wanted, fresh.categories.multimedia.wanted, fresh.categories.necessary.wanted]).toEqual([
      false,
      false,
      true,
    ]);
    const without = loaded(raw);
    applyRecord(without, undefined, false);
    expect(without.categories.analytics.wanted).toBe(true);
  });
});

describe('writing the record', () => {
  it('is byte-compatible with the portal cookie', () => {
    const config = loaded();
    for (const c of Object.values(config.categories)) c.wanted = true;
    expect(JSON.stringify(buildRecord(config))).toBe(PORTAL_VALUE);
  });

  it('keeps config order, the configured version and every service', () => {
    const raw = portalConfig();
    raw.cookieVersion = 3;
    const record = buildRecord(loaded(raw));
    expect(JSON.stringify(record)).toBe(
      '{"version":3,"categories":{"necessary":{"wanted":true},"analytics":{"wanted":false},"multimedia":{"wanted":false}},"services":["google","piwik","multimedia"]}',
    );
  });

  it('is stored for 180 days, path /, samesite strict, secure', () => {
    const now = Date.UTC(2026, 0, 15, 12, 0, 0);
    const assignment = cookieAssignment(buildRecord(loaded()), now);
    expect(LIFETIME_MS).toBe(15552000000);
    expect(assignment).toBe(
      'cconsent=' +
        JSON.stringify(buildRecord(loaded())) +
        '; expires=' +
        new Date(now + 15552000000).toUTCString() +
        '; path=/; samesite=strict; secure',
    );
    expect(assignment).toContain('expires=Tue, 14 Jul 2026 12:00:00 GMT');
  });
});
