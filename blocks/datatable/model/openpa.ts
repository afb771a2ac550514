// The data table block's eZ attributes → its config: the one meaning of an `OpendataRemoteContents`
// block in view `datatable`, read from the theme's template (openpa_bootstrapitalia
// design/bootstrapitalia2/override/templates/block/opendata_remote_gui_datatable.tpl: its
// data-remote / data-query / data-facets / data-fields and the script that reads them). The parity
// test (test/unit/openpa/parity.test.ts) checks it against that template rendered by the real eZ
// engine; docs/openpa.md lists the differences it allows. Pure.
import type { Column, DatatableConfig, Facet } from '../../../schemas/generated/datatable';
import { attributePath, readForm, type Mapped, type OpenpaForm } from '../../../runtime/openpa';
import type { ConfigProblem } from '../../../runtime/types';

/** The template's link column (`_link`): the content's id, linked, never sorted. */
export const LINK_COLUMN: Column = { field: 'id', title: '#', link: true, sortable: false };

export function fromOpenpa(raw: unknown): Mapped<DatatableConfig> {
  const { form, problems } = readForm(raw);
  if (form.block.type === 'TrasparenzaTable') return trasparenzaFromOpenpa(form, problems);
  const a = form.attributes;
  const origin: Record<string, string> = {};
  const remote = (a.remote_url || '').replace(/^\/+|\/+$/g, '');
  const prefix = form.site.prefix.replace(/\/+$/, '');
  const config: DatatableConfig = {
    blockId: form.block.id,
    query: a.query || '',
    // this portal's module door, or another portal's REST door read with JSONP, as the template
    searchUrl: remote ? remote + '/api/opendata/v2/datatable/search/' : prefix + '/opendata/api/datatable/search/',
    jsonp: !!remote,
    // The class always from this portal: the REST classes route answers no JSONP and no CORS
    // (ocopendata classes/api/view_controller.php, views/json_v1.php), so another portal's class
    // cannot be read from the browser; OpenPA portals share their class definitions.
    classesUrl: prefix + '/opendata/api/classes/',
    // a link column opens the content on the portal that has it
    linkTemplate: (remote || '') + '/openpa/object/{id}',
  };
  origin['/query'] = attributePath('query');
  origin['/searchUrl'] = attributePath('remote_url');
  origin['/linkTemplate'] = attributePath('remote_url');
  if (form.site.locale) config.locale = form.site.locale;

  // fields: "_link", "field", "matrix.column"; none: the link and the name, sorted by name.
  const fields = a.fields
    ? a.fields
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : [];
  const columns: Array<string | Column> = [];
  fields.forEach((field, i) => {
    origin['/columns/' + columns.length] = attributePath('fields') + '/' + i;
    if (field === '_link') columns.push(LINK_COLUMN);
    // piazza shows the whole matrix in its cell (the template showed the one column named)
    else if (field.includes('.')) columns.push({ field: field.split('.')[0], type: 'matrix', sortable: false });
    else columns.push(field);
  });
  if (columns.length) {
    config.columns = columns as DatatableConfig['columns'];
    // titles and types from the class of the results, found as the template found it
    config.classFromResults = true;
    // the template sorts by the first column after a leading link, ascending; otherwise by the
    // first column, descending when it is a date, which is piazza's own default
    if (fields[0] === '_link' && columns[1])
      config.order = { field: typeof columns[1] === 'string' ? columns[1] : columns[1].field, dir: 'asc' };
  } else {
    config.columns = [LINK_COLUMN, 'name'];
    config.order = { field: 'name', dir: 'asc' };
  }

  // facets: "Label:field[:limit[:sort]]"; time_interval and published_range are not for tables.
  const facets: Facet[] = [];
  (a.facets ? a.facets.split(',') : []).forEach((entry, i) => {
    const [label, field, limit, sort] = entry.split(':');
    if (!label || field === 'time_interval' || field === 'published_range') return;
    const path = attributePath('facets') + '/' + i;
    if (!field) return void problems.push({ path, code: 'required' });
    origin['/facets/' + facets.length] = path;
    const facet: Facet = { field, label, limit: 300, sort: 'alpha' };
    if (limit !== undefined) {
      if (/^\d+$/.test(limit)) facet.limit = Number(limit);
      else problems.push({ path, code: 'type', types: ['integer'] });
    }
    if (sort !== undefined) facet.sort = sort as Facet['sort'];
    facets.push(facet);
  });
  if (facets.length) config.facets = facets;
  return { config, origin, problems };
}

