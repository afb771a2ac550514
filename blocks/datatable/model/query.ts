// The `q` the datatable endpoint receives: facet clauses in front of the admin's base query, as
// the original plugin built it (jquery.opendataDataTable.js buildQuery / buildFilterInput).
import type { FacetSpec, TableState } from './types';
import { arrayItem, singleValue, valuesClause } from '../../../runtime/query-language';

/**
 * The original's escaping for `extra_` values, which are URL-encoded after it (so no syntax
 * character is left in the query): a backslash before `" ' ( )` and the backslash itself.
 */
const escapeExtra = (value: string) => value.replace(/["'()\\]/g, '\\$&');

/**
 * A facet value as it goes between the quotes of a clause (runtime/query-language.ts: brackets
 * escaped, a trailing backslash kept). `extra_` fields (the portal's custom Solr fields) hold their
 * values quoted and URL-encoded, so the value is wrapped and encoded too; `'`, `(`, `)` are encoded
 * as well, because encodeURIComponent leaves them alone and an unescaped quote would end the value early.
 */
export function facetToken(field: string, value: string): string {
  if (!field.includes('extra_')) return arrayItem(value);
  return encodeURIComponent('"' + escapeExtra(value) + '"').replace(/['()!*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** `field contains ['v1','v2']` for one facet; null when nothing is selected. */
export function facetClause(field: string, values: readonly string[]): string | null {
  const chosen = values.filter((v) => v.trim() !== '');
  if (!chosen.length) return null;
  const item = (v: string) => "'" + facetToken(field, v) + "'";
  const single = (v: string) => (field.includes('extra_') ? item(v) : "'" + singleValue(v) + "'");
  return valuesClause(field, 'contains', chosen, { item, single });
}

/** `facets [f|alpha|100, …]`: what makes the response carry the counts the selects show. */
export function facetsParameter(facets: readonly FacetSpec[]): string {
  return facets.length ? 'facets [' + facets.map((f) => f.field + '|' + f.sort + '|' + f.limit).join(',') + ']' : '';
}

/**
 * The query text (not yet encoded): `f1 contains [...] and f2 contains [...] and <base>`, then the
 * facets parameter when the base query does not ask for facets itself. Only configured facets
 * become clauses, in configuration order, so the same choice always gives the same text.
 */
export function buildQuery(base: string, facets: readonly FacetSpec[], filters: TableState['filters']): string {
  const clauses = facets.map((f) => facetClause(f.field, filters[f.field] || [])).filter((c): c is string => !!c);
  const text = clauses.map((c) => c + ' and ').join('') + base.trim();
  return /(^|\s)facets\s*\[/.test(base) || !facets.length ? text : text + ' ' + facetsParameter(facets);
}

/** `q` is URL-encoded as a whole before it becomes a parameter (the server decodes it twice). */
export const encodeQuery = (text: string) => encodeURIComponent(text);
