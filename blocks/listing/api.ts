// The listing's requests: URLs from the pure model, transport from runtime/http (JSON for this
// portal, JSONP for a remote one), bodies normalised by the model. Each kind of request has its
// own latest() slot: a newer list request cancels the older one, whose promise rejects with
// Cancelled and so can never render.
import { Cancelled, getJson, getJsonAhead, latest, RequestError } from '../../runtime/http';
import { langOf } from '../../runtime/i18n';
import { calendarUrl, facetsUrl, listUrl } from './model/endpoints';
import { countsFor, facetRequests } from './model/facets';
import { normaliseCalendar, normaliseSearch, type CalendarItem, type FacetCount, type LinkBase, type SearchPage } from './model/response';
import type { Filters, ListingSettings } from './model/types';
import { cleanHits, loadSanitizer, viewCache } from './sanitize';
import { portalNow } from '../../runtime/clock';
import { afterPaint } from '../../runtime/dom';

export interface ListingApi {
  /** `limit` hits from `offset`, with the filters. */
  search(filters: Filters, offset: number, limit?: number): Promise<SearchPage>;
  /** facet field → counts (every configured facet; each computed without its own selection). */
  facetCounts(filters: Filters): Promise<Record<string, FacetCount[]>>;
  /** Agenda items between start and end (local ISO text, no offset). */
  calendar(filters: Filters, start: string, end: string): Promise<CalendarItem[]>;
  /** One page of the map's places, as the API sends it (the geo search's URL or its next page's: geo/model/urls.ts); the map's controller reads and pages it. */
  geoPage(url: string, signal: AbortSignal): Promise<unknown>;
  /** Sends now what search() and facetCounts() will ask with these arguments, for them to take (http getJsonAhead). */
  ahead(filters: Filters, offset: number, limit: number, list: boolean): void;
  /** A request for a tab's results (list, agenda, map) is in flight. */
  busy(): boolean;
  /** Cancel everything in flight (the block is going away). */
  cancel(): void;
  /** Where hit links point ('' / '/ita' here, the remote portal's origin otherwise). */
  link: LinkBase;
}

export interface ApiOptions {
  nonce: string;
  /** For tests: the clock the intervals are computed from. */
  now?: () => Date;
}

/** The longest the facet counts wait for the list's answer before they are asked anyway. */
export const LIST_FIRST_MS = 500;

/** How many cleaned views are kept (about 20 pages of cards; a few hundred KB). */
const CLEANED_MAX = 120;

export function createListingApi(s: ListingSettings, options: ApiOptions): ListingApi {
  const now = options.now || portalNow;
  const jsonp = s.source.kind === 'remote';
  const link: LinkBase = {
    base: s.source.kind === 'remote' ? s.source.remoteUrl : s.source.prefix,
    lang: langOf(s.locale),
  };
  const get = (url: string, signal: AbortSignal) => getJson(url, { jsonp, signal, nonce: options.nonce });
  const facetUrls = (filters: Filters, at: Date) =>
    facetRequests(s, filters).map((req) => ({ req, url: facetsUrl(s, filters, at, req.facets, req.exceptFacet) }));
  const shapeError = (url: string) => new RequestError(200, 'Unexpected response', 'invalid-json', url);
  const slots = { list: latest(), facets: latest(), calendar: latest() };
  /**
   * Settles when the list's request in flight has its answer (or failed, or was superseded). The
   * facet counts are asked after it: the portal then serves the visitor's results alone (issue
   * 18: the counts, a heavier query, made the list wait), and a slow list holds them at most
   * LIST_FIRST_MS.
   */
  let listSettled: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  const landed = () => void inFlight--;
  /** A tab's results request, counted while in flight (busy()). */
  const counted = <T>(answer: Promise<T>): Promise<T> => {
    inFlight++;
    answer.then(landed, landed);
    return answer;
  };
  // Fetch the sanitiser alongside the first request rather than after it.
  if (s.view) loadSanitizer().catch(() => {});
  const cleaned = viewCache(CLEANED_MAX);

  return {
    link,
    search(filters, offset, limit) {
      const url = listUrl(s, filters, now(), offset, limit);
      const answer = slots.list(async (signal) => {
        const page = normaliseSearch(await get(url, signal), link);
        if (!page) throw shapeError(url);
        return { ...page, hits: await cleanHits(page.hits, url, cleaned) };
      });
      // (settled a frame after the answer: the list's results reach the screen before the counts
      // are asked and drawn — a select's first sort makes the page's first Intl.Collator, ~30 ms)
      listSettled = answer.catch(() => {}).then(() => afterPaint());
      return counted(answer);
    },
    facetCounts(filters) {
      const at = now();
      const list = listSettled;
      return slots.facets(async (signal) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          list,
          new Promise((resolve) => {
            timer = setTimeout(resolve, LIST_FIRST_MS);
          }),
        ]);
        clearTimeout(timer);
        const parts = await Promise.all(
          facetUrls(filters, at).map(async ({ req, url }) => {
            const page = normaliseSearch(await get(url, signal), link);
            if (!page) throw shapeError(url);
            return countsFor(req.facets, page.facets);
          }),
        );
        return Object.assign({}, ...parts);
      });
    },
    calendar(filters, start, end) {
      const url = calendarUrl(s, filters, start, end);
      return counted(slots.calendar(async (signal) => normaliseCalendar(await get(url, signal), link) || Promise.reject(shapeError(url))));
    },
    geoPage: (url, signal) => counted(get(url, signal)),
    busy: () => inFlight > 0,
    ahead(filters, offset, limit, list) {
      const at = now();
      const urls = facetUrls(filters, at).map((f) => f.url);
      if (list) urls.unshift(listUrl(s, filters, at, offset, limit));
      for (const url of urls) getJsonAhead(url, { jsonp, nonce: options.nonce });
    },
    cancel() {
      for (const slot of Object.values(slots)) slot.cancel();
    },
  };
}

export { Cancelled, RequestError };
