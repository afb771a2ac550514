import { describe, expect, it } from 'vitest';
import { calendarUrl, facetsUrl, geoUrl, listUrl, nextPageUrl } from '../../../blocks/listing/model/endpoints';
import { noFilters, settings, TUESDAY } from './fixtures';

/** What the eZ module reads: PHP decodes ?q= once, then the module urldecodes it again. */
function moduleQ(url: string): string {
  const raw = new URL(url, 'http://x').searchParams.get('q')!; // PHP's $_GET
  return decodeURIComponent(raw.replace(/\+/g, ' ')); // urldecode
}
const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('this portal (eZ module)', () => {
  const s = settings({ query: 'classes [event]', showSearch: true, view: 'card_teaser', context: '2' });

  it('lists through {prefix}/opendata/api/content/search with view, context and q', () => {
    const url = listUrl(s, noFilters(), TUESDAY, 3);
    expect(url.startsWith('/opendata/api/content/search/?')).toBe(true);
    expect(params(url)).toMatchObject({ view: 'card_teaser', context: '2' });
    expect(moduleQ(url)).toBe('classes [event] and limit 3 offset 3');
  });

  it('keeps the site-access prefix', () => {
    const url = listUrl(settings({ localAccessPrefix: '/ita/', query: 'a' }), noFilters(), TUESDAY, 0);
    expect(url.startsWith('/ita/opendata/api/content/search/?')).toBe(true);
  });

  it.each(['rock & roll', 'c# # #x', '100% + 1', 'a=b&q=evil', "l'arte", 'x\u00e8\u{1F600}'])(
    'a visitor typing %j cannot break the URL (fix of the original)',
    (text) => {
      const url = listUrl(s, noFilters({ text }), TUESDAY, 0);
      expect(url).not.toMatch(/[ #"]/);
      expect(Object.keys(params(url)).sort()).toEqual(['context', 'q', 'view']);
      expect(moduleQ(url)).toContain(`q = '${text.replace(/'/g, "\\'")}'`);
    },
  );

  it('asks facets, the map and the agenda from the same filters', () => {
    const f = noFilters({ text: 'x' });
    expect(moduleQ(facetsUrl(s, f, TUESDAY, s.facets))).toBe("q = 'x' and classes [event] and sort [score=>desc] and limit 1 facets []");
    const geo = geoUrl(s, f, TUESDAY);
    expect(geo.startsWith('/opendata/api/extrageo/search/?')).toBe(true);
    expect(moduleQ(geo)).toBe("q = 'x' and classes [event] and sort [score=>desc]");
    const cal = calendarUrl(s, f, '2025-06-01T00:00:00', '2025-07-01T00:00:00');
    expect(cal.startsWith('/opendata/api/calendar/search/?')).toBe(true);
    expect(params(cal)).toMatchObject({ start: '2025-06-01T00:00:00', end: '2025-07-01T00:00:00' });
    expect(moduleQ(cal)).toBe("q = 'x' and classes [event] and sort [score=>desc]");
  });
});

describe('a remote portal (REST, JSONP)', () => {
  const s = settings({ remoteUrl: 'https://www.comune.esempio.it/', query: 'classes [event]', showSearch: true });

  it('puts the encoded query in the REST path', () => {
    const url = listUrl(s, noFilters({ text: 'a & b #1' }), TUESDAY, 0);
    const prefix = 'https://www.comune.esempio.it/api/opendata/v2/content/search/';
    expect(url.startsWith(prefix)).toBe(true);
    const [path, qs] = url.slice(prefix.length).split('?');
    expect(decodeURIComponent(path)).toBe("q = 'a & b #1' and classes [event] and sort [score=>desc] and limit 3 offset 0");
    expect(qs).toBe('view=card_teaser');
  });

  it('geo and calendar use their REST environments', () => {
    expect(geoUrl(s, noFilters(), TUESDAY)).toBe(
      'https://www.comune.esempio.it/api/opendata/v2/extrageo/search/' + encodeURIComponent('classes [event]'),
    );
    expect(calendarUrl(s, noFilters(), '2025-06-01T00:00:00', '2025-06-02T00:00:00')).toBe(
      'https://www.comune.esempio.it/api/opendata/v2/calendar/search/' +
        encodeURIComponent('classes [event]') +
        '?start=2025-06-01T00%3A00%3A00&end=2025-06-02T00%3A00%3A00',
    );
  });
});

describe('server mode', () => {
  const s = settings({
    blockId: 'b123',
    queryBuilder: 'server',
    showSearch: true,
    timeIntervals: true,
    publishedRange: true,
    facets: ['topics', 'raw[attr_data_dt]'],
    localAccessPrefix: '/ita',
  });
  const f = noFilters({
    text: 'festa & co',
    interval: 'weekend',
    publishedFrom: '2025-01-01',
    publishedTo: '2025-02-01',
    facets: { topics: ["L'arte"], 'raw[attr_data_dt]': ['2025-06-01T00:00:00Z'] },
  });

  it('sends limit, offset, view, facets, search, interval and range to the block endpoint', () => {
    const url = listUrl(s, f, TUESDAY, 6);
    expect(url.split('?')[0]).toBe('/ita/openpa/data/block_opendata_queried_contents/b123/search/');
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('limit')).toBe('3');
    expect(q.get('offset')).toBe('6');
    expect(q.get('view')).toBe('card_teaser');
    expect(q.getAll('facets[topics][]')).toEqual(["L\\'arte"]);
    expect(q.getAll('facets[raw[attr_data_dt]][]')).toEqual(['"2025-06-01T00:00:00Z"']);
    expect(q.get('search')).toBe('festa & co');
    expect(q.get('interval')).toBe('weekend');
    expect(q.get('range')).toBe('2025-01-01,2025-02-01');
  });

  it('asks facets with f=1 and limit 1', () => {
    const q = params(facetsUrl(s, noFilters(), TUESDAY, s.facets));
    expect(q).toEqual({ limit: '1', offset: '0', f: '1', interval: 'all' });
  });

  it('leaves out a facet own selection when asking its counts', () => {
    const q = new URL(facetsUrl(s, f, TUESDAY, [s.facets[0]], 'topics'), 'http://x').searchParams;
    expect(q.getAll('facets[topics][]')).toEqual([]);
    expect(q.getAll('facets[raw[attr_data_dt]][]')).toHaveLength(1);
  });

  it('geo: same filters, no paging', () => {
    const url = geoUrl(s, f, TUESDAY);
    expect(url.split('?')[0]).toBe('/ita/openpa/data/block_opendata_queried_contents/b123/geo/');
    const q = params(url);
    expect(q.limit).toBeUndefined();
    expect(q.search).toBe('festa & co');
  });

  it('calendar: search and facets apply (fix), interval and range do not', () => {
    const url = calendarUrl(s, f, '2025-06-01T00:00:00', '2025-07-01T00:00:00');
    expect(url.split('?')[0]).toBe('/ita/openpa/data/block_opendata_queried_contents/b123/calendar/');
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('search')).toBe('festa & co');
    expect(q.getAll('facets[topics][]')).toEqual(["L\\'arte"]);
    expect(q.get('interval')).toBeNull();
    expect(q.get('range')).toBeNull();
    expect(q.get('q')).toBeNull();
    expect(q.get('start')).toBe('2025-06-01T00:00:00');
  });

  it('a named builder takes the place of the block id', () => {
    const named = settings({ blockId: 'b123', queryBuilder: 'people_by_role' });
    expect(listUrl(named, noFilters(), TUESDAY, 0).split('?')[0]).toBe(
      '/openpa/data/block_opendata_queried_contents/people_by_role/search/',
    );
  });
});

