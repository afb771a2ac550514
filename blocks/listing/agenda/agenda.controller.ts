// The agenda's data: which period the calendar shows, and its events for the current filters. A
// valtio store the views read; no DOM, no Preact. The calendar endpoint is asked again whenever the
// period or the filters change while the tab is shown (and once more when it is shown again after
// a change made meanwhile); a superseded answer is cancelled by the api and never shown.
import { ref } from '../../../runtime/block/store';
import { resultStore, settle, type ResultState } from '../../../runtime/block/result-store';
import type { RequestError } from '../../../runtime/http';
import type { Announce, Words } from '../../../runtime/types';
import { createI18n, type I18n } from '../../../runtime/i18n';
import type { ListingApi } from '../api';
import { calendarUrl } from '../model/endpoints';
import { filtersOf } from '../model/state';
import type { ListingSettings, ListingState } from '../model/types';
import { eventsIn, toAgendaEvents, type AgendaEvent } from './model/events';
import { countMessage } from './model/format';
import { move, periodBounds, periodOf, requestRange, switchView, viewForWidth, type AgendaView, type Period } from './model/period';
import { portalNow } from '../../../runtime/clock';
import type { TabControllerOptions } from '../tab-contract';
import { catalog } from './i18n';

export interface AgendaResults extends ResultState {
  /** What the calendar shows now (it moves at once; its events follow). */
  period: Period;
  /** The period `events` belong to (null before the first answer). */
  loaded: Period | null;
  /** Every event of `loaded`'s visible range, in order (a ref: never proxied, 500 events stay cheap). */
  events: AgendaEvent[];
}

export interface AgendaControllerOptions {
  state: ListingState;
  settings: ListingSettings;
  api: ListingApi;
  i18n: I18n;
  view: AgendaView;
  announce: Announce;
  onResults(count: number): void;
  onError(error: RequestError, what: Words): void;
  now?: () => Date;
}

export function createAgendaController(o: AgendaControllerOptions) {
  const now = o.now || portalNow;
  const fetcher = resultStore(
    { period: periodOf(o.view, now()), loaded: null as Period | null, events: ref([] as AgendaEvent[]) },
    {
      watch: o.state,
      what: { it: 'del calendario', en: 'calendar' },
      onError: o.onError,
      key: () => {
        const [start, end] = requestRange(results.period);
        return calendarUrl(o.settings, filtersOf(o.state), start, end);
      },
      async load(_key, current, results) {
        const period: Period = { ...results.period };
        const [start, end] = requestRange(period);
        results.loading = true;
        const events = toAgendaEvents(await o.api.calendar(filtersOf(o.state), start, end));
        if (!current()) return;
        results.events = ref(events);
        results.loaded = period;
        settle(results);
        const count = eventsIn(events, periodBounds(period)).length;
        const at = now();
        o.announce(() => countMessage(o.i18n, period, count, at));
        o.onResults(count);
      },
      failed(_error, results) {
        results.events = ref([]);
        results.loaded = { ...results.period };
      },
    },
  );
  const { results } = fetcher;

  const show = (period: Period) => {
    results.period = period;
    fetcher.sync();
  };

  return {
    results,
    /** The tab is shown (fetch now if anything changed meanwhile) or hidden (stop fetching). */
    setActive: fetcher.setActive,
    /** Previous (-1) or next (+1) month or day. */
    move: (delta: number) => show(move(results.period, delta)),
    today: () => show(periodOf(results.period.view, now())),
    /** Month or day (the window crossed 768 px). */
    setView: (view: AgendaView) => {
      if (view !== results.period.view) show(switchView(results.period, view, now()));
    },
    retry: fetcher.retry,
    dispose: fetcher.dispose,
  };
}

export type AgendaController = ReturnType<typeof createAgendaController>;

/** The block's (tabs.controller.ts): the agenda's own texts; a month, or a day on a narrow window (the view follows the width after). */
export const createController = (o: TabControllerOptions): AgendaController =>
  createAgendaController({ ...o, i18n: createI18n(catalog, o.settings.locale, o.settings.i18n), view: viewForWidth(window.innerWidth) });
