// Validated config → ListingSettings: defaults made explicit, facets parsed, the data source decided.
import type { FacetDef, ListingConfig, ListingSettings, PagingStyle, Source, TabId } from './types';

/** Views the portal renders as a vertical list: they page with a 'load more' button. */
export const APPEND_VIEWS = ['latest_messages_item', 'accordion', 'text_linked'];
/** Views that are single cards: the list lays them out `itemsPerRow` per row. */
export const CARD_VIEWS = [
  'card_teaser_info',
  'card_teaser',
  'banner_color',
  'card_children',
  'card',
  'card_image',
  'card_simple',
  'banner',
];

/** `field|sort|limit` (as ocopendata writes facets) or `{field, label, …}` → FacetDef. */
export function parseFacet(entry: NonNullable<ListingConfig['facets']>[number]): FacetDef {
  if (typeof entry === 'string') {
    const [field, sort, limit] = entry.split('|');
    return { field, label: field, sort: sort === 'count' ? 'count' : 'alpha', limit: limit ? Number(limit) : 1000 };
  }
  return {
    field: entry.field,
    label: entry.label || entry.field,
    sort: entry.sort || 'alpha',
    limit: entry.limit || 1000,
    ...(entry.options ? { options: entry.options } : {}),
    ...(entry.type && entry.type !== 'string' ? { type: entry.type } : {}),
  };
}

/** '/' → '', '/ita/' → '/ita': what goes before `/opendata/api/…`. */
export const normalisePrefix = (prefix: string) => prefix.replace(/\/+$/, '');

export function resolveSettings(config: ListingConfig, fallbackBlockId: string): ListingSettings {
  const blockId = config.blockId || fallbackBlockId;
  const builder = config.queryBuilder || 'browser';
  const prefix = normalisePrefix(config.localAccessPrefix ?? '/');
  const remoteUrl = (config.remoteUrl || '').replace(/\/+$/, '');
  const source: Source =
    builder !== 'browser'
      ? { kind: 'server', prefix, name: builder === 'server' ? blockId : builder }
      : remoteUrl
        ? { kind: 'remote', remoteUrl }
        : { kind: 'local', prefix };
  const view = config.view ?? 'card_teaser';
  const paging: PagingStyle =
    config.paging === 'pages' || config.paging === 'append' ? config.paging : APPEND_VIEWS.includes(view) ? 'append' : 'pages';
  return {
    blockId,
    source,
    query: (config.query || '').trim(),
    limit: config.limitPagination ?? 3,
    itemsPerRow:
      typeof config.itemsPerRow === 'string' && config.itemsPerRow !== 'auto' ? Number(config.itemsPerRow) : (config.itemsPerRow ?? 3),
    fields: config.fields || [],
    facets: (config.facets || []).map(parseFacet),
    view,
    context: config.context || '',
    hideIfEmpty: !!config.hideIfEmpty,
    removeExistingEmptyFacets: !!config.removeExistingEmptyFacets,
    locale: config.locale || 'it-IT',
    i18n: config.i18n || {},
    templates: config.templates || {},
    tabs: (config.tabs || ['list']) as TabId[],
    showSearch: !!config.showSearch,
    timeIntervals: !!config.timeIntervals,
    publishedRange: !!config.publishedRange,
    dateRanges: (config.dateRanges || []).map((r) => ({ label: r.label || '', fromField: r.fromField, toField: r.toField })),
    paging,
    map: config.map || {},
  };
}

/** Card views (and the built-in card) are laid out in columns; the others stack. */
export const isCardLayout = (s: ListingSettings) => !s.view || CARD_VIEWS.includes(s.view);
