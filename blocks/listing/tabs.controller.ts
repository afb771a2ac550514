// The tabs' results controllers, owned by the block: created in mount (the list's at once, a lazy
// tab's when its results chunk arrives: at mount for the first tab, on intent or when shown
// otherwise), switched on and off as the tab state changes, disposed by the block's cleanup. Views
// only read them. Switching happens in the state's own change notification, before any
// controller's: a filter changed in the same step as the tab is never fetched for the tab being
// left. A lazy tab's code comes only on the visitor's intent (issue 31): a pointer over its tab
// (a touch's too), focus on it, or a link to its panel; with Save-Data (or on 2G), only a press on
// it. A visitor who never opens the map or the agenda never downloads them.
import { proxy, subscribe } from '../../runtime/block/store';
import { createListController } from './list.controller';
import type { TabId } from './model/types';
import { loadTab, type TabController, type TabControllerOptions } from './tabs';
import { lazyModules } from '../../runtime/lazy';

/**
 * Tabs whose view is worth mounting ahead of being shown, as soon as its code is in: the map
 * (creating an OpenLayers map is most of the time from a click to the first places drawn; hidden,
 * it has no size, so it draws and asks for nothing until shown) and the agenda (its calendar is
 * made out of sight: making Toast UI's month is most of the time from a click to the first event).
 */
const STAGED: readonly TabId[] = ['geo', 'agenda'];

/** Staged tabs whose view needs a box to be made (a calendar lays itself out when created): laid out out of sight, not hidden. */
export const LAID_OUT: readonly TabId[] = ['agenda'];

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
  const get = lazyModules(
    (tab): Promise<TabController> =>
      tab === 'list' && list
        ? Promise.resolve(list)
        : loadTab(tab as Exclude<TabId, 'list'>, 'results').then((m) => adopt(tab as TabId, m.createController(o))),
  );

  /** Both chunks of a lazy tab, its controller created (so a click sends its request at once). A failed download is forgotten: the click retries. */
  function prefetch(tab: TabId) {
    if (tab === 'list' || disposed) return;
    Promise.all([get(tab), loadTab(tab as Exclude<TabId, 'list'>)]).then(
      () => {
        if (!disposed && STAGED.includes(tab) && !staging.tabs.includes(tab)) staging.tabs = [...staging.tabs, tab];
      },
      () => {},
    );
  }

  /**
   * The visitor is about to open `tab` (`press`: a pointer pressed on it, not only over it): its
   * code now, so that the click sends the tab's request at once. A browser that asks to save data
   * fetches only on a press: a pointer passing over a tab costs it nothing.
   */
  function intent(tab: TabId, press = false) {
    if (!press && savingData()) return;
    prefetch(tab);
  }

  return {
    get,
    intent,
    staging,
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

/** The visitor's browser asks to save data (a phone's data saver), or the connection is 2G. */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!connection?.saveData || /2g$/.test(connection?.effectiveType || '');
}
