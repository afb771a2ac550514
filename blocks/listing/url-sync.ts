// Keeps the block's state and the page URL in step: a filter, page or tab change adds a history
// entry (Back undoes it); Back/Forward and a shared link restore the state. "Load more" and
// corrections replace the entry instead of adding one.
import { snapshot, subscribe } from 'valtio/vanilla';
import { decodeState, encodeState } from './model/url';
import { filtersKey, type ListingActions } from './model/state';
import type { ListingSettings, ListingState, TabId } from './model/types';

export function syncUrl(s: ListingSettings, state: ListingState, actions: ListingActions, tabs: readonly TabId[]) {
  let replaceNext = false;
  let lastPage = state.page;
  let lastKey = filtersKey(state);
  let lastTab = state.tab;

  const write = () => {
    const snap = snapshot(state) as ListingState;
    const search = encodeState(s, snap, location.search, tabs);
    // Paging in append style ("load more") is not a place to go Back to.
    const onlyAppend = s.paging === 'append' && snap.page > lastPage && filtersKey(snap) === lastKey && snap.tab === lastTab;
    lastPage = snap.page;
    lastKey = filtersKey(snap);
    lastTab = snap.tab;
    const replace = replaceNext || onlyAppend;
    replaceNext = false;
    if (search === location.search) return;
    const url = location.pathname + search + location.hash;
    if (replace) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
  };

  const onPop = () => {
    const next = decodeState(s, location.search, tabs);
    if (encodeState(s, next, '', tabs) === encodeState(s, snapshot(state) as ListingState, '', tabs)) return;
    replaceNext = true; // the URL is now the state's: never push an entry for a restore
    actions.restore(next);
  };

  const unsubscribe = subscribe(state, write);
  window.addEventListener('popstate', onPop);
  return {
    /** The next change replaces the current history entry. */
    replaceNext: () => { replaceNext = true; },
    dispose() {
      unsubscribe();
      window.removeEventListener('popstate', onPop);
    },
  };
}
