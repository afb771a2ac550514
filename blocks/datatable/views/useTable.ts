// The table's controller: state ⇄ URL, one draw per state (stale answers dropped), retry, and the
// polite result-count message. Everything it decides comes from the pure model.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { isCancelled, RequestError } from '../../../runtime/http';
import { ezLocale, type I18n } from '../../../runtime/i18n';
import type { TableApi } from '../api';
import { renderField, linkFor, type Cell, type CellOptions } from '../model/cells';
import { fieldValue } from '../model/columns';
import { isCurrentDraw, misalignment, nextDraw, type DrawRequest } from '../model/draw';
import { buildQuery } from '../model/query';
import { sameState, sanitize, withPage, type StateRules } from '../model/state';
import type { ColumnSpec, DrawResult, FacetSpec, Hit, TableState } from '../model/types';
import { readSearch, writeSearch, type UrlKeys } from '../model/url';

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

const log = (blockId: string) => '[piazza] datatable "' + blockId + '": ';

export function useTable(setup: TableSetup) {
  const { api, rules, urlKeys, i18n } = setup;
  const fromUrl = () => (urlKeys ? sanitize(readSearch(location.search, rules.defaults, urlKeys), rules) : rules.defaults);
  const [state, setState] = useState<TableState>(fromUrl);
  /** The last answer with the state it answers (the info line must not mix old rows and a new page). */
  const [shown, setShown] = useState<{ result: DrawResult; state: TableState } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<LoadError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const draw = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const hrefFor = useCallback(
    (next: TableState) => (urlKeys ? location.pathname + writeSearch(location.search, next, rules.defaults, urlKeys) + location.hash : '#'),
    [urlKeys, rules.defaults],
  );

  /** A visitor's action: a new state and, when it differs, a new history entry. */
  const navigate = useCallback((next: TableState, how: 'push' | 'replace' = 'push') => {
    const clean = sanitize(next, rules);
    if (sameState(clean, stateRef.current)) return;
    if (urlKeys) {
      const url = hrefFor(clean);
      if (url !== location.pathname + location.search + location.hash) history[how === 'push' ? 'pushState' : 'replaceState'](history.state, '', url);
    }
    setState(clean);
  }, [rules, urlKeys, hrefFor]);

  // Back/Forward: the URL is the truth, nothing is pushed.
  useEffect(() => {
    if (!urlKeys) return;
    const onPop = () => {
      const next = fromUrl();
      if (!sameState(next, stateRef.current)) setState(next);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [urlKeys]);

  const stateKey = JSON.stringify(state);
  useEffect(() => {
    const sent = (draw.current = nextDraw(draw.current));
    setLoading(true);
    api.draw(requestFor(setup, state, sent)).then(
      (r) => {
        if (!isCurrentDraw(sent, r.draw)) {
          console.warn(log(setup.blockId) + 'ignored the answer to an older draw (' + r.draw + ', current ' + sent + ')');
          return;
        }
        // A page past the end (a stale link, rows deleted since): show the last page instead.
        if (!r.data.length && state.page > 0 && r.recordsFiltered > 0) {
          navigate(withPage(state, Math.ceil(r.recordsFiltered / state.pageSize) - 1), 'replace');
          return;
        }
        const bad = misalignment(r.data, setup.columns, i18n.lang);
        if (bad) console.warn(log(setup.blockId) + 'Possible column misalignment: row ' + (state.page * state.pageSize + bad.row + 1) + ' has no field ' + bad.fields.join(', '));
        setShown({ result: r, state });
        setError(null);
        setLoading(false);
        setup.announce(i18n.plural('results', r.recordsFiltered));
      },
      (e: unknown) => {
        if (isCancelled(e)) return;
        const err = e instanceof RequestError ? e : new RequestError(0, String((e as Error)?.message ?? e), 'network');
        const kind: LoadError = err.kind === 'invalid-json' || err.kind === 'empty' ? 'invalidJson' : 'ajax';
        console.error(log(setup.blockId) + (kind === 'invalidJson' ? 'Invalid JSON response' : 'Ajax error') + ' (status ' + err.status + ': ' + err.message + ')' + (err.url ? ' ' + err.url : ''));
        setError(kind);
        setLoading(false);
      },
    );
  }, [stateKey, attempt]);

  useEffect(() => () => api.cancel(), []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const o = useMemo(() => cellOptions(i18n), [i18n]);
  const rows = useMemo(
    () => (shown ? viewRows(shown.result.data, setup.columns, o, setup.linkTemplate, shown.state.page * shown.state.pageSize) : []),
    [shown, o],
  );
  return { state, navigate, hrefFor, shown, rows, loading, error, retry };
}
