// Amministrazione Trasparente's tables (on every PA site, by law): the theme's
// children_table_fields.tpl and piazza's override, rendered by the real eZ engine with the same
// `$fields` (what the theme's content_trasparenza.php parseTableFieldsParameter computes from a
// page's "fields" syntax), must mean the same table; the three kinds piazza leaves to the theme
// must render the theme's own template.
import { describe, expect, it } from 'vitest';
import { fromOpenpa } from '../../../blocks/datatable/model/openpa';
import { extension, realEz, renderEz, templateErrors, theme } from './ez';

const themeTpl = theme + '/bootstrapitalia2/templates/openpa/full/parts/amministrazione_trasparente/children_table_fields.tpl';
const ourTpl = extension + '/design/piazza/override/templates/piazza_children_table_fields.tpl';

const column = (identifier: string, title: string, orderable: boolean) =>
  JSON.stringify({ data: 'data.ita-IT.' + identifier, name: identifier, title, searchable: orderable, orderable });
const fields = (over: Record<string, unknown> = {}) => ({
  query: "classes [document] subtree [42] and document_type in ['Delibera di giunta']",
  order: '[[2,"desc"]]',
  group_by: 'raw[extra_anno_year____dt]',
  class_identifier: 'document',
  facets: ['2025', '2024'],
  title: 'Delibere',
  description: 'Le delibere della giunta',
  include_expired: false,
  parent_node_id: 42,
  class_fields: [
    { identifier: 'name', column: column('name', 'Oggetto', true), dataType: 'ezstring', template: { type: 'string' }, showLink: true },
    {
      identifier: 'document_type',
      column: column('document_type', 'Tipo', true),
      dataType: 'eztags',
      template: { type: 'tag' },
      showLink: false,
    },
    {
      identifier: 'publication_start_time',
      column: column('publication_start_time', 'Pubblicato il', true),
      dataType: 'ezdatetime',
      template: { type: 'ISO 8601 date' },
      showLink: false,
    },
    {
      identifier: 'has_channel',
      column: column('has_channel', 'Canale (url)', false),
      dataType: 'ezmatrix',
      template: { type: 'matrix' },
      matrix_column: 'url',
      showLink: true,
    },
  ],
  ...over,
});
const vars = (f: Record<string, unknown>) => ({ fields: f, table_index: 0, node: { node_id: 42 } });

/** The theme's plugin call: `$('#container-…').opendataDataTable({…})`, evaluated (its functions are not run). */
function themeCall(html: string) {
  const literal = /\.opendataDataTable\((\{[\s\S]*?\})\)\.data\('opendataDataTable'\)/.exec(html)![1];
  return new Function('return (' + literal + ')')();
}

describe.skipIf(realEz.skip)('Amministrazione Trasparente tables, by the real eZ engine', () => {
  it("piazza's table means the theme's: query, columns (titles, sortable, links), order, page sizes, the year buttons as a filter, links", () => {
    const f = fields();
    const original = renderEz(themeTpl, { vars: vars(f) });
    const ours = renderEz(ourTpl, { vars: vars(f) });
    expect(templateErrors(original.log)).toEqual([]);
    expect(templateErrors(ours.log)).toEqual([]);
    expect(ours.html).not.toMatch(/opendataDataTable|\$\(document\)/);
    const call = themeCall(original.html);
    const form = JSON.parse(
      /data-piazza-block="datatable" id="container-42-0"><script type="application\/json">([\s\S]*?)<\/script>/.exec(ours.html)![1],
    );
    const { config, problems } = fromOpenpa(form);
    expect(problems).toEqual([]);
    expect(config.query).toBe(call.builder.query);
    // a column's link: the theme's render sets `link` for the first column and the `*` ones
    const linked = call.datatable.columnDefs.map((d: { render: () => void }) => /link = "/.test(String(d.render)));
    expect(config.columns).toEqual(
      call.datatable.columns.map((c: { name: string; title: string; orderable: boolean }, i: number) => ({
        field: c.name,
        title: c.title,
        sortable: c.orderable,
        link: linked[i],
        ...(f.class_fields[i].matrix_column ? { type: 'matrix' } : {}),
      })),
    );
    const [[index, dir]] = call.datatable.order;
    expect(config.order).toEqual({ field: call.datatable.columns[index].name, dir });
    expect([config.pageSize, ...(config.pageSizeOptions || [])]).toEqual([call.datatable.lengthMenu[0], ...call.datatable.lengthMenu]);
    expect(config.searchUrl).toBe(new URL(call.datatable.ajax.url).pathname);
    expect(config.jsonp).toBe(false);
    expect(config.facets).toEqual([{ field: /data-group="([^"]+)"/.exec(original.html)![1] }]);
    expect(config.class).toBe(f.class_identifier);
    expect(config.linkTemplate).toBe('/openpa/object/{id}');
    // title, description and the Open Data links are the theme's markup
    for (const text of ['<h3 class="h4 mt-5">Delibere</h3>', '<p>Le delibere della giunta</p>', 'exportas/custom/csv_search/'])
      expect(ours.html).toContain(text);
  }, 30_000);

  for (const [kind, over] of [
    ['time-indexed roles', { class_identifier: 'time_indexed_role' }],
    ['tables with expired contents', { include_expired: true }],
  ] as const) {
    it(`${kind}: the theme's own template, as it is`, () => {
      const ours = renderEz(ourTpl, { vars: vars(fields(over)) });
      expect(templateErrors(ours.log)).toEqual([]);
      expect(ours.html).toMatch(/\.opendataDataTable\(/);
      expect(ours.html).not.toContain('data-piazza-block');
    }, 30_000);
  }
});
