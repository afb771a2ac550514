// The data table block's eZ attributes → its config: the one meaning of an `OpendataRemoteContents`
// block in view `datatable`, read from the theme's template (openpa_bootstrapitalia
// design/bootstrapitalia2/override/templates/block/opendata_remote_gui_datatable.tpl: its
// data-remote / data-query / data-facets / data-fields and the script that reads them). The parity
// test (test/unit/openpa/parity.test.ts) checks it against that template rendered by the real eZ
// engine; docs/openpa.md lists the differences it allows. Pure.
import type { Column, DatatableConfig, Facet } from '../../../schemas/generated/datatable';
import { attributePath, readForm, type Mapped } from '../../../runtime/openpa';

/** The template's link column (`_link`): the content's id, linked, never sorted. */
export const LINK_COLUMN: Column = { field: 'id', title: '#', link: true, sortable: false };

export function fromOpenpa(raw: unknown): Mapped<DatatableConfig> {
  const { form, problems } = readForm(raw);
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
  const fields = a.fields ? a.fields.split(',').map((f) => f.trim()).filter(Boolean) : [];
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
    if (fields[0] === '_link' && columns[1]) config.order = { field: typeof columns[1] === 'string' ? columns[1] : columns[1].field, dir: 'asc' };
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
