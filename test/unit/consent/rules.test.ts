import { describe, expect, it } from 'vitest';
import {
  allows,
  blockedOfType,
  categoryBlocked,
  categoryOf,
  cookieNames,
  cookiesToDelete,
  cookieWriteBlocked,
  domainVariants,
  expiryWrites,
  pathVariants,
  searchMatches,
  serviceNamed,
} from '../../../consent/rules';
import { loaded, portalConfig } from './fixtures';

describe('what is blocked', () => {
  it('a category is blocked only when neither mandatory nor wanted; an unknown one is', () => {
    const config = loaded();
    expect(categoryBlocked(config, 'necessary')).toBe(false);
    expect(categoryBlocked(config, 'analytics')).toBe(true);
    config.categories.analytics.wanted = true;
    expect(categoryBlocked(config, 'analytics')).toBe(false);
    expect(categoryBlocked(config, 'nope')).toBe(true);
  });

  it('a mandatory category is never blocked, even with wanted false', () => {
    const config = loaded();
    config.categories.necessary.wanted = false;
    expect(categoryBlocked(config, 'necessary')).toBe(false);
  });

  it('allows() takes a service key, a search value or a category; unknown names are not governed', () => {
    const config = loaded();
    expect(allows(config, 'google')).toBe(false);
    expect(allows(config, 'google-analytics.com')).toBe(false);
    expect(allows(config, 'wrapped')).toBe(false);
    expect(allows(config, 'multimedia')).toBe(false);
    expect(allows(config, 'necessary')).toBe(true);
    expect(allows(config, 'youtube')).toBe(true);
    config.categories.multimedia.wanted = true;
    expect(allows(config, 'wrapped')).toBe(true);
    expect(allows(config, 'multimedia')).toBe(true);
  });

  it('a name two services share is allowed only when both are', () => {
    const raw = portalConfig();
    raw.services.yt = { category: 'multimedia', type: 'wrapped', search: 'video' };
    raw.services.vimeo = { category: 'analytics', type: 'wrapped', search: 'video' };
    const config = loaded(raw);
    config.categories.multimedia.wanted = true;
    expect(allows(config, 'video')).toBe(false);
    config.categories.analytics.wanted = true;
    expect(allows(config, 'video')).toBe(true);
  });

  it('blockedOfType lists blocked services of a type with their keys, following the current state', () => {
    const config = loaded();
    expect(blockedOfType(config, 'dynamic-script').map(([k]) => k)).toEqual(['google']);
    config.categories.analytics.wanted = true;
    expect(blockedOfType(config, 'dynamic-script')).toEqual([]);
  });

  it('serviceNamed and categoryOf resolve keys and search values', () => {
    const config = loaded();
    expect(serviceNamed(config, 'wrapped')).toBe(config.services.multimedia);
    expect(serviceNamed(config, 'google')).toBe(config.services.google);
    expect(categoryOf(config, 'wrapped')).toBe('multimedia');
    expect(categoryOf(config, 'analytics')).toBe('analytics');
    expect(categoryOf(config, 'nobody')).toBeUndefined();
  });
});

describe('search matching', () => {
  const config = loaded();
  it('matches any value of a list, as a substring of any text', () => {
    const google = config.services.google;
    expect(searchMatches(google, ['https://www.googletagmanager.com/gtag/js?id=G-1'])).toBe(true);
    expect(searchMatches(google, [null, '', "ga('create', 'UA-1'); //www.google-analytics.com/analytics.js"])).toBe(true);
    expect(searchMatches(google, ['https://cdn.example.it/app.js'])).toBe(false);
  });

  it('an empty search matches nothing', () => {
    expect(searchMatches({ category: 'a', type: 'dynamic-script', search: '' }, ['anything'])).toBe(false);
    expect(searchMatches({ category: 'a', type: 'dynamic-script' }, ['anything'])).toBe(false);
  });
});

describe('cookie writes', () => {
  const withPatterns = (n: number) => {
    const raw = portalConfig();
    raw.services.piwik.search = ['_pk_', '_hj', 'fbp', '__utm', 'mtm'].slice(0, n);
    raw.services.piwik.cookies = [];
    return loaded(raw);
  };

  it.each([1, 2, 5])('with %i blocked patterns, a name containing any of them is blocked, others are not', (n) => {
    const config = withPatterns(n);
    const blocked = ['_pk_id.1', '_hjSession', '_fbp', '__utma', 'mtm_consent'].slice(0, n);
    for (const name of blocked) expect(cookieWriteBlocked(config, name)).toBe(true);
    for (const name of ['session', 'lang', 'cconsent', '_ga']) expect(cookieWriteBlocked(config, name)).toBe(false);
  });

  it("a localcookie service's cookie rules block too; a wanted category lets everything through", () => {
    const raw = portalConfig();
    raw.services.piwik.cookies = [{ name: 'matomo_sessid' }];
    const config = loaded(raw);
    expect(cookieWriteBlocked(config, 'matomo_sessid')).toBe(true);
    config.categories.analytics.wanted = true;
    expect(cookieWriteBlocked(config, 'matomo_sessid')).toBe(false);
    expect(cookieWriteBlocked(config, '_pk_id')).toBe(false);
  });

  it('only localcookie services filter writes', () => {
    expect(cookieWriteBlocked(loaded(), '_gid')).toBe(false);
  });
});

describe('deleting cookies', () => {
  it('names present cookies of blocked services by string or pattern', () => {
    const present = cookieNames('_ga=1; _ga_XYZ=2; _gid=3; _gat=4; session=5; _pk_id.1=6; x_ga=7');
    expect(present).toEqual(['_ga', '_ga_XYZ', '_gid', '_gat', 'session', '_pk_id.1', 'x_ga']);
    const config = loaded();
    expect(cookiesToDelete(config, present).sort()).toEqual(['_ga', '_ga_XYZ', '_gat', '_gid', '_pk_id.1']);
    config.categories.analytics.wanted = true;
    expect(cookiesToDelete(config, present)).toEqual([]);
  });

  it('covers host-only and every parent domain, with and without the dot', () => {
    expect(domainVariants('www.comune.test')).toEqual(['', 'www.comune.test', '.www.comune.test', 'comune.test', '.comune.test']);
    expect(domainVariants('a.b.comune.it')).toEqual([
      '',
      'a.b.comune.it',
      '.a.b.comune.it',
      'b.comune.it',
      '.b.comune.it',
      'comune.it',
      '.comune.it',
    ]);
    expect(domainVariants('localhost')).toEqual(['']);
  });

  it('covers / and every prefix of the path, with and without the trailing slash', () => {
    expect(pathVariants('/')).toEqual(['/']);
    expect(pathVariants('/amministrazione/bandi/2024.html')).toEqual([
      '/',
      '/amministrazione',
      '/amministrazione/',
      '/amministrazione/bandi',
      '/amministrazione/bandi/',
      '/amministrazione/bandi/2024.html',
      '/amministrazione/bandi/2024.html/',
    ]);
  });

  it('writes every combination once', () => {
    const writes = expiryWrites('_ga', 'www.comune.test', '/news/');
    expect(writes).toHaveLength(5 * 3);
    expect(new Set(writes).size).toBe(writes.length);
    expect(writes).toContain('_ga=; max-age=0; path=/');
    expect(writes).toContain('_ga=; max-age=0; path=/news/; domain=.comune.test');
  });
});
