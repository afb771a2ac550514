// The DataTables server-side "draw" protocol as the ocopendata datatable environment speaks it:
// request parameters from the table state, and a strict reading of the answer.
import { columnDataPath, hasField } from './columns';
import { encodeQuery } from './query';
import type { ColumnSpec, DrawResult, FacetResult, Hit, TableState } from './types';
import type { Lang } from '../../../runtime/i18n';

/**
 * Draw counters go up by 2 (1, 3, 5…). ocopendata answers `draw + 1` where the DataTables
 * protocol echoes `draw`; with odd request numbers an answer is unambiguous under both, so an
 * older answer (≤ current − 1) can never pass for the current one (current or current + 1).
 */
export const nextDraw = (previous: number) => (previous % 2 === 1 ? previous + 2 : previous + 1);
export const isCurrentDraw = (sent: number, answered: number) => answered === sent || answered === sent + 1;

export interface DrawRequest {
  draw: number;
  columns: readonly ColumnSpec[];
  state: Pick<TableState, 'sort' | 'search'>;
  start: number;
  length: number;
  /** the query text, not yet encoded */
  query: string;
  /** eZ locale (ita-IT), for columns[i][data] */
  ezLang: string;
  /** cache buster (the original sent jQuery's `_=<timestamp>` with cache: false) */
  nonce?: string | number;
}

/** true when the search URL is the module door, which decodes `q` twice. */
export const decodesTwice = (searchUrl: string) => !/\/api\/opendata\/v2\//.test(searchUrl);

/**
 * The draw's URL: the DataTables parameters, and the query where the door reads it. The eZ module
 * door (`{prefix}/opendata/api/datatable/search/`) reads `?q=` and decodes it twice, so it is encoded
 * once more, as the original plugin did. The REST door (`/api/opendata/v2/datatable/search/`) never
 * reads `?q=`: its route takes the query from the path (classes/api/rest_provider.php), encoded once.
 */
export function drawUrl(searchUrl: string, r: DrawRequest): string {
  const p = drawParams(r);
  let base = searchUrl;
  if (decodesTwice(searchUrl)) p.set('q', encodeQuery(r.query));
  else {
    const [path, search] = searchUrl.split('?');
    base = path.replace(/\/?$/, '/') + encodeURIComponent(r.query) + (search ? '?' + search : '');
  }
  return base + (base.includes('?') ? '&' : '?') + p.toString();
}

/** The DataTables parameters (the query aside: drawUrl), in the order DataTables sends them. */
export function drawParams(r: DrawRequest): URLSearchParams {
  const p = new URLSearchParams();
  p.set('draw', String(r.draw));
  r.columns.forEach((c, i) => {
    const k = 'columns[' + i + ']';
    p.set(k + '[data]', columnDataPath(c.field, r.ezLang));
    p.set(k + '[name]', c.field);
    // searchable = orderable: the server validates searchable columns and sorts only by those.
    p.set(k + '[searchable]', String(c.sortable));
    p.set(k + '[orderable]', String(c.sortable));
    p.set(k + '[search][value]', '');
    p.set(k + '[search][regex]', 'false');
  });
  const sortIdx = r.state.sort ? r.columns.findIndex((c) => c.field === r.state.sort!.field) : -1;
  if (sortIdx >= 0) {
    p.set('order[0][column]', String(sortIdx));
    p.set('order[0][dir]', r.state.sort!.dir);
  }
  p.set('start', String(r.start));
  p.set('length', String(r.length));
  p.set('search[value]', r.state.search.trim());
  p.set('search[regex]', 'false');
  if (r.nonce !== undefined) p.set('_', String(r.nonce));
  return p;
}

const count = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
};

function readFacets(v: unknown): FacetResult[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((f) => {
    if (!f || typeof f !== 'object' || typeof f.name !== 'string') return [];
    const data: Record<string, number> = {};
    if (f.data && typeof f.data === 'object' && !Array.isArray(f.data)) {
      for (const [k, n] of Object.entries(f.data as Record<string, unknown>)) {
        const c = count(n);
        if (c !== null) data[k] = c;
      }
    }
    return [{ name: f.name, data }];
  });
}

/**
 * The answer, or null when it is not a draw answer at all (what DataTables calls an "Invalid
 * JSON response": a parse error or a body without the protocol's fields).
 */
export function readDraw(body: unknown): DrawResult | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const draw = count(b.draw);
  const recordsTotal = count(b.recordsTotal);
  const recordsFiltered = count(b.recordsFiltered);
  if (draw === null || recordsTotal === null || recordsFiltered === null || !Array.isArray(b.data)) return null;
  const data = (b.data as unknown[]).filter((h): h is Hit => !!h && typeof h === 'object' && !Array.isArray(h));
  return { draw, recordsTotal, recordsFiltered, data, facets: readFacets(b.facets) };
}

/**
 * Rows that lack a column's field altogether (the server fills requested fields with null, so an
 * absent key means the columns and the data disagree): DataTables' "Possible column misalignment".
 */
export function misalignment(rows: readonly Hit[], columns: readonly ColumnSpec[], lang: Lang): { row: number; fields: string[] } | null {
  for (let i = 0; i < rows.length; i++) {
    const fields = columns.filter((c) => !hasField(rows[i], c.field, lang)).map((c) => c.field);
    if (fields.length) return { row: i, fields };
  }
  return null;
}

export interface FacetOption {
  value: string;
  count: number;
  selected: boolean;
}

/**
 * A facet's options from the answer: `value (count)`, empty values left out, the current
 * selection always present (a value filtered down to 0 must stay visible to be removed).
 */
export function facetOptions(field: string, index: number, facets: readonly FacetResult[], selected: readonly string[]): FacetOption[] {
  const result = facets.find((f) => f.name === field) ?? facets[index];
  const out: FacetOption[] = [];
  for (const [value, n] of Object.entries(result?.data || {})) {
    if (value.trim() === '') continue;
    out.push({ value, count: n, selected: selected.includes(value) });
  }
  for (const value of selected) if (!out.some((o) => o.value === value)) out.push({ value, count: 0, selected: true });
  return out;
}
