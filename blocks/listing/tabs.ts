// The listing's tabs: a tiny registry of lazily loaded tab views that share one filter state.
//
// ─── How a tab plugs in (issues 5 "geo" and 6 "agenda") ─────────────────────────────────────────
// 1. Write the tab's results controller, `blocks/listing/geo/results.ts` (no DOM, no Preact), exporting
//      export function createController(o: TabControllerOptions): TabController
//    a valtio store of its results fetched with runtime/block/resource.ts for the shared filter
//    state (`o.state`), only while active, calling `o.onResults(total)` and `o.announce(text)` after
//    each result change and `o.onError` on a RequestError. The block creates it (tab-results.ts),
//    switches it on and off with the tab, and disposes it: a view never creates one.
// 2. Write the view, `blocks/listing/geo/index.tsx`, exporting
//      export function TabView(props: TabViewProps): JSX.Element
//    reading `useStore(props.state)` (the filters) and `useStore(controller.results)` where
//    controller = props.controller (its own type), rendering <ErrorNotice> with controller.retry.
// 3. Add ONE entry to LAZY_TABS below:
//      geo: { view: lazyModule(() => import('./geo/index')), results: lazyModule(() => import('./geo/results')) },
//    Each import() is a lazy chunk: the results (small) start when the tab is pointed at, focused
//    or shown, so its request leaves at the click, in parallel with the view's chunk (the map's is
//    360 kB). The tab bar, its ids (`{blockId}-geo` for the panel,
//    `{blockId}-geo-tab` for the tab), labels (i18n `tab.geo`, `tab.agenda`), keyboard handling,
//    URL state (`{blockId}.tab=geo`), and "date filters hidden on the agenda" are already done.
// 4. Config keys the tab needs go into schemas/listing.schema.json (additive), then `npm run gen`.
// Until a tab is registered, a config naming it simply does not show it (a console.warn tells the
// admin): a tab must not exist rather than be empty.
// ──────────────────────────────────────────────────────────────────────────────────────────────────
import type { ComponentType } from 'preact';
import type { I18n } from '../../runtime/i18n';
import type { BlockContext } from '../../runtime/types';
import type { RequestError } from '../../runtime/http';
import type { ListingApi } from './api';
import type { ListingActions } from './model/state';
import type { ListControllerOptions } from './list-results';
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
  /** true while this tab is shown (its controller fetches only then: the block switches it). */
  active: boolean;
  /** Laid out out of sight ahead of its first showing (tab-results.ts LAID_OUT): a view may make what takes time now. */
  staged?: boolean;
  /** The tab's results controller, created by the block (tab-results.ts); each view knows its own type. */
  controller: TabController;
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

/** What the block does with a tab's results controller (the view reads the rest of it). */
export interface TabController {
  /** The tab is shown (fetch now if the filters changed meanwhile) or hidden (stop fetching). */
  setActive(active: boolean): void;
  retry(): void;
  dispose(): void;
}

/** What a tab's controller may use: the block's state, settings, api, texts and reporting. */
export type TabControllerOptions = ListControllerOptions & { ctx: BlockContext };

export interface ResultsModule {
  createController(o: TabControllerOptions): TabController;
}

/**
 * Lazy tabs: id → its module, a chunk of its own. The list tab is not here: it is always bundled
 * with the block (views/ListTab.tsx, same TabViewProps), so a list-only page loads nothing more.
 */
const LAZY_TABS: Partial<Record<Exclude<TabId, 'list'>, { view: () => Promise<TabModule>; results: () => Promise<ResultsModule> }>> = {
  geo: { view: lazyModule(() => import('./geo/index')), results: lazyModule(() => import('./geo/results')) },
  agenda: { view: lazyModule(() => import('./agenda/index')), results: lazyModule(() => import('./agenda/results')) },
};

export const isRegistered = (tab: TabId) => tab === 'list' || !!LAZY_TABS[tab];

/** The configured tabs that exist, in config order. */
export const availableTabs = (configured: readonly TabId[]) => configured.filter(isRegistered);

/** A lazy tab's view or results module (cached; a failed download may be retried). */
export function loadTab(tab: Exclude<TabId, 'list'>): Promise<TabModule>;
export function loadTab(tab: Exclude<TabId, 'list'>, part: 'results'): Promise<ResultsModule>;
export function loadTab(tab: Exclude<TabId, 'list'>, part: 'view' | 'results' = 'view'): Promise<TabModule | ResultsModule> {
  const lazy = LAZY_TABS[tab];
  return lazy ? lazy[part]() : Promise.reject(new Error('tab "' + tab + '" is not available'));
}
