import { describe, expect, it } from 'vitest';
// @ts-ignore plain JS fixture module
import { parseQuery } from '../../../fixtures/emulator/query/index.mjs';
// @ts-ignore plain JS fixture module
import { phpUrldecode } from '../../../fixtures/emulator/endpoints/http.mjs';
import { firstGeoUrl, fullViewUrl, isContentId, nextGeoUrl, popupUrl, popupView } from '../../../blocks/listing/geo/model/urls';
import { geoUrl } from '../../../blocks/listing/model/endpoints';
import { noFilters, settings, TUESDAY } from '../listing/fixtures';

const ORIGIN = 'https://www.comune.esempio.it';
const local = (map = {}) => settings({ query: 'classes [event] sort [name=>asc]', showSearch: true, timeIntervals: true, map });
const remote = (map = {}) => settings({ query: 'classes [event]', remoteUrl: 'https://altro.comune.it', map });
const server = (map = {}) =>
  settings({ queryBuilder: 'server', blockId: 'luoghi-server', timeIntervals: true, publishedRange: true, showSearch: true, map });
/** The query the eZ module reads: `q` decoded twice. */
const moduleQuery = (url: string) => phpUrldecode(new URL(url, ORIGIN).searchParams.get('q'));

describe('first geo page', () => {
  it('is the list geoUrl when no page size is set (the API default of 500)', () => {
    for (const s of [local(), remote(), server()]) expect(firstGeoUrl(s, noFilters(), TUESDAY)).toBe(geoUrl(s, noFilters(), TUESDAY));
  });

  it('asks `limit N` in browser mode, after the filters', () => {
    const url = firstGeoUrl(local({ pageSize: 40 }), noFilters({ text: 'concerto' }), TUESDAY);
    expect(url.startsWith('/opendata/api/extrageo/search/?')).toBe(true);
    const ast = parseQuery(moduleQuery(url));
    expect(ast.parameters.limit).toBe(40);
    expect(ast.parameters.offset).toBeUndefined();
    expect(ast.clauses.find((c: any) => c.field === 'q')!.values).toEqual(['concerto']);
    expect(ast.parameters.classes).toEqual(['event']);
  });

  it('remote: REST with the query in the path', () => {
    const url = firstGeoUrl(remote({ pageSize: 30 }), noFilters(), TUESDAY);
    expect(url).toBe('https://altro.comune.it/api/opendata/v2/extrageo/search/' + encodeURIComponent('classes [event] and limit 30'));
  });

  it('server mode: `?limit=N` and the filters', () => {
    const url = new URL(firstGeoUrl(server({ pageSize: 12 }), noFilters({ interval: 'today' }), TUESDAY), ORIGIN);
    expect(url.pathname).toBe('/openpa/data/block_opendata_queried_contents/luoghi-server/geo/');
    expect([...url.searchParams]).toEqual([
      ['limit', '12'],
      ['interval', 'today'],
    ]);
  });
});

describe('next geo page (three nextPageQuery forms)', () => {
  it('module: a bare query, sent again to the module', () => {
    const next = nextGeoUrl(local(), noFilters(), 'classes [event] sort [name=>asc] limit 40 offset 40', ORIGIN)!;
    expect(next.startsWith('/opendata/api/extrageo/search/?')).toBe(true);
    expect(moduleQuery(next)).toBe('classes [event] sort [name=>asc] limit 40 offset 40');
  });

  it('REST: a full URL, only from the remote portal itself', () => {
    const full = 'https://altro.comune.it/api/opendata/v2/extrageo/search/classes+%5Bevent%5D+limit+30+offset+30';
    expect(nextGeoUrl(remote(), noFilters(), full, ORIGIN)).toBe(full);
    expect(nextGeoUrl(remote(), noFilters(), 'https://evil.example/api/opendata/v2/extrageo/search/x', ORIGIN)).toBeNull();
    expect(nextGeoUrl(remote(), noFilters(), 'javascript:alert(1)', ORIGIN)).toBeNull();
  });

  it('server: limit and offset from `?limit=&offset=…`, sent with the block filters the server left out', () => {
    const f = noFilters({ interval: 'weekend', publishedFrom: '2025-01-01', publishedTo: '2025-06-30', text: 'museo', facets: {} });
    const url = new URL(nextGeoUrl(server(), f, '?limit=12&offset=24&search=museo', ORIGIN)!, ORIGIN);
    expect(url.pathname).toBe('/openpa/data/block_opendata_queried_contents/luoghi-server/geo/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '12',
      offset: '24',
      search: 'museo',
      interval: 'weekend',
      range: '2025-01-01,2025-06-30',
    });
  });

  it('server: a form it cannot read is followed as it is; none ends the search', () => {
    expect(nextGeoUrl(server(), noFilters(), '?page=2', ORIGIN)).toBe(
      '/openpa/data/block_opendata_queried_contents/luoghi-server/geo/?page=2',
    );
    for (const none of [null, '', '  ', undefined, 42]) expect(nextGeoUrl(server(), noFilters(), none, ORIGIN)).toBeNull();
  });
});

describe('popup detail and link', () => {
  it('server mode: `?limit=1&id=…&view=banner`', () => {
    const url = new URL(popupUrl(server(), 6010), ORIGIN);
    expect(url.pathname).toBe('/openpa/data/block_opendata_queried_contents/luoghi-server/search/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '1', offset: '0', id: '6010', view: 'banner' });
  });

  it('browser mode: `id = {id}` with the card view; a remote portal keeps the view (fix)', () => {
    const url = popupUrl(local(), 4002);
    expect(moduleQuery(url)).toBe('id = 4002');
    expect(new URL(url, ORIGIN).searchParams.get('view')).toBe('card');
    expect(popupUrl(remote(), 4002)).toBe(
      'https://altro.comune.it/api/opendata/v2/content/search/' + encodeURIComponent('id = 4002') + '?view=card',
    );
  });

  it('the popup view is configurable, empty meaning none', () => {
    expect(popupView(local({ popupView: 'card_teaser' }))).toBe('card_teaser');
    expect(new URL(popupUrl(local({ popupView: '' }), 1), ORIGIN).searchParams.get('view')).toBeNull();
  });

  it('only plain content ids are asked for', () => {
    expect([4002, '4002'].every(isContentId)).toBe(true);
    expect([0, -1, 1.5, '4002 or 1', "1'", '', null, undefined].some(isContentId)).toBe(false);
  });

  it('links to the full view on the portal that owns the content', () => {
    expect(fullViewUrl(local(), 14002, 4002)).toBe('/content/view/full/14002');
    expect(fullViewUrl(settings({ localAccessPrefix: '/ita' }), 14002, 4002)).toBe('/ita/content/view/full/14002');
    expect(fullViewUrl(remote(), 14002, 4002)).toBe('https://altro.comune.it/content/view/full/14002');
    expect(fullViewUrl(local(), null, 4002)).toBe('/openpa/object/4002');
  });
});
