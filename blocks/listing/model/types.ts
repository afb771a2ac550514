// The listing block's domain types, shared by the pure model, the api and the views.
import type { ListingConfig } from '../../../schemas/generated/listing';

export type TabId = 'list' | 'geo' | 'agenda';
export const TAB_IDS: readonly TabId[] = ['list', 'geo', 'agenda'];

/** The time-interval filter on events (`calendar[time_interval]`); `all` = from today on. */
export type IntervalId = 'all' | 'today' | 'weekend' | 'next7days' | 'next30days';
export const INTERVALS: readonly IntervalId[] = ['all', 'today', 'weekend', 'next7days', 'next30days'];

export interface FacetOptionDef {
  value: string;
  label?: string;
  depth?: number;
}

export interface FacetDef {
  field: string;
  label: string;
  sort: 'alpha' | 'count';
  limit: number;
  /** Options known in advance (a tag tree): offered even before/without counts. */
  options?: FacetOptionDef[];
  /** How a chosen value is written in the query (`string`, the default: a phrase). */
  type?: 'string' | 'date' | 'integer' | 'term';
}

/** A date range on two fields (the theme's `Label:date_range:fromField:toField`). */
export interface DateRangeDef {
  label: string;
  fromField: string;
  toField: string;
}

/** Where the data comes from. */
export type Source =
  /** This portal, browser-built query, eZ module `{prefix}/opendata/api/…` (JSON). */
  | { kind: 'local'; prefix: string }
  /** Another portal, browser-built query, REST `{remoteUrl}/api/opendata/v2/…` (JSONP). */
  | { kind: 'remote'; remoteUrl: string }
  /** This portal's block endpoint `{prefix}/openpa/data/block_opendata_queried_contents/{name}/…`. */
  | { kind: 'server'; prefix: string; name: string };

export type PagingStyle = 'pages' | 'append';

/** The config after validation, defaults and parsing: everything the model needs, nothing optional. */
export interface ListingSettings {
  blockId: string;
  source: Source;
  query: string;
  limit: number;
  itemsPerRow: number | 'auto';
  fields: string[];
  facets: FacetDef[];
  view: string;
  context: string;
  hideIfEmpty: boolean;
  removeExistingEmptyFacets: boolean;
  locale: string;
  i18n: Record<string, string>;
  templates: { item?: string; popup?: string };
  tabs: TabId[];
  showSearch: boolean;
  timeIntervals: boolean;
  publishedRange: boolean;
  dateRanges: DateRangeDef[];
  paging: PagingStyle;
  /** The map tab's options (`map` in the config, defaults filled in by the schema). */
  map: NonNullable<ListingConfig['map']>;
}

export type { ListingConfig };

/** What the visitor chose: everything that narrows the results. */
export interface Filters {
  text: string;
  /** facet field → selected values (OR-ed). Empty or missing: no filter. */
  facets: Record<string, string[]>;
  interval: IntervalId;
  /** YYYY-MM-DD or ''; applied only when both are valid. */
  publishedFrom: string;
  publishedTo: string;
  /** [from, to] (YYYY-MM-DD or '') of each date range, in config order. */
  ranges?: Array<[string, string]>;
}

export interface ListingState extends Filters {
  /** 0-based. Any filter change resets it to 0. */
  page: number;
  tab: TabId;
}
