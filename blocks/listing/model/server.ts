// Server mode: the portal's block endpoint builds the query from the block's own settings; the
// browser sends only the filters, as the original did with `$.param`. Pure.
import { publishedRange } from './dates';
import { escapeValue, isFacetDate, searchText, selectedFacets, type QueryOptions } from './query';
import type { Filters, ListingSettings } from './types';

export type Params = Array<[string, string]>;

/** `facets[field][]=v` (escaped; dates in double quotes), `search`, `interval`, `range=from,to`. */
export function serverFilterParams(s: ListingSettings, f: Filters, options: QueryOptions = {}): Params {
  const params: Params = [];
  for (const [def, values] of selectedFacets(s, f, options.exceptFacet)) {
    for (const v of values) params.push([`facets[${def.field}][]`, isFacetDate(def.field, v) ? `"${v}"` : escapeValue(v)]);
  }
  const text = s.showSearch ? searchText(f.text) : '';
  if (text) params.push(['search', text]);
  if (!options.calendar) {
    if (s.timeIntervals) params.push(['interval', f.interval]);
    if (s.publishedRange && publishedRange(f.publishedFrom, f.publishedTo)) params.push(['range', f.publishedFrom + ',' + f.publishedTo]);
  }
  return params;
}

/** `a=1&b=2` with every name and value percent-encoded (spaces as %20, never a bare & or #). */
export const queryString = (params: Params) => params.map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
