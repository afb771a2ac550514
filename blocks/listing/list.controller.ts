// The list tab's results: which page to fetch when the filters or the page change, in either
// paging style, and what to tell the visitor afterwards. No DOM, no Preact: a valtio store the
// view reads, driven by the shared filter state.
import { ref } from '../../runtime/block/store';
import { resultStore, settle, type ResultState } from '../../runtime/block/result-store';
import type { RequestError } from '../../runtime/http';
import type { Announce, Words } from '../../runtime/types';
import type { I18n } from '../../runtime/i18n';
import { pageCount } from '../../runtime/pagination';
import type { ListingApi } from './api';
import { listUrl, requestRange } from './model/endpoints';
import type { Hit } from './model/response';
import { filtersOf, type ListingActions } from './model/state';
import type { ListingSettings, ListingState } from './model/types';
import { portalNow } from '../../runtime/clock';

export type Change = 'replace' | 'page' | 'append';

/** Between the filters' URL and the page in a request's key: a newline, which no URL holds. */
const PAGE = '\npage ';

export interface ListResults extends ResultState {
  /** What is loading now: the first results (spinner), a new page or filter (rows dim), more results (button spinner). */
  pending: 'first' | 'reload' | 'append' | null;
  hits: Hit[];
  totalCount: number;
  /** The last page shown (0-based); in append style, every page up to it is shown. */
  page: number;
  /** What the last result change was (the view moves focus or scroll accordingly). */
  change: Change | null;
  /** Index of the first hit added by the last append. */
  firstNew: number;
}

export interface ListControllerOptions {
  state: ListingState;
  actions: ListingActions;
  settings: ListingSettings;
  api: ListingApi;
  i18n: I18n;
  announce: Announce;
  onResults(totalCount: number): void;
  onError(error: RequestError, what: Words): void;
  /** A page past the end (an old link) is corrected to the last page, without a history entry. */
  onPageCorrected?(): void;
  now?: () => Date;
}

export function createListController(o: ListControllerOptions) {
  const { state, settings: s, api, i18n } = o;
  const now = o.now || portalNow;
  const fetcher = resultStore<Omit<ListResults, keyof ResultState>, string>(
    {
      pending: null,
      hits: ref([]),
      totalCount: 0,
      page: 0,
      change: null,
      firstNew: 0,
    },
    {
      watch: state,
      what: { it: 'dell’elenco', en: 'list' },
      onError: o.onError,
      key: () => filtersKey() + PAGE + state.page,
      load: (key, current) => load(key, current),
      failed: () => {
        results.pending = null;
      },
    },
  );
  const { results } = fetcher;
  /** The filters (as their page-0 URL) of what is shown. */
  let shownKey: string | null = null;

  /** The words for a result change, from its figures (taken at the answer: the words are made later, when said). */
  function describe(change: Change, added: number, total: number, shown: number, page: number): string {
    if (change === 'append') return i18n.plural('results.appended', added, { shown, total });
    const text = i18n.plural('results.count', total);
    const pages = pageCount(total, s.limit);
    return s.paging === 'pages' && pages > 1 ? i18n.t('results.pageOf', { results: text, page: page + 1, pages }) : text;
  }

  const filtersKey = () => listUrl(s, filtersOf(state), now(), 0);

  /** `wanted`: the filters (as their page-0 URL) and the page the resource asked for, read from its key rather than built again (a URL each: every click waits for it). */
  async function load(wanted: string, current: () => boolean) {
    const filters = filtersOf(state);
    const at = wanted.lastIndexOf(PAGE);
    const key = wanted.slice(0, at);
    const page = Number(wanted.slice(at + PAGE.length));
    const sameFilters = key === shownKey && results.status === 'ready';
    const change: Change =
      s.paging === 'append' ? (sameFilters && page === results.page + 1 ? 'append' : 'replace') : sameFilters ? 'page' : 'replace';
    const { offset, limit } = requestRange(s, page, change === 'replace');
    results.pending = shownKey === null ? 'first' : change === 'append' ? 'append' : 'reload';
    const res = await api.search(filters, offset, limit);
    if (!current()) return;
    const before = results.hits.length;
    // Hits are replaced whole, never changed in place: as a ref, valtio neither proxies nor
    // snapshots each of them (a few ms per page on a phone, between the answer and the results).
    results.hits = ref(change === 'append' ? [...results.hits, ...res.hits] : res.hits);
    results.firstNew = change === 'append' ? before : 0;
    results.totalCount = res.totalCount;
    results.page = s.paging === 'append' && change === 'replace' ? Math.max(0, Math.ceil(res.hits.length / s.limit) - 1) : page;
    results.pending = null;
    const first = shownKey === null;
    shownKey = key;
    results.change = change;
    settle(results);
    const last = pageCount(res.totalCount, s.limit) - 1;
    if (s.paging === 'pages' && res.hits.length === 0 && res.totalCount > 0 && page > last) {
      o.onPageCorrected?.();
      o.actions.goToPage(last);
      return;
    }
    // The first results are part of the page; after that, one polite message per result change.
    if (!first) {
      const { totalCount, page: shownPage } = results;
      const shown = results.hits.length;
      o.announce(() => describe(change, res.hits.length, totalCount, shown, shownPage));
    }
    o.onResults(res.totalCount);
  }

  return {
    results,
    /** The tab is shown (fetch now if the filters changed meanwhile) or hidden (stop fetching). */
    setActive: fetcher.setActive,
    retry: fetcher.retry,
    dispose: fetcher.dispose,
  };
}

export type ListController = ReturnType<typeof createListController>;
