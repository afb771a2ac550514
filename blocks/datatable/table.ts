// The table's controller, created in mount: the visitor's state (a valtio store) ⇄ the URL, one
// draw per request (stale answers dropped, retry), a page past the end corrected, and the polite
// result-count message. Everything it decides comes from the pure model; views read the store
// with useStore and call navigate / retry. No DOM, no Preact.
import { ref } from 'valtio/vanilla';
import { resource } from '../../runtime/block/resource';
import { proxy, snapshot } from '../../runtime/block/store';
import { urlState } from '../../runtime/block/url-state';
import { RequestError } from '../../runtime/http';
import { ezLocale, type I18n } from '../../runtime/i18n';
import type { TableApi } from './api';
import { linkFor, renderField, type Cell, type CellOptions } from './model/cells';
import { fieldValue } from './model/columns';
import { drawParams, isCurrentDraw, misalignment, nextDraw, type DrawRequest } from './model/draw';
import { buildQuery } from './model/query';
import { sameState, sanitize, withPage, type StateRules } from './model/state';
import type { ColumnSpec, DrawResult, FacetSpec, Hit, TableState } from './model/types';
import { readSearch, writeSearch, type UrlKeys } from './model/url';

export interface TableSetup {
  blockId: string;
  api: TableApi;
  i18n: I18n;
  columns: ColumnSpec[];
  facets: FacetSpec[];
  rules: StateRules;
  baseQuery: string;
  linkTemplate: string;
  /** null: the URL is left alone. */
  urlKeys: UrlKeys | null;
  announce(text: string): void;
}

/** A hit with its cells worked out once, for the grid, the cards and the link column alike. */
export interface ViewRow {
  key: string;
  hit: Hit;
  cells: Cell[];
  link: string | null;
}

export type LoadError = 'ajax' | 'invalidJson';

/** The last answer with the state it answers (the info line must not mix old rows and a new page). */
export interface Shown {
  result: DrawResult;
  state: TableState;
  rows: ViewRow[];
}

export interface TableStore {
  /** The visitor's choices (in the URL when urlKeys is set). */
  state: TableState;
  shown: Shown | null;
  loading: boolean;
  error: LoadError | null;
}

export function cellOptions(i18n: I18n): CellOptions {
  return { lang: i18n.lang, locale: i18n.locale, yes: i18n.t('cell.yes'), no: i18n.t('cell.no') };
}

export function viewRows(hits: readonly Hit[], columns: readonly ColumnSpec[], o: CellOptions, linkTemplate: string, offset: number): ViewRow[] {
  const needsLink = columns.some((c) => c.link);
  return hits.map((hit, i) => ({
    // A content can come twice (one per assigned node): the position keeps keys unique.
    key: String(hit.metadata?.id ?? '') + '@' + (offset + i),
    hit,
    cells: columns.map((c) => renderField(c.type, fieldValue(hit, c.field, o.lang), { ...o, dataType: c.dataType })),
    link: needsLink ? linkFor(linkTemplate, hit) : null,
  }));
}

/** The request of a state (also what the CSV export pages through, with its own start/length). */
export function requestFor(setup: Pick<TableSetup, 'columns' | 'facets' | 'baseQuery' | 'i18n'>, state: TableState, draw: number): DrawRequest {
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
export const requestKey = (r: DrawRequest): string => drawParams({ ...r, draw: 0, nonce: undefined }).toString() + '&q=' + encodeURIComponent(r.query);

/** The kind of error the visitor is shown, from any failure of a draw. */
export function loadError(e: unknown): { kind: LoadError; error: RequestError } {
  const error = e instanceof RequestError ? e : new RequestError(0, String((e as Error)?.message ?? e), 'network');
  return { kind: error.kind === 'invalid-json' || error.kind === 'empty' ? 'invalidJson' : 'ajax', error };
}

const plain = (s: TableState): TableState => ({ ...s, sort: s.sort && { ...s.sort }, filters: Object.fromEntries(Object.entries(s.filters).map(([k, v]) => [k, [...v]])) });

export function createTable(setup: TableSetup) {
  const { api, rules, urlKeys: keys, i18n } = setup;
  const log = '[piazza] datatable "' + setup.blockId + '": ';
  const fromUrl = (search: string) => (keys ? sanitize(readSearch(search, rules.defaults, keys), rules) : rules.defaults);
  const store = proxy<TableStore>({ state: plain(keys ? fromUrl(location.search) : rules.defaults), shown: null, loading: true, error: null });
  const current = () => plain(snapshot(store.state) as TableState);
  /** Puts a state into the store; store.state stays the same proxy (urlState and the resource watch it). */
  const put = (next: TableState) => Object.assign(store.state, plain(next));

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
  const o = cellOptions(i18n);

  async function load(_key: string, isCurrent: () => boolean) {
    const state = current();
    const sent = (draw = nextDraw(draw));
    store.loading = true;
    const r = await api.draw(requestFor(setup, state, sent));
    if (!isCurrent()) return;
    if (!isCurrentDraw(sent, r.draw)) {
      console.warn(log + 'ignored the answer to an older draw (' + r.draw + ', current ' + sent + ')');
      return;
    }
    // A page past the end (a stale link, rows deleted since): show the last page instead.
    if (!r.data.length && state.page > 0 && r.recordsFiltered > 0) {
      navigate(withPage(state, Math.ceil(r.recordsFiltered / state.pageSize) - 1), 'replace');
      return;
    }
    const bad = misalignment(r.data, setup.columns, i18n.lang);
    if (bad) console.warn(log + 'Possible column misalignment: row ' + (state.page * state.pageSize + bad.row + 1) + ' has no field ' + bad.fields.join(', '));
    // The answer is replaced whole, never changed: kept as it is, not made reactive row by row.
    store.shown = ref({ result: r, state, rows: viewRows(r.data, setup.columns, o, setup.linkTemplate, state.page * state.pageSize) });
    store.error = null;
    store.loading = false;
    setup.announce(i18n.plural('results', r.recordsFiltered));
  }

  const draws = resource({
    watch: store.state,
    active: true,
    key: () => requestKey(requestFor(setup, current(), 0)),
    load,
    failed(e) {
      const { kind, error } = loadError(e);
      console.error(log + (kind === 'invalidJson' ? 'Invalid JSON response' : 'Ajax error') + ' (status ' + error.status + ': ' + error.message + ')' + (error.url ? ' ' + error.url : ''));
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
