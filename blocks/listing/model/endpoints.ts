// Every URL the listing calls, for its three sources (this portal's module, a remote portal's
// REST API over JSONP, the portal's server-mode block endpoint) and its three tabs. Pure.
//
// **Fix of the original**: the query text is percent-encoded, so an `&` or `#` typed by a visitor
// cannot cut the URL. The eZ module decodes `?q=` twice (PHP, then `urldecode`), so `q` is encoded
// twice there, as the data table always did; in a REST path it is encoded once.
import { facetsQuery, filteredQuery, listQuery } from './query';
import { queryString, serverFilterParams, type Params } from './server';
import type { FacetDef, Filters, ListingSettings } from './types';

export type Env = 'content' | 'extrageo' | 'calendar';
const SERVER_ROUTE: Record<Env, string> = { content: 'search', extrageo: 'geo', calendar: 'calendar' };

/** Same-origin eZ module: `{prefix}/opendata/api/{env}/search/?…&q=…`. */
export function moduleUrl(prefix: string, env: Env, query: string, params: Params = []): string {
  return `${prefix}/opendata/api/${env}/search/?` + queryString([...params, ['q', encodeURIComponent(query)]]);
}

/** REST: `{host}/api/opendata/v2/{env}/search/{query}?…` (the query in the path). */
export function restUrl(host: string, env: Env, query: string, params: Params = []): string {
  const qs = queryString(params);
  return `${host}/api/opendata/v2/${env}/search/${encodeURIComponent(query)}` + (qs ? '?' + qs : '');
}

/** Server mode: `{prefix}/openpa/data/block_opendata_queried_contents/{name}/{search|geo|calendar}/`. */
export function serverBase(s: ListingSettings, env: Env): string {
  if (s.source.kind !== 'server') throw new Error('not a server-mode block');
  return `${s.source.prefix}/openpa/data/block_opendata_queried_contents/${encodeURIComponent(s.source.name)}/${SERVER_ROUTE[env]}/`;
}

/** A browser-built query, sent to this portal's module or to the remote portal's REST API. */
export function browserUrl(s: ListingSettings, env: Env, query: string, params: Params): string {
  const context: Params = s.context ? [['context', s.context]] : [];
  if (s.source.kind === 'remote') return restUrl(s.source.remoteUrl, env, query, [...params, ...context]);
  if (s.source.kind === 'local') return moduleUrl(s.source.prefix, env, query, [...params, ...context]);
  throw new Error('server-mode blocks do not send a query');
}

const viewParam = (s: ListingSettings): Params => (s.view ? [['view', s.view]] : []);

/** One page of the list. */
export function listUrl(s: ListingSettings, f: Filters, now: Date, offset: number, limit = s.limit): string {
  if (s.source.kind === 'server') {
    return (
      serverBase(s, 'content') +
      '?' +
      queryString([['limit', String(limit)], ['offset', String(offset)], ...viewParam(s), ...serverFilterParams(s, f)])
    );
  }
  return browserUrl(s, 'content', listQuery(s, f, now, offset, limit), viewParam(s));
}

/** Facet counts for `facets` (all of them in server mode: the server knows its own facets). */
export function facetsUrl(s: ListingSettings, f: Filters, now: Date, facets: FacetDef[], exceptFacet?: string): string {
  if (s.source.kind === 'server') {
    return (
      serverBase(s, 'content') +
      '?' +
      queryString([['limit', '1'], ['offset', '0'], ['f', '1'], ...serverFilterParams(s, f, { exceptFacet })])
    );
  }
  return browserUrl(s, 'content', facetsQuery(s, f, now, facets, exceptFacet), []);
}

/** The map: the same filters as the list, no paging (the environment's default page of 500, then nextPageQuery). */
export function geoUrl(s: ListingSettings, f: Filters, now: Date): string {
  if (s.source.kind === 'server') {
    const qs = queryString(serverFilterParams(s, f));
    return serverBase(s, 'extrageo') + (qs ? '?' + qs : '');
  }
  return browserUrl(s, 'extrageo', filteredQuery(s, f, now), []);
}

/**
 * The agenda between `start` and `end` (local ISO text with no offset, as calendar widgets send
 * them). Text and facet filters apply in every mode (**fix**: the original's server mode nested
 * them in an ignored `q`); the interval and published range do not (they are not shown there).
 */
export function calendarUrl(s: ListingSettings, f: Filters, start: string, end: string): string {
  const range: Params = [
    ['start', start],
    ['end', end],
  ];
  if (s.source.kind === 'server') {
    return serverBase(s, 'calendar') + '?' + queryString([...serverFilterParams(s, f, { calendar: true }), ...range]);
  }
  return browserUrl(s, 'calendar', filteredQuery(s, f, new Date(0), { calendar: true }), range);
}

/**
 * The URL of the next page named by a response's `nextPageQuery`, in any of its three forms:
 * an absolute REST URL (accepted only from the API's own origin: it may be loaded as a script),
 * `?limit=…&offset=…` (server mode) or a bare query (module). **Fix of the original**, which
 * appended every form to the module URL and so broke on REST.
 * @param pageOrigin origin of the page (same-origin sources).
 */
export function nextPageUrl(s: ListingSettings, env: Env, nextPageQuery: unknown, pageOrigin: string): string | null {
  if (typeof nextPageQuery !== 'string' || !nextPageQuery.trim()) return null;
  const next = nextPageQuery.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(next) || next.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(next);
    } catch {
      return null;
    }
    const expected = s.source.kind === 'remote' ? new URL(s.source.remoteUrl).origin : pageOrigin;
    return /^https?:$/.test(url.protocol) && url.origin === expected ? url.href : null;
  }
  if (s.source.kind === 'server') return next.startsWith('?') ? serverBase(s, env) + next : null;
  if (next.startsWith('?')) return null;
  return browserUrl(s, env, next, []);
}

/** The content environment answers at most 300 hits per request (append style, restored at page N). */
const MAX_LIMIT = 300;

/**
 * Which hits to ask for to show page `page`: that page alone, or, in append style when the list is
 * drawn anew (a restored link or Back at page N), every page up to it at once. The block's first
 * request is the `anew` one; its early chunk asks the same (../early.ts).
 */
export function requestRange(s: ListingSettings, page: number, anew: boolean): { offset: number; limit: number } {
  if (s.paging === 'append' && anew)
    return { offset: 0, limit: Math.min((page + 1) * s.limit, Math.max(s.limit, MAX_LIMIT - (MAX_LIMIT % s.limit))) };
  return { offset: page * s.limit, limit: s.limit };
}