/** A column of an Amministrazione Trasparente table, as the theme's content_trasparenza.php computed it. */
interface TrasparenzaColumn {
  identifier: string;
  /** DataTables' column, JSON: data, name, title, searchable, orderable. */
  column: string;
  matrixColumn?: string;
  /** ocopendata's template.type of the field (`multifile`…). */
  templateType?: string;
  showLink?: boolean | string;
}

/**
 * A table of Amministrazione Trasparente (the theme's children_table_fields.tpl): its query, the
 * columns and order content_trasparenza.php computed (titles, sortable, linked: the first and the
 * `*` ones), 30 rows a page (30, 60, 90, 120), the `group_by` buttons as one filter, links to the
 * content on this portal.
 */
function trasparenzaFromOpenpa(form: OpenpaForm, problems: ConfigProblem[]): Mapped<DatatableConfig> {
  const a = form.attributes;
  const prefix = form.site.prefix.replace(/\/+$/, '');
  const list = Array.isArray(form.context?.columns) ? (form.context.columns as TrasparenzaColumn[]) : [];
  const columns: Column[] = [];
  list.forEach((c, i) => {
    let column: { title?: string; orderable?: boolean } = {};
    try {
      column = JSON.parse(c.column);
    } catch {
      problems.push({ path: '/openpa/context/columns/' + i + '/column', code: 'json', detail: 'not JSON' });
    }
    columns.push({
      field: c.identifier,
      ...(column.title ? { title: column.title } : {}),
      sortable: !!column.orderable,
      // the template links the first and the `*` columns, but draws a matrix or a file list without a link
      link: (c.showLink === true || c.showLink === '1') && !c.matrixColumn && c.templateType !== 'multifile',
      // piazza shows the whole matrix in its cell (the template showed the one column named)
      ...(c.matrixColumn ? { type: 'matrix' as const } : {}),
    });
  });
  if (!columns.length) problems.push({ path: '/openpa/context/columns', code: 'minItems', limit: 1 });
  let order: DatatableConfig['order'];
  try {
    const [index, dir] = (JSON.parse(a.order || '[]') as Array<[number, string]>)[0] || [];
    if (columns[index]) order = { field: columns[index].field, dir: dir === 'desc' ? 'desc' : 'asc' };
  } catch {
    problems.push({ path: attributePath('order'), code: 'json', detail: 'not JSON' });
  }
  const config: DatatableConfig = {
    blockId: form.block.id,
    query: a.query || '',
    searchUrl: prefix + '/opendata/api/datatable/search/',
    jsonp: false,
    classesUrl: prefix + '/opendata/api/classes/',
    ...(a.class_identifier ? { class: a.class_identifier } : {}),
    columns: columns as DatatableConfig['columns'],
    ...(order ? { order } : {}),
    pageSize: 30,
    pageSizeOptions: [30, 60, 90, 120],
    linkTemplate: prefix + '/openpa/object/{id}',
    ...(a.group_by ? { facets: [{ field: a.group_by }] } : {}),
    ...(form.site.locale ? { locale: form.site.locale } : {}),
  };
  const origin = {
    '/query': attributePath('query'),
    '/order': attributePath('order'),
    '/class': attributePath('class_identifier'),
    '/facets': attributePath('group_by'),
    '/columns': '/openpa/context/columns',
  };
  return { config, origin, problems };
}
