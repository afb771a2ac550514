// Facet counts for the filter selects, refreshed whenever the effective filters change (whatever
// tab is shown: the filters are shared). No DOM, no Preact.
import { proxy, subscribe } from 'valtio/vanilla';
import { isCancelled, type RequestError } from '../../runtime/http';
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

export function createFacetCounts(state: ListingState, s: ListingSettings, api: ListingApi, onError: (e: RequestError, what: string) => void, now: () => Date = portalNow) {
  const store = proxy<FacetCounts>({ counts: null, loading: false, error: null });
  let wanted = '';
  async function sync(force = false) {
    if (!s.facets.length) return;
    const filters = filtersOf(state);
    const at = now();
    const key = facetRequests(s, filters).map((r) => facetsUrl(s, filters, at, r.facets, r.exceptFacet)).join(' ');
    if (key === wanted && !force) return;
    wanted = key;
    store.loading = true;
    try {
      store.counts = await api.facetCounts(filters);
      store.error = null;
      store.loading = false;
    } catch (e) {
      if (isCancelled(e)) return;
      wanted = '';
      store.error = e as RequestError;
      store.loading = false;
      onError(e as RequestError, 'facets');
    }
  }
  const unsubscribe = subscribe(state, () => void sync());
  void sync();
  return { store, retry: () => void sync(true), dispose: unsubscribe };
}
