// The table's controller, created in mount: the visitor's state (a valtio store) ⇄ the URL, one
// draw per request (stale answers dropped, retry), a page past the end corrected, and the polite
// result-count message. Everything it decides comes from the pure model; views read the store
// with useStore and call navigate / retry. No DOM, no Preact.
import { resource } from '../../runtime/block/resource';
import { proxy, ref, snapshot } from '../../runtime/block/store';
import { urlState } from '../../runtime/block/url-state';
import { RequestError } from '../../runtime/http';
import { ezLocale, type I18n } from '../../runtime/i18n';
import type { AdminLog } from '../../runtime/log';
import type { Announce } from '../../runtime/types';
import type { TableApi } from './api';
import { drawParams, isCurrentDraw, misalignment, nextDraw, type DrawRequest } from './model/draw';
import { buildQuery } from './model/query';
import { sameState, sanitize, withPage, type StateRules } from './model/state';
import type { ColumnSpec, DrawResult, FacetSpec, TableState } from './model/types';
import { readSearch, writeSearch, type UrlKeys } from './model/url';

export interface TableSetup {
  blockId: string;
  /** The block's admin logger (ctx.log). */
  log: AdminLog;
  api: TableApi;
  i18n: I18n;
  columns: ColumnSpec[];
  facets: FacetSpec[];
  rules: StateRules;
  baseQuery: string;
  linkTemplate: string;
  /** null: the URL is left alone. */
  urlKeys: UrlKeys | null;
  announce: Announce;
}

export type LoadError = 'ajax' | 'invalidJson';

/** The last answer with the state it answers (the info line must not mix old rows and a new page). */
export interface Shown {
  result: DrawResult;
  state: TableState;
}

export interface TableStore {
  /** The visitor's choices (in the URL when urlKeys is set). */
  state: TableState;
  shown: Shown | null;
  loading: boolean;
  error: LoadError | null;
}

/** The request of a state (also what the CSV export pages through, with its own start/length). */
export function requestFor(
  setup: Pick<TableSetup, 'columns' | 'facets' | 'baseQuery' | 'i18n'>,
  state: TableState,
  draw: number,
): DrawRequest {
  return {
    draw,
    columns: setup.columns,
    state,
    start: state.page * state.pageSize,
    length: state.pageSize,
    query: buildQuery(setup.baseQuery, setup.facets, state.filters),
    ezLang: ezLocale(setup.i18n.lang),
  };
}

/** What a request asks the server, its draw counter and cache buster aside: one draw per key. */
export const requestKey = (r: DrawRequest): string =>
  drawParams({ ...r, draw: 0, nonce: undefined }).toString() + '&q=' + encodeURIComponent(r.query);

export function createTable(setup: TableSetup) {
  const { api, rules, urlKeys: keys, i18n } = setup;
  const { log } = setup;
  const fromUrl = (search: string) => (keys ? sanitize(readSearch(search, rules.defaults, keys), rules) : rules.defaults);
  // A copy: valtio makes the object it is given the store (the defaults must stay as they are).
  const store = proxy<TableStore>({
    state: { ...(keys ? fromUrl(location.search) : rules.defaults) },
    shown: null,
    loading: true,
    error: null,
  });
  const current = () => snapshot(store.state) as TableState;
  /**
   * Puts a (sanitized) state into the store, field by field: store.state stays the same proxy
   * (urlState and the resource watch it), its sort and filters are replaced, never changed.
   */
  const put = (next: TableState) => Object.assign(store.state, next);

  const url = keys
    ? urlState<TableState>({
        state: store.state,
        encode: (s, search) => writeSearch(search, s, rules.defaults, keys),
        decode: fromUrl,
        restore: put,
      })
    : null;

  /** A visitor's action: a new state and, when it differs, a new history entry (or the current one replaced). */
  function navigate(next: TableState, how: 'push' | 'replace' = 'push') {
    const clean = sanitize(next, rules);
    if (sameState(clean, current())) return;
    if (how === 'replace') url?.replaceNext();
    put(clean);
  }

  let draw = 0;

  async function load(_key: string, isCurrent: () => boolean) {
    const state = current();
    const sent = (draw = nextDraw(draw));
    store.loading = true;
    const r = await api.draw(requestFor(setup, state, sent));
    if (!isCurrent()) return;
    if (!isCurrentDraw(sent, r.draw)) {
      log.warn({
        it: 'ignorata la risposta a un draw precedente (' + r.draw + ', attuale ' + sent + ')',
        en: 'ignored the answer to an older draw (' + r.draw + ', current ' + sent + ')',
      });
      return;
    }
    // A page past the end (a stale link, rows deleted since): show the last page instead.
    if (!r.data.length && state.page > 0 && r.recordsFiltered > 0) {
      navigate(withPage(state, Math.ceil(r.recordsFiltered / state.pageSize) - 1), 'replace');
      return;
    }
    const bad = misalignment(r.data, setup.columns, i18n.lang);
    if (bad) {
      const row = state.page * state.pageSize + bad.row + 1;
      const fields = bad.fields.join(', ');
      log.warn({
        it: 'possibile disallineamento delle colonne: la riga ' + row + ' non ha il campo ' + fields,
        en: 'Possible column misalignment: row ' + row + ' has no field ' + fields,
      });
    }
    // The answer is replaced whole, never changed: kept as it is, not made reactive row by row.
    store.shown = ref({ result: r, state });
    store.error = null;
    store.loading = false;
    setup.announce(() => i18n.plural('results', r.recordsFiltered));
  }

  const draws = resource({
    watch: store.state,
    active: true,
    key: () => requestKey(requestFor(setup, current(), 0)),
    load,
    failed(e) {
      const error = e instanceof RequestError ? e : new RequestError(0, String((e as Error)?.message ?? e), 'network');
      const kind: LoadError = error.kind === 'invalid-json' || error.kind === 'empty' ? 'invalidJson' : 'ajax';
      log.request(error, { it: 'della ricerca', en: 'search' });
      store.error = kind;
      store.loading = false;
    },
    cancel: api.cancel,
  });

  return {
    store,
    navigate,
    /** The link to a state (for real <a href> on the pages); '#' when the URL is left alone. */
    hrefFor: (next: TableState) => (url ? url.hrefFor(next) : '#'),
    retry: draws.retry,
    dispose() {
      url?.dispose();
      draws.dispose();
    },
  };
}

export type Table = ReturnType<typeof createTable>;
