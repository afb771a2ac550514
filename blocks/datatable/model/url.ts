// The table state in the page URL, so Back/Forward, reload and a shared link all restore it.
// Parameters carry the block's prefix (`documenti.page=3`), so two tables on one page, and the
// portal's own parameters, never collide; values equal to the defaults are left out.
import type { Sort, TableState } from './types';

export interface UrlKeys {
  page: string;
  size: string;
  sort: string;
  search: string;
  /** prefix of one parameter per facet field: `{prefix}f.{field}` */
  filter: string;
}

export const urlKeys = (prefix: string): UrlKeys => ({
  page: prefix + '.page',
  size: prefix + '.size',
  sort: prefix + '.sort',
  search: prefix + '.q',
  filter: prefix + '.f.',
});

const ours = (key: string, k: UrlKeys) =>
  key === k.page || key === k.size || key === k.sort || key === k.search || key.startsWith(k.filter);

/** The state's parameters; `defaults` decide what can be left out. */
export function stateParams(s: TableState, defaults: TableState, k: UrlKeys): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (s.page > 0) out.push([k.page, String(s.page + 1)]);
  if (s.pageSize !== defaults.pageSize) out.push([k.size, String(s.pageSize)]);
  const sort = s.sort ? s.sort.field + ':' + s.sort.dir : 'none';
  const def = defaults.sort ? defaults.sort.field + ':' + defaults.sort.dir : 'none';
  if (sort !== def) out.push([k.sort, sort]);
  if (s.search.trim()) out.push([k.search, s.search.trim()]);
  for (const field of Object.keys(s.filters).sort()) for (const v of s.filters[field]) out.push([k.filter + field, v]);
  return out;
}

/** The search part of a URL with our parameters replaced; everything else kept as it was. */
export function writeSearch(search: string, s: TableState, defaults: TableState, k: UrlKeys): string {
  const params = new URLSearchParams(search);
  for (const key of [...new Set(params.keys())]) if (ours(key, k)) params.delete(key);
  for (const [key, value] of stateParams(s, defaults, k)) params.append(key, value);
  const text = params.toString();
  return text ? '?' + text : '';
}

function readSort(v: string | null, fallback: Sort | null): Sort | null {
  if (v === null) return fallback;
  if (v === 'none') return null;
  const m = /^(.+):(asc|desc)$/.exec(v);
  return m ? { field: m[1], dir: m[2] as Sort['dir'] } : fallback;
}

/**
 * The state a URL describes (missing parameters take the defaults). The result still has to go
 * through `sanitize`, which drops fields, sizes and facets the config does not have.
 */
export function readSearch(search: string, defaults: TableState, k: UrlKeys): TableState {
  const params = new URLSearchParams(search);
  const int = (v: string | null) => (v !== null && /^\d{1,6}$/.test(v) ? Number(v) : null);
  const page = int(params.get(k.page));
  const size = int(params.get(k.size));
  const filters: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (key.startsWith(k.filter) && key.length > k.filter.length) (filters[key.slice(k.filter.length)] ||= []).push(value);
  }
  return {
    page: page && page > 0 ? page - 1 : 0,
    pageSize: size && size > 0 ? size : defaults.pageSize,
    sort: readSort(params.get(k.sort), defaults.sort),
    search: params.get(k.search) ?? '',
    filters,
  };
}
