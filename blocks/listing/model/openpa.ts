// The listing block's eZ attributes → its config: the one meaning of `OpendataRemoteContents`
// (views default and horizontal) and `OpendataQueriedContents` blocks, read line by line from the
// theme's templates (openpa_bootstrapitalia design/bootstrapitalia2/override/templates/block/
// opendata_remote_gui.tpl and opendata_remote_gui_horizontal.tpl) and the plugin they call
// (jquery.opendata_remote_gui.js). The parity test (test/unit/openpa/parity.test.ts) renders those
// templates with the real eZ engine and checks this mapping against them key by key; the
// differences it allows are docs/openpa.md's "Deliberate differences". Pure.
import { attributePath, ezTrue, readForm, type Mapped, type OpenpaForm } from '../../../runtime/openpa';
import type { ConfigProblem } from '../../../runtime/types';
import type { ListingConfig } from './types';

type FacetEntry = Exclude<NonNullable<ListingConfig['facets']>[number], string>;
type DateRangeEntry = NonNullable<ListingConfig['dateRanges']>[number];

/** The Solr field of a tag tree facet (the theme's `raw[subattr_{field}___tag_ids____si]`). */
export const tagTreeField = (field: string) => 'raw[subattr_' + field + '___tag_ids____si]';

export function fromOpenpa(raw: unknown): Mapped<ListingConfig> {
  const { form, problems } = readForm(raw);
  if (form.block.type === 'RicercaLuoghi') return placesFromOpenpa(form, problems);
  const a = form.attributes;
  const horizontal = form.block.view === 'horizontal';
  const origin: Record<string, string> = {};
  const config: ListingConfig = { blockId: form.block.id };
  const set = <K extends keyof ListingConfig>(key: K, value: ListingConfig[K], attribute?: string) => {
    config[key] = value;
    if (attribute) origin['/' + key] = attributePath(attribute);
  };

  // The builder: a queried-contents block asks its server endpoint; `query_builder` names another.
  set(
    'queryBuilder',
    a.query_builder ? a.query_builder : form.block.type === 'OpendataQueriedContents' ? 'server' : 'browser',
    a.query_builder ? 'query_builder' : undefined,
  );
  set('remoteUrl', trimSlashes(a.remote_url || ''), 'remote_url');
  set('localAccessPrefix', form.site.prefix);
  set('query', a.query || '', 'query');
  set('view', a.view_api || 'card_teaser', 'view_api');
  if (form.site.locale) set('locale', form.site.locale);
  set('hideIfEmpty', a.hide_if_empty !== undefined && a.hide_if_empty !== '', 'hide_if_empty');
  set('showSearch', ezTrue(a.show_search), 'show_search');
  if (a.input_search_placeholder) set('i18n', { 'search.label': a.input_search_placeholder }, 'input_search_placeholder');
  if (a.fields) set('fields', a.fields.split(','), 'fields');

  // `limit` is written into the plugin's call as it is: a number, or (empty) a script that stops.
  const limit = (a.limit || '').trim();
  if (/^\d+$/.test(limit)) set('limitPagination', Number(limit), 'limit');
  else if (limit) problems.push({ path: attributePath('limit'), code: 'type', types: ['integer'] });

  // Facets, in the order of the attribute: "Label:field[:type|tree]", "Label:time_interval",
  // "Label:published_range", "Label:date_range:fromField:toField".
  const entries = a.facets ? a.facets.split(',') : [];
  const facets: FacetEntry[] = [];
  const dateRanges: DateRangeEntry[] = [];
  let timeIntervals = false,
    publishedRange = false;
  entries.forEach((entry, i) => {
    const [label, field, kind, extra] = entry.split(':');
    if (field === undefined) return;
    if (field === 'date_range') {
      dateRanges.push({ label, fromField: kind || '', toField: extra || '' });
      origin['/dateRanges/' + (dateRanges.length - 1)] = attributePath('facets') + '/' + i;
      return;
    }
    // the horizontal view has no calendar nor publication dates: they are select facets there
    if (!horizontal && field === 'time_interval') {
      timeIntervals = true;
      return;
    }
    if (!horizontal && field === 'published_range') {
      publishedRange = true;
      return;
    }
    const tree = kind === 'tree' ? form.tagTrees?.[field] : undefined;
    const facet: FacetEntry = tree
      ? { field: tagTreeField(field), label, sort: 'alpha', limit: 1000, options: tree }
      : { field, label, sort: 'alpha', limit: 1000 };
    // data-datatype: the default view skips `tree`; the horizontal one writes it (a term facet then)
    if (!tree && kind && (horizontal || kind !== 'tree') && kind !== 'string')
      facet.type = kind === 'date' || kind === 'integer' ? kind : 'term';
    origin['/facets/' + facets.length] = attributePath('facets') + '/' + i;
    facets.push(facet);
  });
  set('facets', facets);
  if (dateRanges.length) set('dateRanges', dateRanges);
  set('timeIntervals', timeIntervals);
  set('publishedRange', publishedRange);

  // Tabs in the theme's order; the horizontal view has the list only.
  const showGrid = a.show_grid === undefined || ezTrue(a.show_grid);
  const tabs: Array<NonNullable<ListingConfig['tabs']>[number]> = [];
  if (showGrid) tabs.push('list');
  if (!horizontal && ezTrue(a.show_map)) tabs.push('geo');
  if (!horizontal && (a.facets || '').includes('time_interval')) tabs.push('agenda');
  if (tabs.length) set('tabs', tabs as NonNullable<ListingConfig['tabs']>, 'show_grid');
  else problems.push({ path: attributePath('show_grid'), code: 'noTabs' } as ConfigProblem);

  // items_per_row: 3 becomes 2 beside the filters (any facet), as the theme; `auto` is masonry.
  const perRow = (a.items_per_row || '').trim();
  if (perRow) {
    const value = entries.length && perRow === '3' ? 2 : /^\d+$/.test(perRow) ? Number(perRow) : perRow;
    set('itemsPerRow', value as ListingConfig['itemsPerRow'], 'items_per_row');
  }
  if (form.map && Object.keys(form.map).length) set('map', form.map as ListingConfig['map']);
  return { config, origin, problems };
}

