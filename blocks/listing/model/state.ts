// The block's filter state: one valtio proxy per block, shared by the filters and every tab.
// The transitions live here so the rule "any filter change or search goes back to page 0" is
// written once. No DOM, no Preact.
import { proxy } from '../../../runtime/block/store';
import { INTERVALS, type Filters, type IntervalId, type ListingSettings, type ListingState, type TabId } from './types';

export function defaultState(s: ListingSettings, tabs: readonly TabId[] = s.tabs): ListingState {
  return {
    text: '',
    facets: {},
    interval: 'all',
    publishedFrom: '',
    publishedTo: '',
    page: 0,
    tab: tabs[0] || 'list',
    ...(s.dateRanges.length ? { ranges: s.dateRanges.map((): [string, string] => ['', '']) } : {}),
  };
}

export const createState = (initial: ListingState): ListingState => proxy(structuredClone(initial));

export const filtersOf = (s: ListingState): Filters => ({
  text: s.text,
  facets: s.facets,
  interval: s.interval,
  publishedFrom: s.publishedFrom,
  publishedTo: s.publishedTo,
  ...(s.ranges ? { ranges: s.ranges } : {}),
});

/** A stable text for "did the filters change?" (facet keys sorted, empty selections dropped). */
export function filtersKey(f: Filters): string {
  const facets = Object.keys(f.facets)
    .sort()
    .filter((k) => f.facets[k]?.length)
    .map((k) => [k, f.facets[k]]);
  return JSON.stringify([
    f.text.trim(),
    facets,
    f.interval,
    f.publishedFrom,
    f.publishedTo,
    (f.ranges || []).some((r) => r[0] || r[1]) ? f.ranges : [],
  ]);
}

export interface ListingActions {
  /** Submit the search text. */
  search(text: string): void;
  /** The selected values of one facet ([] clears it). */
  selectFacet(field: string, values: string[]): void;
  chooseInterval(interval: IntervalId): void;
  setPublished(from: string, to: string): void;
  /** The dates of the date range at `index`. */
  setRange(index: number, from: string, to: string): void;
  goToPage(page: number): void;
  showTab(tab: TabId): void;
  /** Replace everything (Back/Forward, a shared link). */
  restore(next: ListingState): void;
}

export function createActions(state: ListingState): ListingActions {
  const filtered = (change: () => void) => {
    const before = filtersKey(state);
    change();
    if (filtersKey(state) !== before) state.page = 0;
  };
  return {
    search: (text) => {
      state.text = text;
      state.page = 0;
    },
    selectFacet: (field, values) => filtered(() => (state.facets = { ...state.facets, [field]: values.filter((v) => v !== '') })),
    chooseInterval: (interval) => filtered(() => (state.interval = INTERVALS.includes(interval) ? interval : 'all')),
    setPublished: (from, to) =>
      filtered(() => {
        state.publishedFrom = from;
        state.publishedTo = to;
      }),
    setRange: (index, from, to) =>
      filtered(() => {
        const next = [...(state.ranges || [])];
        next[index] = [from, to];
        state.ranges = next;
      }),
    goToPage: (page) => {
      state.page = Math.max(0, Math.floor(page) || 0);
    },
    showTab: (tab) => {
      state.tab = tab;
    },
    restore: (next) => {
      state.text = next.text;
      state.facets = { ...next.facets };
      state.interval = next.interval;
      state.publishedFrom = next.publishedFrom;
      state.publishedTo = next.publishedTo;
      state.ranges = next.ranges ? [...next.ranges] : undefined;
      state.page = next.page;
      state.tab = next.tab;
    },
  };
}
