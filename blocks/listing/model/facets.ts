// Facet selects: which count requests to make, and the options each select offers. Pure.
import { collator, dateFormat } from '../../../runtime/intl';
import { isFacetDate } from './query';
import type { FacetCount, FacetResult } from './response';
import type { FacetDef, Filters, ListingSettings } from './types';

/**
 * Counts must show what each choice would give: a facet's counts are computed with every filter
 * except its own selection (otherwise a select would only offer the value already chosen).
 * So: one request for all facets without a selection, plus one per facet that has one.
 */
export interface FacetRequest {
  facets: FacetDef[];
  exceptFacet?: string;
}

export function facetRequests(s: ListingSettings, f: Filters): FacetRequest[] {
  const selected = (d: FacetDef) => (f.facets[d.field] || []).some((v) => v !== '');
  const free = s.facets.filter((d) => !selected(d));
  const out: FacetRequest[] = free.length ? [{ facets: free }] : [];
  for (const d of s.facets.filter(selected)) out.push({ facets: [d], exceptFacet: d.field });
  return out;
}

/**
 * The counts of `facets` in a response. The API returns facets in request order, named by the
 * field text as written; in server mode the server asks its own list, so match by name first.
 */
export function countsFor(facets: FacetDef[], results: FacetResult[]): Record<string, FacetCount[]> {
  const out: Record<string, FacetCount[]> = {};
  facets.forEach((d, i) => {
    const named = results.find((r) => r.name === d.field);
    out[d.field] = (named || results[i])?.counts || [];
  });
  return out;
}

export interface FacetOption {
  value: string;
  label: string;
  /** null: not known (no counts yet). */
  count: number | null;
  depth: number;
  disabled: boolean;
}

/**
 * How a facet value reads: dates as `YYYY` (`_year_` fields), `YYYY/MM` (`_yearmonth_`) or the
 * locale's short date, taken from the text itself so no time zone can shift the day.
 */
export function facetLabel(field: string, value: string, locale: string): string {
  if (!isFacetDate(field, value)) return value;
  const [y, m, d] = [value.slice(0, 4), value.slice(5, 7), value.slice(8, 10)];
  if (field.includes('_yearmonth_')) return y + '/' + m;
  if (field.includes('_year_')) return y;
  return dateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(+y, +m - 1, +d)),
  );
}

export interface OptionsInput {
  /** Counts from the API, or null before they arrive / when they failed. */
  counts: FacetCount[] | null;
  selected: string[];
  locale: string;
  removeEmpty: boolean;
}

/**
 * The options of one select. With `options` in the config (a tag tree) those are offered in their
 * order: without results they are disabled, or removed with `removeExistingEmptyFacets`. Without,
 * the values the API counted, sorted as the facet asks (alpha by label, or by count). A selected
 * value is always kept, so the select can show, and undo, the current choice.
 */
export function facetOptions(def: FacetDef, input: OptionsInput): FacetOption[] {
  const counts = new Map((input.counts || []).map((c) => [c.value, c.count]));
  const known = input.counts !== null;
  let options: FacetOption[];
  if (def.options?.length) {
    options = def.options
      .map((o) => {
        const count = known ? (counts.get(o.value) ?? 0) : null;
        return {
          value: o.value,
          label: o.label || facetLabel(def.field, o.value, input.locale),
          count,
          depth: o.depth || 0,
          disabled: count === 0,
        };
      })
      .filter((o) => !(input.removeEmpty && o.count === 0) || input.selected.includes(o.value));
  } else {
    options = [...counts].map(([value, count]) => ({
      value,
      label: facetLabel(def.field, value, input.locale),
      count,
      depth: 0,
      disabled: false,
    }));
    const dates = options.every((o) => isFacetDate(def.field, o.value));
    // (no collator for nothing to sort: before the counts arrive, a select has no options to order)
    const sorter = options.length > 1 ? collator(input.locale, { sensitivity: 'base', numeric: true }) : null;
    options.sort((a, b) =>
      def.sort === 'count' && b.count! !== a.count!
        ? b.count! - a.count!
        : dates
          ? a.value.localeCompare(b.value)
          : sorter!.compare(a.label, b.label),
    );
    options = options.slice(0, def.limit);
  }
  for (const value of input.selected) {
    const o = options.find((x) => x.value === value);
    if (o) o.disabled = false;
    else if (value)
      options.unshift({ value, label: facetLabel(def.field, value, input.locale), count: known ? 0 : null, depth: 0, disabled: false });
  }
  return options;
}
