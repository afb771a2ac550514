// The table state in the page URL, so Back/Forward, reload and a shared link all restore it.
// Parameters carry the block's prefix (`documenti.page=3`), so two tables on one page, and the
// portal's own parameters, never collide (runtime/block/url-codec.ts); values equal to the
// defaults are left out.
import { urlCodec, type UrlCodec } from '../../../runtime/block/url-codec';
import type { Sort, TableState } from './types';

export type UrlKeys = UrlCodec;

/** The table's parameters: page, page size, sort, search text, one per facet field (`f.<field>`). */
export const urlKeys = (prefix: string): UrlKeys => urlCodec(prefix, ['page', 'size', 'sort', 'q', 'f.']);

/** The state's parameters (without the prefix); `defaults` decide what can be left out. */
export function stateParams(s: TableState, defaults: TableState): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (s.page > 0) out.push(['page', String(s.page + 1)]);
  if (s.pageSize !== defaults.pageSize) out.push(['size', String(s.pageSize)]);
  const sort = s.sort ? s.sort.field + ':' + s.sort.dir : 'none';
  const def = defaults.sort ? defaults.sort.field + ':' + defaults.sort.dir : 'none';
  if (sort !== def) out.push(['sort', sort]);
  if (s.search.trim()) out.push(['q', s.search.trim()]);
  for (const field of Object.keys(s.filters).sort()) for (const v of s.filters[field]) out.push(['f.' + field, v]);
  return out;
}

/** The search part of a URL with our parameters replaced; everything else kept as it was. */
export const writeSearch = (search: string, s: TableState, defaults: TableState, k: UrlKeys): string =>
  k.write(search, stateParams(s, defaults));

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
  const params = k.read(search);
  const int = (v: string | null) => (v !== null && /^\d{1,6}$/.test(v) ? Number(v) : null);
  const page = int(params.get('page'));
  const size = int(params.get('size'));
  const filters: Record<string, string[]> = {};
  for (const [field, value] of params.family('f.')) (filters[field] ||= []).push(value);
  return {
    page: page && page > 0 ? page - 1 : 0,
    pageSize: size && size > 0 ? size : defaults.pageSize,
    sort: readSort(params.get('sort'), defaults.sort),
    search: params.get('q') ?? '',
    filters,
  };
}