/**
 * The places search block (RicercaLuoghi, theme's block/ricerca_luoghi.tpl): places under `node_id`,
 * tagged under `root_tag` and public, by name; map first, then the list (masonry, 9 a page), a
 * search box and one filter on the root tag's tree (three levels; `hide_first_level` drops the first).
 */
function placesFromOpenpa(form: OpenpaForm, problems: ConfigProblem[]): Mapped<ListingConfig> {
  const a = form.attributes;
  const tree = form.tagTrees?.root_tag;
  const state = form.context?.publicState;
  if (typeof state !== 'number' && typeof state !== 'string') problems.push({ path: '/openpa/context/publicState', code: 'required' });
  const query =
    'classes [place] subtree [' +
    (a.node_id || '') +
    '] ' +
    (tree ? ' and raw[ezf_df_tag_ids] = ' + a.root_tag + ' ' : '') +
    ' and state in [' +
    state +
    '] sort [name=>asc]';
  const hideFirst = ezTrue(a.hide_first_level);
  const options = (tree || [])
    .filter((o) => o.depth <= 2 && !(hideFirst && o.depth === 0))
    .map((o) => ({ ...o, depth: hideFirst ? o.depth - 1 : o.depth }));
  const config: ListingConfig = {
    blockId: form.block.id,
    queryBuilder: 'browser',
    remoteUrl: '',
    localAccessPrefix: form.site.prefix,
    query,
    tabs: ['geo', 'list'],
    showSearch: true,
    itemsPerRow: 'auto',
    limitPagination: 9,
    facets: tree ? [{ field: tagTreeField('type'), label: form.tagTreeLabels?.root_tag || '', sort: 'alpha', limit: 1000, options }] : [],
    removeExistingEmptyFacets: ezTrue(a.hide_empty_facets),
    ...(form.site.locale ? { locale: form.site.locale } : {}),
    ...(form.map && Object.keys(form.map).length ? { map: form.map as ListingConfig['map'] } : {}),
  };
  const origin = {
    '/query': attributePath('node_id'),
    '/facets': attributePath('root_tag'),
    '/removeExistingEmptyFacets': attributePath('hide_empty_facets'),
  };
  return { config, origin, problems };
}

/** eZ's `trim('/')`: slashes off both ends. */
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');
