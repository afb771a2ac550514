// The tabs' results controllers, owned by the block: created in mount (the list's at once, a lazy
// tab's when its results chunk arrives: at mount for the first tab, when its tab is pointed at,
// focused or shown otherwise), switched on and off as the tab state changes, disposed by the
// block's cleanup. Views only read them. Switching happens in the state's own change
// notification, before any controller's: a filter changed in the same step as the tab is never
// fetched for the tab being left. A lazy tab's code is fetched before it is needed: when its tab is
// pointed at or focused, and in idle time after the first results (issue 18), never on a page
// whose block does not show that tab.
import { proxy, subscribe } from 'valtio/vanilla';
import { createListController } from './list-results';
import type { TabId } from './model/types';
import { loadTab, type TabController, type TabControllerOptions } from './tabs';
import { lazyModules } from '../../runtime/lazy';

/**
 * Tabs whose view is worth mounting, hidden, as soon as its code is in: the map (creating an
 * OpenLayers map is most of the time from a click to the first places drawn; hidden, it has no
 * size, so it draws and asks for nothing until shown). Not the agenda: its calendar lays itself
 * out when created, and a hidden panel has no box.
 */
const STAGED: readonly TabId[] = ['geo'];

export function createTabResults(o: TabControllerOptions, tabs: readonly TabId[]) {
  const { state } = o;
  /** The lazy tabs mounted ahead of being shown (read by the view). */
  const staging = proxy<{ tabs: TabId[] }>({ tabs: [] });
  const ready = new Map<TabId, TabController>();
  let disposed = false;

  const follow = () => ready.forEach((c, tab) => c.setActive(state.tab === tab));
  const unsubscribe = subscribe(state, follow); // first: before any controller subscribes

  const adopt = (tab: TabId, c: TabController) => {
    if (disposed) c.dispose();
    else {
      ready.set(tab, c);
      c.setActive(state.tab === tab);
    }
    return c;
  };
  const list = tabs.includes('list') ? adopt('list', createListController(o)) : null;

  /** The tab's controller, created once (a failed download of its chunk is tried again next time). */
  const get = lazyModules((tab): Promise<TabController> => (tab === 'list' && list
    ? Promise.resolve(list)
    : loadTab(tab as Exclude<TabId, 'list'>, 'results').then((m) => adopt(tab as TabId, m.createController(o)))));

  /** Both chunks of a lazy tab, its controller created (so a click sends its request at once). A failed download is forgotten: the click retries. */
  function prefetch(tab: TabId) {
    if (tab === 'list' || disposed) return;
    Promise.all([get(tab), loadTab(tab as Exclude<TabId, 'list'>)]).then(() => {
      if (!disposed && STAGED.includes(tab) && !staging.tabs.includes(tab)) staging.tabs = [...staging.tabs, tab];
    }, () => {});
  }

  let idleAsked = false;
  /** The other tabs' code in the page's idle time (once), unless the visitor's browser asks to save data. */
  function prefetchWhenIdle() {
    if (idleAsked) return;
    idleAsked = true;
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    if (connection?.saveData || /2g$/.test(connection?.effectiveType || '')) return;
    const run = () => tabs.forEach(prefetch);
    // (no requestIdleCallback in Safari: a short delay lets the first results paint first)
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 300);
  }

  return {
    get,
    prefetch,
    staging,
    prefetchWhenIdle,
    /** The controller if it is there already (the list's always is: it is bundled with the block). */
    now: (tab: TabId) => ready.get(tab),
    dispose() {
      disposed = true;
      unsubscribe();
      ready.forEach((c) => c.dispose());
      ready.clear();
    },
  };
}

export type TabResults = ReturnType<typeof createTabResults>;
