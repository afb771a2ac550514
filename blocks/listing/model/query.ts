// The ocopendata query the browser builds from the block's query and the visitor's filters
// (as the original `buildQuery` did, with its bugs fixed). Pure: `now` is passed in.
import { dateRangeClauses, intervalRange, isStrictIso, publishedRange } from './dates';
import type { FacetDef, Filters, ListingSettings } from './types';
import { escapeSyntax, phraseItem, valuesClause } from '../../../runtime/query-language';

/**
 * The visitor's text inside `q = '…'` and facet values sent to the server-mode block endpoint
 * (runtime/query-language.ts): there the value is not a phrase of its own, and a trailing
 * backslash would escape what follows it, so a backslash becomes a space.
 */
export const escapeValue = (value: string) => escapeSyntax(value.replace(/\\/g, ' '));

/** The visitor's text as it is searched: backslashes dropped (see escapeValue), spaces trimmed. */
export const searchText = (text: string) => text.replace(/\\/g, ' ').trim();

/** A facet value is a date when the field is not a name, the value is longer than 15 characters and strict ISO 8601. */
export const isFacetDate = (field: string, value: string) => !field.includes('name') && value.length > 15 && isStrictIso(value);

/**
 * One selected facet value as it goes inside `[…]`: strings as `'"v"'` (a phrase for Solr);
 * dates of `_dt` fields as `'"YYYY-MM-DDT00:00:00Z"'`; other dates as the raw value in quotes.
 */
export function facetValue(field: string, value: string): string {
  if (isFacetDate(field, value)) {
    return field.includes('_dt') ? `'"${value.slice(0, 10)}T00:00:00Z"'` : `'${escapeValue(value)}'`;
  }
  return `'${phraseItem(value)}'`;
}

/**
 * A value of a typed facet (`Label:field:type` in the theme): `integer` a number, `date` a day
 * (`'"YYYY-MM-DDT00:00:00Z"'` on `_dt` fields, else the value), `term` the value without phrase quotes.
 */
function typedValue(field: string, value: string, type: FacetDef['type']): string {
  if (type === 'integer') return String(Number.parseInt(value, 10));
  if (type === 'date' && field.includes('_dt') && isStrictIso(value)) return `'"${value.slice(0, 10)}T00:00:00Z"'`;
  return `'${escapeValue(value)}'`;
}

/** `field in [v1, v2]` (any of them); a value with a `$` in a clause of its own (query-language.ts). */
export function facetClause(field: string, values: string[], type: FacetDef['type'] = 'string'): string {
  if (type === 'integer') values = values.filter((v) => /^-?\d+/.test(v));
  if (!values.length) return '';
  return valuesClause(field, 'in', values, { item: (v) => (type === 'string' ? facetValue(field, v) : typedValue(field, v, type)) });
}

export interface QueryOptions {
  /** The agenda: its dates are the range, and the interval and published filters are not shown there. */
  calendar?: boolean;
  /** Leave this facet's own selection out (its counts must show the alternatives). */
  exceptFacet?: string;
}

/** The selected values of each configured facet, in config order, empty ones dropped. */
export function selectedFacets(s: ListingSettings, f: Filters, except?: string): Array<[FacetDef, string[]]> {
  return s.facets
    .filter((d) => d.field !== except)
    .map((d): [FacetDef, string[]] => [d, (f.facets[d.field] || []).filter((v) => v !== '')])
    .filter(([, values]) => values.length > 0);
}

/** The block's query narrowed by the filters, without paging. */
export function filteredQuery(s: ListingSettings, f: Filters, now: Date, options: QueryOptions = {}): string {
  const parts: string[] = [];
  // As the original: each facet is prepended in order (the last facet ends up first), then the text before the query.
  for (const [def, values] of selectedFacets(s, f, options.exceptFacet)) {
    const clause = facetClause(def.field, values, def.type);
    if (clause) parts.unshift(clause);
  }
  const text = s.showSearch ? searchText(f.text) : '';
  if (text) parts.push(`q = '${escapeValue(text)}'`);
  if (s.query) parts.push(s.query);
  if (!options.calendar) {
    if (s.timeIntervals) {
      const [from, to] = intervalRange(f.interval, now);
      parts.push(`calendar[time_interval] = [${from},${to}]`);
    }
    const range = s.publishedRange ? publishedRange(f.publishedFrom, f.publishedTo) : null;
    if (range) parts.push(`published range [${range[0]},${range[1]}]`);
    s.dateRanges.forEach((r, i) => parts.push(...dateRangeClauses(r.fromField, r.toField, ...(f.ranges?.[i] || ['', '']))));
  }
  if (text) parts.push('sort [score=>desc]');
  return parts.join(' and ');
}

const and = (query: string, tail: string) => (query ? query + ' and ' + tail : tail);

/** The list: one page of `limit` hits. */
export const listQuery = (s: ListingSettings, f: Filters, now: Date, offset: number, limit = s.limit) =>
  and(filteredQuery(s, f, now), `limit ${limit} offset ${offset}`);

/** Facet counts: no hits needed (`limit 1`), the facets asked as `field|sort|limit`. */
export const facetsQuery = (s: ListingSettings, f: Filters, now: Date, facets: FacetDef[], exceptFacet?: string) =>
  and(filteredQuery(s, f, now, { exceptFacet }), `limit 1 facets [${facets.map((d) => `${d.field}|${d.sort}|${d.limit}`).join(',')}]`);