describe('nextPageQuery', () => {
  const local = settings({ query: 'q1' });
  const remote = settings({ remoteUrl: 'https://www.comune.esempio.it', query: 'q1' });
  const server = settings({ blockId: 'b1', queryBuilder: 'server' });
  const origin = 'http://127.0.0.1:8080';

  it('module: a bare query becomes a module URL', () => {
    expect(moduleQ(nextPageUrl(local, 'extrageo', 'q1 limit 500 offset 500', origin)!)).toBe('q1 limit 500 offset 500');
  });

  it('REST: an absolute URL of the remote API is followed as is (fix of the original)', () => {
    const next = 'https://www.comune.esempio.it/api/opendata/v2/extrageo/search/q1+limit+500+offset+500';
    expect(nextPageUrl(remote, 'extrageo', next, origin)).toBe(next);
  });

  it('an absolute URL of another origin, or not http(s), is never followed', () => {
    expect(nextPageUrl(remote, 'extrageo', 'https://evil.example/api/opendata/v2/extrageo/search/x', origin)).toBeNull();
    expect(nextPageUrl(remote, 'extrageo', 'javascript:alert(1)', origin)).toBeNull();
    expect(nextPageUrl(local, 'extrageo', '//evil.example/x', origin)).toBeNull();
    expect(nextPageUrl(local, 'extrageo', origin + '/opendata/api/extrageo/search/?q=x', origin)).toBe(
      origin + '/opendata/api/extrageo/search/?q=x',
    );
  });

  it('server: ?limit=…&offset=… goes after the block endpoint', () => {
    expect(nextPageUrl(server, 'extrageo', '?limit=500&offset=500&search=x', origin)).toBe(
      '/openpa/data/block_opendata_queried_contents/b1/geo/?limit=500&offset=500&search=x',
    );
    expect(nextPageUrl(server, 'extrageo', 'q1 limit 500', origin)).toBeNull();
  });

  it('null, empty or not a string: no next page', () => {
    expect(nextPageUrl(local, 'extrageo', null, origin)).toBeNull();
    expect(nextPageUrl(local, 'extrageo', '', origin)).toBeNull();
    expect(nextPageUrl(local, 'extrageo', 42, origin)).toBeNull();
  });
});
