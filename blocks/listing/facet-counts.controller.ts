// Facet counts for the filter selects, refreshed whenever the effective filters change (whatever
// tab is shown: the filters are shared). No DOM, no Preact.
import { proxy, ref } from '../../runtime/block/store';
import { resource } from '../../runtime/block/resource';
import type { RequestError } from '../../runtime/http';
import type { Words } from '../../runtime/types';
import type { ListingApi } from './api';
import { facetsUrl } from './model/endpoints';
import { facetRequests } from './model/facets';
import type { FacetCount } from './model/response';
import { filtersOf } from './model/state';
import type { ListingSettings, ListingState } from './model/types';
import { portalNow } from '../../runtime/clock';

export interface FacetCounts {
  /** field → counts; null until the first answer. */
  counts: Record<string, FacetCount[]> | null;
  loading: boolean;
  error: RequestError | null;
}

export function createFacetCounts(
  state: ListingState,
  s: ListingSettings,
  api: ListingApi,
  onError: (e: RequestError, what: Words) => void,
  now: () => Date = portalNow,
) {
  const store = proxy<FacetCounts>({ counts: null, loading: false, error: null });
  const fetcher = resource({
    watch: state,
    active: true, // the filters are shared by every tab: counts follow whatever is shown
    key: () => {
      if (!s.facets.length) return null;
      const filters = filtersOf(state);
      const at = now();
      return facetRequests(s, filters)
        .map((r) => facetsUrl(s, filters, at, r.facets, r.exceptFacet))
        .join(' ');
    },
    async load(_key, current) {
      store.loading = true;
      const counts = await api.facetCounts(filtersOf(state));
      if (!current()) return;
      // Replaced whole, never changed in place: as a ref, valtio neither proxies nor snapshots each
      // of the hundreds of counts a facet can have (the topics' asks for up to 1000).
      store.counts = ref(counts);
      store.error = null;
      store.loading = false;
    },
    failed(error) {
      store.error = error;
      store.loading = false;
      onError(error, { it: 'delle faccette', en: 'facets' });
    },
  });
  return { store, retry: fetcher.retry, dispose: fetcher.dispose };
}
