// The contract between the listing and its tabs (how a tab plugs in: tabs.ts): what a tab's view
// and its results controller are given and must give back. Types only, in a file of their own, so
// that a tab imports the contract and tabs.ts imports the tabs, with no circle between them.
import type { ComponentType } from 'preact';
import type { I18n } from '../../runtime/i18n';
import type { Announce, BlockContext, Words } from '../../runtime/types';
import type { RequestError } from '../../runtime/http';
import type { ListingApi } from './api';
import type { ListingActions } from './model/state';
import type { ListControllerOptions } from './list.controller';
import type { ListingSettings, ListingState } from './model/types';

export interface TabViewProps {
  /** The block's filter state (a valtio proxy shared by every tab): `useStore(state)` (runtime/block/store.ts) to read. */
  state: ListingState;
  /** The only way to change the state (every filter change resets the page to 0). */
  actions: ListingActions;
  /** The validated config with defaults applied (source, query, facets, templates, locale…). */
  settings: ListingSettings;
  /** The block's texts (it/en/de + the admin's `i18n` overrides). */
  i18n: I18n;
  /** Requests: search(), facetCounts(), calendar() (the map pages through its own geo search, geo/geo.controller.ts); a newer call of the same kind cancels the older one. */
  api: ListingApi;
  ctx: BlockContext;
  /** true while this tab is shown (its controller fetches only then: the block switches it). */
  active: boolean;
  /** Laid out out of sight ahead of its first showing (tabs.controller.ts LAID_OUT): a view may make what takes time now. */
  staged?: boolean;
  /** The tab's results controller, created by the block (tabs.controller.ts); each view knows its own type. */
  controller: TabController;
  /** id of the tab's panel element (`{blockId}-{tab}`), e.g. to prefix ids inside it. */
  panelId: string;
  /** One polite live-region message per result change ("12 luoghi sulla mappa"). */
  announce: Announce;
  /** Report a result count: a `hideIfEmpty` block is revealed by the first count > 0. */
  onResults(totalCount: number): void;
  /** Log a failed request for admins (block id, status, message, URL). The visitor sees your <ErrorNotice>. */
  onError(error: RequestError, what: Words): void;
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
