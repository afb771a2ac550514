// The visitor's choices and how each action changes them. Any change but paging goes back to
// the first page: page 4 of the old result means nothing in the new one.
import type { ColumnSpec, FacetSpec, Sort, TableState } from './types';

export interface StateRules {
  columns: readonly ColumnSpec[];
  facets: readonly FacetSpec[];
  pageSizeOptions: readonly number[];
  defaults: TableState;
}

/** The page-size choices: the configured ones plus the configured default, sorted. */
export function pageSizes(options: readonly number[], pageSize: number): number[] {
  return options.length ? [...new Set([...options, pageSize])].sort((a, b) => a - b) : [];
}

/**
 * The initial sort: the configured one when that column sorts, else the first sortable column,
 * ascending, or descending when it holds dates (the original plugin's default).
 */
export function defaultSort(columns: readonly ColumnSpec[], order?: { field: string; dir?: 'asc' | 'desc' }): Sort | null {
  if (order) return { field: order.field, dir: order.dir || 'asc' };
  const first = columns.find((c) => c.sortable);
  if (!first) return null;
  return { field: first.field, dir: first.type === 'date' || first.type === 'datetime' ? 'desc' : 'asc' };
}

export function initialState(pageSize: number, sort: Sort | null): TableState {
  return { page: 0, pageSize, sort, search: '', filters: {} };
}

/** Drops what the current config cannot express (a stale shared link, a hand-edited URL). */
export function sanitize(state: TableState, rules: StateRules): TableState {
  const { columns, facets, pageSizeOptions, defaults } = rules;
  const sizes = pageSizes(pageSizeOptions, defaults.pageSize);
  const filters: Record<string, string[]> = {};
  for (const f of facets) {
    const values = [...new Set((state.filters[f.field] || []).filter((v) => typeof v === 'string' && v.trim() !== ''))];
    if (values.length) filters[f.field] = f.multiple ? values : values.slice(0, 1);
  }
  const sort =
    state.sort && (columns.some((c) => c.field === state.sort!.field && c.sortable) || state.sort.field === defaults.sort?.field)
      ? state.sort
      : defaults.sort;
  return {
    page: Number.isInteger(state.page) && state.page > 0 ? state.page : 0,
    pageSize: sizes.includes(state.pageSize) || state.pageSize === defaults.pageSize ? state.pageSize : defaults.pageSize,
    sort,
    search: state.search.slice(0, 200),
    filters,
  };
}

export const withPage = (s: TableState, page: number): TableState => ({ ...s, page: Math.max(0, page) });
export const withPageSize = (s: TableState, pageSize: number): TableState =>
  // Keep the first visible row on screen: row 31 at 10 a page is on page 3, at 25 on page 1.
  ({ ...s, pageSize, page: Math.floor((s.page * s.pageSize) / pageSize) });
export const withSort = (s: TableState, sort: Sort | null): TableState => ({ ...s, sort, page: 0 });
export const withSearch = (s: TableState, search: string): TableState => (search === s.search ? s : { ...s, search, page: 0 });

export function withFilter(s: TableState, field: string, values: readonly string[]): TableState {
  const filters = { ...s.filters };
  const chosen = values.filter((v) => v.trim() !== '');
  if (chosen.length) filters[field] = [...chosen];
  else delete filters[field];
  return { ...s, filters, page: 0 };
}

export const withoutFilters = (s: TableState): TableState => ({ ...s, filters: {}, page: 0 });

/** The same choice, whatever the order values were picked in (for comparing states). */
export function sameState(a: TableState, b: TableState): boolean {
  const key = (s: TableState) =>
    JSON.stringify([
      s.page,
      s.pageSize,
      s.sort?.field ?? null,
      s.sort?.dir ?? null,
      s.search,
      Object.keys(s.filters)
        .sort()
        .map((k) => [k, [...s.filters[k]].sort()]),
    ]);
  return key(a) === key(b);
}

/** Rows shown, 1-based: "results 11–20 of 57". */
export function rowRange(state: TableState, shown: number): { from: number; to: number } {
  const from = shown ? state.page * state.pageSize + 1 : 0;
  return { from, to: shown ? from + shown - 1 : 0 };
}
