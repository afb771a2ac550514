// The tabs' results controllers, owned by the block: created in mount (the list's at once, a lazy
// tab's when its results chunk arrives: at mount for the first tab, when its tab is pointed at,
// focused or shown otherwise), switched on and off as the tab state changes, disposed by the
// block's cleanup. Views only read them. Switching happens in the state's own change
// notification, before any controller's: a filter changed in the same step as the tab is never
// fetched for the tab being left.
import { subscribe } from 'valtio/vanilla';
import { createListController } from './list-results';
import type { TabId } from './model/types';
import { loadTab, type TabController, type TabControllerOptions } from './tabs';

export function createTabResults(o: TabControllerOptions, tabs: readonly TabId[]) {
  const { state } = o;
  const ready = new Map<TabId, TabController>();
  const made = new Map<TabId, Promise<TabController>>();
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
  if (tabs.includes('list')) made.set('list', Promise.resolve(adopt('list', createListController(o))));

  /** The tab's controller, created once (a failed download of its chunk is tried again next time). */
  function get(tab: TabId): Promise<TabController> {
    let p = made.get(tab);
    if (!p) {
      p = loadTab(tab as Exclude<TabId, 'list'>, 'results').then((m) => adopt(tab, m.createController(o)));
      p.catch(() => made.delete(tab));
      made.set(tab, p);
    }
    return p;
  }

  return {
    get,
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
