// The geo tab's URLs: the first geo page (the list's geoUrl, with a page size when configured),
// the next pages named by nextPageQuery, a place's popup detail and its full-view link. Pure.
import { browserUrl, geoUrl, nextPageUrl, serverBase } from '../../model/endpoints';
import { filteredQuery } from '../../model/query';
import { queryString, serverFilterParams, type Params } from '../../model/server';
import type { Filters, ListingSettings } from '../../model/types';

/** The first geo request: same filters as the list, no offset; `limit` only when `map.pageSize` is set. */
export function firstGeoUrl(s: ListingSettings, f: Filters, now: Date): string {
  const size = s.map.pageSize;
  if (!size) return geoUrl(s, f, now);
  if (s.source.kind === 'server') {
    return serverBase(s, 'extrageo') + '?' + queryString([['limit', String(size)], ...serverFilterParams(s, f)]);
  }
  const query = filteredQuery(s, f, now);
  return browserUrl(s, 'extrageo', (query ? query + ' and ' : '') + 'limit ' + size, []);
}

/**
 * The next geo page, in any of the three nextPageQuery forms (full REST URL, bare module query,
 * server `?limit=&offset=…`). **Fix**: the server's form keeps only limit, offset, facets and
 * search, so following it verbatim would drop the interval and the published range from page 2
 * on; its limit and offset are taken and sent with the block's full filters.
 */
export function nextGeoUrl(s: ListingSettings, f: Filters, nextPageQuery: unknown, pageOrigin: string): string | null {
  if (s.source.kind === 'server' && typeof nextPageQuery === 'string' && nextPageQuery.trim().startsWith('?')) {
    const next = new URLSearchParams(nextPageQuery.trim().slice(1));
    const limit = Number(next.get('limit'));
    const offset = Number(next.get('offset'));
    if (Number.isInteger(limit) && limit > 0 && Number.isInteger(offset) && offset >= 0) {
      return (
        serverBase(s, 'extrageo') + '?' + queryString([['limit', String(limit)], ['offset', String(offset)], ...serverFilterParams(s, f)])
      );
    }
  }
  return nextPageUrl(s, 'extrageo', nextPageQuery, pageOrigin);
}

/** The view rendered in a popup: `map.popupView`, else banner (server mode) or card (browser). */
export const popupView = (s: ListingSettings): string => s.map.popupView ?? (s.source.kind === 'server' ? 'banner' : 'card');

/** Ids a popup may ask for (they go into a query text and a URL). */
export const isContentId = (id: unknown): id is number | string =>
  (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^[1-9]\d*$/.test(id));

/**
 * A place's detail for its popup: `?limit=1&id={id}&view=banner` (server) or `id = {id}` with the
 * card view (browser). **Fix**: a remote block's popup keeps its view (the original dropped it).
 */
export function popupUrl(s: ListingSettings, id: number | string): string {
  const view = popupView(s);
  const viewParam: Params = view ? [['view', view]] : [];
  if (s.source.kind === 'server') {
    return serverBase(s, 'content') + '?' + queryString([['limit', '1'], ['offset', '0'], ['id', String(id)], ...viewParam]);
  }
  return browserUrl(s, 'content', 'id = ' + id, viewParam);
}

/** `/content/view/full/{mainNodeId}` on the portal that owns the content (remote host in front when set). */
export function fullViewUrl(s: ListingSettings, mainNodeId: number | null, id: number | string): string {
  const base = s.source.kind === 'remote' ? s.source.remoteUrl : s.source.prefix;
  return mainNodeId !== null && Number.isInteger(mainNodeId) && mainNodeId > 0
    ? base + '/content/view/full/' + mainNodeId
    : base + '/openpa/object/' + encodeURIComponent(String(id));
}
