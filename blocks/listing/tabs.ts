// The listing's tabs: a tiny registry of lazily loaded tab views that share one filter state.
//
// ─── How a tab plugs in (issues 5 "geo" and 6 "agenda") ─────────────────────────────────────────
// 1. Write `blocks/listing/geo/index.tsx` (or `blocks/listing/agenda/index.tsx`) exporting
//      export function TabView(props: TabViewProps): JSX.Element
//    (see TabViewProps below: read the filters with `useStore(props.state)` (runtime/block/store.ts),
//    fetch with `props.api.calendar(filtersOf(snap), start, end)` (the geo tab reads its pages with geo/results.ts)
//    (model/state.ts, api.ts) only while `props.active`, call `props.onResults(total)` and `props.announce(text)` after each result
//    change, and on a RequestError render <ErrorNotice> with a retry and call `props.onError`).
// 2. Add ONE line to LAZY_TABS below:
//      geo: () => import('./geo/index'),
//      agenda: () => import('./agenda/index'),
//    The import() makes the tab its own lazy chunk, loaded the first time the tab is shown (or at
//    mount when it is the first tab). The tab bar, its ids (`{blockId}-geo` for the panel,
//    `{blockId}-geo-tab` for the tab), labels (i18n `tab.geo`, `tab.agenda`), keyboard handling,
//    URL state (`{blockId}.tab=geo`), and "date filters hidden on the agenda" are already done.
// 3. Config keys the tab needs go into schemas/listing.schema.json (additive), then `npm run gen`.
// Until a tab is registered, a config naming it simply does not show it (a console.warn tells the
// admin): a tab must not exist rather than be empty.
// ──────────────────────────────────────────────────────────────────────────────────────────────────
import type { ComponentType } from 'preact';
import type { I18n } from '../../runtime/i18n';
import type { BlockContext } from '../../runtime/types';
import type { RequestError } from '../../runtime/http';
import type { ListingApi } from './api';
import type { ListingActions } from './model/state';
import type { ListingSettings, ListingState, TabId } from './model/types';
import { lazyModule } from '../../runtime/lazy';

export interface TabViewProps {
  /** The block's filter state (a valtio proxy shared by every tab): `useStore(state)` (runtime/block/store.ts) to read. */
  state: ListingState;
  /** The only way to change the state (every filter change resets the page to 0). */
  actions: ListingActions;
  /** The validated config with defaults applied (source, query, facets, templates, locale…). */
  settings: ListingSettings;
  /** The block's texts (it/en/de + the admin's `i18n` overrides). */
  i18n: I18n;
  /** Requests: search(), facetCounts(), calendar() (the map pages through its own geo search, geo/results.ts); a newer call of the same kind cancels the older one. */
  api: ListingApi;
  ctx: BlockContext;
  /** true while this tab is shown: fetch only then (and again when the filters changed meanwhile). */
  active: boolean;
  /** id of the tab's panel element (`{blockId}-{tab}`), e.g. to prefix ids inside it. */
  panelId: string;
  /** One polite live-region message per result change ("12 luoghi sulla mappa"). */
  announce(text: string): void;
  /** Report a result count: a `hideIfEmpty` block is revealed by the first count > 0. */
  onResults(totalCount: number): void;
  /** Log a failed request for admins (block id, status, message, URL). The visitor sees your <ErrorNotice>. */
  onError(error: RequestError, what: string): void;
  /** The page URL of the state with `change` applied: real links (open in a new tab, share). */
  hrefFor(change: Partial<ListingState>): string;
  /** The next state change replaces the current history entry instead of adding one. */
  replaceHistory(): void;
}

export interface TabModule {
  TabView: ComponentType<TabViewProps>;
}

/**
 * Lazy tabs: id → its module, a chunk of its own. The list tab is not here: it is always bundled
 * with the block (views/ListTab.tsx, same TabViewProps), so a list-only page loads nothing more.
 */
const LAZY_TABS: Partial<Record<Exclude<TabId, 'list'>, () => Promise<TabModule>>> = {
  geo: lazyModule(() => import('./geo/index')),
  agenda: lazyModule(() => import('./agenda/index')),
};

export const isRegistered = (tab: TabId) => tab === 'list' || !!LAZY_TABS[tab];

/** The configured tabs that exist, in config order. */
export const availableTabs = (configured: readonly TabId[]) => configured.filter(isRegistered);

/** A lazy tab's module (cached; a failed download may be retried). */
export function loadTab(tab: Exclude<TabId, 'list'>): Promise<TabModule> {
  const load = LAZY_TABS[tab];
  return load ? load() : Promise.reject(new Error('tab "' + tab + '" is not available'));
}
