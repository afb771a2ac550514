// The map's places: every page of the geo search for the current filters, fetched while the tab
// is shown (and again when the filters changed meanwhile). No DOM, no Preact: a valtio store the
// view reads, driven by the block's shared filter state, like the list tab's list.controller.ts.
import { ref } from '../../../runtime/block/store';
import { resultStore, settle, type ResultState } from '../../../runtime/block/result-store';
import { latest, RequestError } from '../../../runtime/http';
import type { Announce, Words } from '../../../runtime/types';
import type { AdminLog } from '../../../runtime/log';
import type { ListingApi } from '../api';
import { createI18n, type I18n } from '../../../runtime/i18n';
import type { GeoPoint } from '../model/response';
import { filtersOf } from '../model/state';
import type { Filters, ListingSettings, ListingState } from '../model/types';
import { yieldToBrowser } from './map/slices';
import { featureCount, readGeoPage } from './model/page';
import { indexPlaces, placesOf, project, type Places } from './model/places';
import { firstGeoUrl, nextGeoUrl } from './model/urls';
import { portalNow } from '../../../runtime/clock';
import { afterPaint } from '../../../runtime/dom';
import type { TabControllerOptions } from '../tab-contract';
import { catalog } from './i18n';

/** A server that keeps answering with a nextPageQuery must not keep the map loading forever. */
export const MAX_PAGES = 200;
/** Features read, or places projected, per task: 20 000 places never make one long task. */
const SLICE = 2000;

export interface GeoResults extends ResultState {
  /** Places received so far by the search in progress (its progress). */
  received: number;
  /** The places on the map, in the API's order; a content repeats once per related place. */
  points: GeoPoint[];
  /** The same, projected and indexed for the map. */
  places: Places;
  /** The API's totalCount (contents, not places). */
  totalCount: number;
  /** Features left out for missing or 0,0 coordinates. */
  skipped: number;
}

export interface GeoControllerOptions {
  state: ListingState;
  settings: ListingSettings;
  i18n: I18n;
  /** The block's requests (its transport: JSON here, JSONP from another portal). */
  api: Pick<ListingApi, 'geoPage'>;
  /** The block's admin lines (ctx.log). */
  log: Pick<AdminLog, 'warn'>;
  announce: Announce;
  onResults(totalCount: number): void;
  onError(error: RequestError, what: Words): void;
  now?: () => Date;
  /** Origin of the page, for nextPageQuery URLs (tests). */
  origin?: string;
}

export function createGeoController(o: GeoControllerOptions) {
  const { state, settings: s, i18n } = o;
  const now = o.now || portalNow;
  const maxZoom = s.map.maxZoom ?? 18;

  /** One page's features → places, a slice per task. */
  async function read(body: unknown, url: string, signal: AbortSignal) {
    const page = readGeoPage(body, 0, SLICE);
    if (!page) throw new RequestError(200, 'Unexpected response', 'invalid-json', url);
    for (let from = SLICE, total = featureCount(body); from < total && !signal.aborted; from += SLICE) {
      await yieldToBrowser();
      const slice = readGeoPage(body, from, from + SLICE)!;
      for (const p of slice.points) page.points.push(p);
      page.skipped += slice.skipped;
    }
    return page;
  }

  async function placesIn(points: GeoPoint[], signal: AbortSignal): Promise<Places> {
    const xs = new Float64Array(points.length);
    const ys = new Float64Array(points.length);
    for (let i = 0; i < points.length && !signal.aborted; i += SLICE * 5) {
      if (i) await yieldToBrowser();
      project(points, xs, ys, i, Math.min(points.length, i + SLICE * 5));
    }
    return placesOf(points, xs, ys, maxZoom);
  }
  const slot = latest();

  async function load(url: string, filters: Filters, signal: AbortSignal) {
    const points: GeoPoint[] = [];
    let skipped = 0;
    let totalCount = 0;
    let next: string | null = url;
    const seen = new Set<string>();
    while (next && !seen.has(next)) {
      if (seen.size >= MAX_PAGES) {
        o.log.warn({
          it: 'la mappa si è fermata dopo ' + MAX_PAGES + ' pagine di luoghi',
          en: 'the map stopped after ' + MAX_PAGES + ' pages of places',
        });
        break;
      }
      const current: string = next;
      seen.add(current);
      const body = await o.api.geoPage(current, signal);
      // Parsing the body was one task already: a long answer is read from the next one on; a
      // short one at once (a yield there may let a frame in before the places: issue 31).
      if (featureCount(body) > SLICE) await yieldToBrowser();
      const page = await read(body, current, signal);
      for (const p of page.points) points.push(p);
      skipped += page.skipped;
      totalCount = page.totalCount;
      // An empty page ends the search even if it names a next one.
      next = page.points.length || page.skipped ? nextGeoUrl(s, filters, page.nextPageQuery, o.origin ?? location.origin) : null;
      // The progress while more pages come (after the last one, the places themselves: no render of it before them).
      if (next && !signal.aborted) results.received = points.length;
    }
    return { points, places: await placesIn(points, signal), skipped, totalCount, pages: seen.size };
  }

  const fetcher = resultStore(
    { received: 0, points: ref([] as GeoPoint[]), places: ref(indexPlaces([], 0)), totalCount: 0, skipped: 0 },
    {
      watch: state,
      what: { it: 'della mappa', en: 'geo' },
      onError: o.onError,
      key: () => firstGeoUrl(s, filtersOf(state), now()),
      async load(url, current, results) {
        // Every geo search starts from an empty map.
        results.points = ref([]);
        results.places = ref(indexPlaces([], maxZoom));
        results.received = 0;
        results.loading = true;
        results.version++;
        const filters = filtersOf(state);
        const res = await slot((signal) => load(url, filters, signal));
        if (!current()) return;
        results.points = ref(res.points);
        results.places = ref(res.places);
        results.totalCount = res.totalCount;
        results.skipped = res.skipped;
        settle(results);
        o.announce(() => i18n.plural('geo.count', res.points.length));
        o.onResults(res.totalCount);
        // For admins, once the places are drawn: a console line is not free (Firefox's least), and
        // the visitor's click waits for nothing of theirs.
        const skipped = res.skipped;
        if (skipped)
          void afterPaint().then(() =>
            o.log.warn({
              it:
                skipped +
                (skipped === 1 ? ' luogo' : ' luoghi') +
                ' senza coordinate (assenti o 0,0) non ' +
                (skipped === 1 ? 'mostrato' : 'mostrati') +
                ' sulla mappa',
              en: skipped + (skipped === 1 ? ' place' : ' places') + ' without coordinates (missing or 0,0) not shown on the map',
            }),
          );
      },
      cancel: () => slot.cancel(),
    },
  );

  const { results } = fetcher;

  return {
    results,
    /** The tab is shown (search now if the filters changed meanwhile) or hidden (stop searching). */
    setActive: fetcher.setActive,
    retry: fetcher.retry,
    dispose: fetcher.dispose,
  };
}

export type GeoController = ReturnType<typeof createGeoController>;

/** The block's (tabs.controller.ts): the map speaks with its own texts. */
export const createController = (o: TabControllerOptions): GeoController =>
  createGeoController({ ...o, i18n: createI18n(catalog, o.settings.locale, o.settings.i18n), log: o.ctx.log });
