// The settings a template passed to the jQuery plugin `opendataDataTable({…})`
// (jquery.opendataDataTable.js: `builder`, `table`, `datatable` — DataTables' own options — and
// `loadDatatableCallback`), as the data table's config: the block mounts them (blocks/datatable/
// index.ts), `npm run validate` checks them, and the configurator turns them into a piazza config.
// What has no equivalent (the cell renderers of `columnDefs`, DataTables' display options, the
// table template, the callback) is reported once, with what replaces it. docs/openpa.md §4 is its
// table. Its own lazy chunk: only a block configured so loads it (plugin.ts tells). Pure.
import type { LegacyNote } from '../../../runtime/config';
import type { Column, DatatableConfig } from '../../../schemas/generated/datatable';

import { obj, type Obj } from './plugin';

export { isPluginSettings } from './plugin';

/** Why each setting without an equivalent is left out, in the admin's two languages. */
const NOTES: Record<string, LegacyNote['note']> = {
  columnDefs: {
    it: 'I formati delle celle vengono dalla classe dei risultati, o dal `type` di una colonna.',
    en: "Cell formats come from the class of the results, or from a column's `type`.",
  },
  filters: {
    it: 'I filtri diventano tendine (`facets`); i valori già scelti non si conservano.',
    en: 'The filters become drop-downs (`facets`); values chosen in advance are not kept.',
  },
  table: { it: 'piazza disegna una propria tabella accessibile.', en: 'piazza draws its own accessible table.' },
  loadDatatableCallback: { it: "Ascolta invece piazza.on('block:mounted', …).", en: "Listen to piazza.on('block:mounted', …) instead." },
  option: { it: 'Opzione di DataTables senza equivalente in piazza.', en: 'A DataTables option with no equivalent in piazza.' },
};

/** DataTables' options the table reads (the others are display options of DataTables itself). */
const READ = new Set(['ajax', 'columns', 'order', 'pageLength', 'lengthMenu', 'searching', 'language', 'columnDefs']);

/** A column's field from DataTables' `data` path: `data.ita-IT.x` → x, `metadata.name.ita-IT` → name. */
export function fieldOfData(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined;
  const parts = data.split('.');
  if (parts[0] === 'metadata') return parts[1];
  if (parts[0] === 'data') return /^[a-z]{3}-[A-Z]{2}$/.test(parts[1] || '') ? parts[2] : parts[1];
  return data;
}

export interface FromPlugin {
  config: DatatableConfig;
  /** Settings left out, each with what replaces it (warnings, as the listing's legacy keys). */
  ignored: LegacyNote[];
}

export function fromPluginSettings(settings: Obj): FromPlugin {
  const ignored: LegacyNote[] = [];
  const builder = obj(settings.builder) || {};
  const dt = obj(settings.datatable) || {};
  const config: DatatableConfig = { query: typeof builder.query === 'string' ? builder.query : '' } as DatatableConfig;

  const ajax = obj(dt.ajax);
  if (typeof ajax?.url === 'string' && ajax.url) config.searchUrl = ajax.url;
  if (ajax?.dataType === 'jsonp') config.jsonp = true;

  const columns: Column[] = [];
  for (const c of Array.isArray(dt.columns) ? dt.columns : []) {
    const col = obj(c);
    const field = (typeof col?.name === 'string' && col.name) || fieldOfData(col?.data);
    if (!field) continue;
    columns.push({
      field,
      ...(typeof col!.title === 'string' && col!.title ? { title: col!.title } : {}),
      ...(typeof col!.orderable === 'boolean' ? { sortable: col!.orderable } : {}),
    });
  }
  if (columns.length) config.columns = columns as DatatableConfig['columns'];
  // titles come with the columns; the cells' formats from the class of the results, as the plugin's renderers read them
  config.classFromResults = true;

  // `[[0, 'desc']]` (or one pair): the column by its index
  const pair = Array.isArray(dt.order) ? (Array.isArray(dt.order[0]) ? dt.order[0] : dt.order) : null;
  if (pair && typeof pair[0] === 'number' && columns[pair[0]])
    config.order = { field: columns[pair[0]].field, dir: pair[1] === 'desc' ? 'desc' : 'asc' };

  if (typeof dt.pageLength === 'number') config.pageSize = dt.pageLength;
  // `[10, 25]` or `[[10, 25, -1], [10, 25, 'All']]`; -1 (all rows) has no equivalent
  const menu = Array.isArray(dt.lengthMenu) ? (Array.isArray(dt.lengthMenu[0]) ? dt.lengthMenu[0] : dt.lengthMenu) : null;
  if (menu) config.pageSizeOptions = menu.filter((n): n is number => typeof n === 'number' && n > 0);
  if (typeof dt.searching === 'boolean') config.search = dt.searching;
  // DataTables' translation file, named after the eZ locale (`…/datatable/ita-IT.json`)
  const language = obj(dt.language);
  const locale = typeof language?.url === 'string' ? /([a-z]{3}-[A-Z]{2})\.json/.exec(language.url)?.[1] : undefined;
  if (locale) config.locale = locale;

  const filters = obj(builder.filters);
  const facets = Object.values(filters || {})
    .map((f) => obj(f)?.field)
    .filter((f): f is string => typeof f === 'string' && !!f);
  if (facets.length) {
    config.facets = facets.map((field) => ({ field }));
    ignored.push({ key: '/builder/filters', note: NOTES.filters });
  }
  if ('columnDefs' in dt) ignored.push({ key: '/datatable/columnDefs', note: NOTES.columnDefs });
  for (const k of Object.keys(dt)) if (!READ.has(k)) ignored.push({ key: '/datatable/' + k, note: NOTES.option });
  if ('table' in settings) ignored.push({ key: '/table', note: NOTES.table });
  if ('loadDatatableCallback' in settings) ignored.push({ key: '/loadDatatableCallback', note: NOTES.loadDatatableCallback });
  return { config, ignored };
}
