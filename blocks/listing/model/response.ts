// API responses → the block's values. Anything malformed becomes null (the api turns that into
// one RequestError), so views never see a half-parsed body. Pure.
import { pickLang, type Lang } from '../../../runtime/i18n';

/**
 * A server view once cleaned (blocks/listing/sanitize.ts): it hands out copies of the sanitizer's
 * nodes, never HTML for anything to parse again.
 */
export interface CleanView {
  copy(): Node;
}

/** A result as the page shows it: its view cleaned. As the server sent it (view = its HTML): `RawHit`. */
export interface Hit<View = CleanView> {
  id: number | string;
  name: string;
  classIdentifier: string;
  mainNodeId: number | null;
  published: string | null;
  modified: string | null;
  /** Where the hit's link goes: its URL alias, else `/openpa/object/{id}` (absolute for a remote portal). */
  url: string;
  /** The server-rendered `extradata.view`, when the request named a view. */
  view: View | null;
  /** `data` in the current language (then Italian, then the first one). */
  data: Record<string, unknown>;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface FacetResult {
  name: string;
  counts: FacetCount[];
}

export type RawHit = Hit<string>;

export interface SearchPage<View = CleanView> {
  hits: Hit<View>[];
  totalCount: number;
  facets: FacetResult[];
  nextPageQuery: string | null;
}

/** Where links of a source point: '' or '/ita' for this portal, `https://other.it` for a remote one. */
export interface LinkBase {
  base: string;
  lang: Lang;
}

const isObject = (x: unknown): x is Record<string, any> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * Only http(s) and site-relative links are followed (a hostile alias may say `javascript:`, or
 * `/\other.host`, which browsers read as `//other.host`).
 */
export function safeUrl(url: unknown, base: string): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('/') && !/^\/[/\\]/.test(u) && !/[\t\n\r]/.test(u)) return base + u;
  return null;
}

export function normaliseHit(raw: unknown, link: LinkBase): RawHit | null {
  if (!isObject(raw) || !isObject(raw.metadata)) return null;
  const m = raw.metadata;
  if (typeof m.id !== 'number' && typeof m.id !== 'string') return null;
  const extra = pickLang(isObject(raw.extradata) ? raw.extradata : null, link.lang);
  const data = pickLang(isObject(raw.data) ? raw.data : null, link.lang);
  const name = pickLang(isObject(m.name) ? m.name : null, link.lang);
  return {
    id: m.id,
    name: typeof name === 'string' ? name : String(m.id),
    classIdentifier: typeof m.classIdentifier === 'string' ? m.classIdentifier : '',
    mainNodeId: typeof m.mainNodeId === 'number' ? m.mainNodeId : null,
    published: typeof m.published === 'string' ? m.published : null,
    modified: typeof m.modified === 'string' ? m.modified : null,
    url: safeUrl(isObject(extra) ? extra.urlAlias : null, link.base) || link.base + '/openpa/object/' + encodeURIComponent(String(m.id)),
    view: isObject(extra) && typeof extra.view === 'string' && extra.view.trim() ? extra.view : null,
    data: isObject(data) ? data : {},
  };
}

/** `{name, data: {value: count}}` → counts in the server's order; empty values are never offered. */
export function normaliseFacets(raw: unknown): FacetResult[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((f) => ({
    name: String(f.name ?? ''),
    counts: isObject(f.data)
      ? Object.entries(f.data)
          .filter(([value, count]) => value.trim() !== '' && Number(count) > 0)
          .map(([value, count]) => ({ value, count: Number(count) }))
      : [],
  }));
}

/** SearchResults (REST, module or server mode) → SearchPage, or null when the body is not one. */
export function normaliseSearch(body: unknown, link: LinkBase): SearchPage<string> | null {
  if (!isObject(body) || !Array.isArray(body.searchHits)) return null;
  const hits = body.searchHits.map((h) => normaliseHit(h, link)).filter((h): h is RawHit => !!h);
  const total = Number(body.totalCount);
  return {
    hits,
    totalCount: Number.isFinite(total) && total >= 0 ? total : hits.length,
    facets: normaliseFacets(body.facets),
    nextPageQuery: typeof body.nextPageQuery === 'string' && body.nextPageQuery ? body.nextPageQuery : null,
  };
}

export interface GeoPoint {
  /** Content id (may repeat: extrageo gives one feature per related geo point). */
  id: number | string;
  name: string;
  classIdentifier: string;
  mainNodeId: number | null;
  lon: number;
  lat: number;
  properties: Record<string, unknown>;
}

export interface GeoPage {
  points: GeoPoint[];
  totalCount: number;
  nextPageQuery: string | null;
}

/** FeatureCollection → points; features without a usable Point (missing, out of range, or 0,0) are left out. */
export function normaliseGeo(body: unknown): GeoPage | null {
  if (!isObject(body) || !Array.isArray(body.features)) return null;
  const points: GeoPoint[] = [];
  for (const f of body.features) {
    if (!isObject(f) || !isObject(f.geometry) || f.geometry.type !== 'Point' || !Array.isArray(f.geometry.coordinates)) continue;
    const [lon, lat] = f.geometry.coordinates.map(Number);
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90 || (lon === 0 && lat === 0)) continue;
    const p = isObject(f.properties) ? f.properties : {};
    const id = p.id ?? f.id;
    if (typeof id !== 'number' && typeof id !== 'string') continue;
    points.push({
      id,
      name: typeof p.name === 'string' ? p.name : String(id),
      classIdentifier: typeof p.class_identifier === 'string' ? p.class_identifier : '',
      mainNodeId: typeof p.mainNodeId === 'number' ? p.mainNodeId : null,
      lon,
      lat,
      properties: p,
    });
  }
  const total = Number(body.totalCount);
  return {
    points,
    totalCount: Number.isFinite(total) ? total : points.length,
    nextPageQuery: typeof body.nextPageQuery === 'string' && body.nextPageQuery ? body.nextPageQuery : null,
  };
}

export interface CalendarItem {
  /** The item id as sent: opening-hours items have composite ids `{id}-{relId}-{day}-{hours}`. */
  id: string;
  /** The content id (the leading number of a composite id), when there is one. */
  contentId: number | null;
  title: string;
  allDay: boolean;
  /** ISO text; all-day items are date-only with an exclusive end. */
  start: string;
  end: string | null;
  type: string;
  /** Where a click goes: `extendedProps.location`, else the content's alias, else `/openpa/object/{contentId}`. */
  url: string | null;
  hit: RawHit | null;
}

/** The calendar's bare array → items; entries without an id, title or start are left out. */
export function normaliseCalendar(body: unknown, link: LinkBase): CalendarItem[] | null {
  if (!Array.isArray(body)) return null;
  const items: CalendarItem[] = [];
  for (const e of body) {
    if (!isObject(e) || (typeof e.id !== 'number' && typeof e.id !== 'string') || typeof e.start !== 'string') continue;
    const id = String(e.id);
    const lead = /^\d+/.exec(id);
    const contentId = lead ? Number(lead[0]) : null;
    const hit = isObject(e.content) ? normaliseHit(e.content, link) : null;
    const location = isObject(e.extendedProps) ? safeUrl(e.extendedProps.location, link.base) : null;
    items.push({
      id,
      contentId,
      title: typeof e.title === 'string' ? e.title : (hit?.name ?? id),
      allDay: e.allDay === true,
      start: e.start,
      end: typeof e.end === 'string' ? e.end : null,
      type: typeof e.type === 'string' ? e.type : '',
      url: location || hit?.url || (contentId !== null ? link.base + '/openpa/object/' + contentId : null),
      hit,
    });
  }
  return items;
}
