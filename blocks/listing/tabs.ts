// The listing's tabs: a tiny registry of lazily loaded tab views that share one filter state. What
// a tab is given and gives back is the contract of tab-contract.ts (types only: no import circle).
//
// ─── How a tab plugs in (issues 5 "geo" and 6 "agenda") ─────────────────────────────────────────
// 1. Write the tab's results controller, `blocks/listing/geo/geo.controller.ts` (no DOM, no Preact), exporting
//      export function createController(o: TabControllerOptions): TabController
//    a valtio store of its results fetched with runtime/block/resource.ts for the shared filter
//    state (`o.state`), only while active, calling `o.onResults(total)` and `o.announce(text)` after
//    each result change and `o.onError` on a RequestError. The block creates it (tabs.controller.ts),
//    switches it on and off with the tab, and disposes it: a view never creates one.
// 2. Write the view, `blocks/listing/geo/index.tsx`, exporting
//      export function TabView(props: TabViewProps): JSX.Element
//    reading `useStore(props.state)` (the filters) and `useStore(controller.results)` where
//    controller = props.controller (its own type), rendering <ErrorNotice> with controller.retry.
// 3. Add ONE entry to LAZY_TABS below:
//      geo: { view: lazyModule(() => import('./geo/index')), results: lazyModule(() => import('./geo/geo.controller')) },
//    Each import() is a lazy chunk: the results (small) start when the tab is pointed at, focused
//    or shown, so its request leaves at the click, in parallel with the view's chunk (the map's is
//    360 kB). The tab bar, its ids (`{blockId}-geo` for the panel,
//    `{blockId}-geo-tab` for the tab), labels (i18n `tab.geo`, `tab.agenda`), keyboard handling,
//    URL state (`{blockId}.tab=geo`), and "date filters hidden on the agenda" are already done.
// 4. Config keys the tab needs go into schemas/listing.schema.json (additive), then `npm run gen`.
// Until a tab is registered, a config naming it simply does not show it (ctx.log warns the
// admin): a tab must not exist rather than be empty.
// ──────────────────────────────────────────────────────────────────────────────────────────────────
import { lazyModule } from '../../runtime/lazy';
import type { TabId } from './model/types';
import type { ResultsModule, TabModule } from './tab-contract';

export type { ResultsModule, TabController, TabControllerOptions, TabModule, TabViewProps } from './tab-contract';

/**
 * Lazy tabs: id → its module, a chunk of its own. The list tab is not here: it is always bundled
 * with the block (views/ListTab.tsx, same TabViewProps), so a list-only page loads nothing more.
 */
const LAZY_TABS: Partial<Record<Exclude<TabId, 'list'>, { view: () => Promise<TabModule>; results: () => Promise<ResultsModule> }>> = {
  geo: { view: lazyModule(() => import('./geo/index')), results: lazyModule(() => import('./geo/geo.controller')) },
  agenda: { view: lazyModule(() => import('./agenda/index')), results: lazyModule(() => import('./agenda/agenda.controller')) },
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
