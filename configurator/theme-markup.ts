// What the theme's jQuery blocks hold besides their plugin's settings, read from a page an admin
// pastes (the portal's HTML source): the listing's tabs, search box and filters are markup the
// plugin reads (openpa_bootstrapitalia design/bootstrapitalia2/override/templates/block/
// opendata_remote_gui.tpl), and the data table's query, fields and facets are data-* attributes
// its inline script reads (…/opendata_remote_gui_datatable.tpl). Each becomes what the piazza
// config says for it (docs/openpa.md §4). Pure, on a parsed document.
import type { ListingConfig } from '../schemas/generated/listing';

/** The theme's own placeholder of the search box ('Search by keyword' in its it, en and de translations): not the admin's text. */
const DEFAULT_SEARCH_TEXTS = new Set(['Search by keyword', 'Cerca per parola chiave', 'Suche nach Schlüsselwort']);

type Facet = Exclude<NonNullable<ListingConfig['facets']>[number], string>;

/** The listing's settings the markup of block `id` adds to the plugin's: tabs, search, filters. */
export function listingMarkup(page: Document, id: string, facetFields: unknown[]): Partial<ListingConfig> | null {
  const root = page.getElementById('remote-gui-' + id);
  if (!root) return null;
  const out: Partial<ListingConfig> = {};
  const tabs = (['list', 'geo', 'agenda'] as const).filter((t) => page.getElementById(`remote-gui-${id}-${t}`)?.tagName === 'SECTION');
  // in the page's order
  tabs.sort((a, b) =>
    page.getElementById(`remote-gui-${id}-${a}`)!.compareDocumentPosition(page.getElementById(`remote-gui-${id}-${b}`)!) & 4 ? -1 : 1,
  );
  if (tabs.length) out.tabs = tabs as NonNullable<ListingConfig['tabs']>;
  const search = root.querySelector<HTMLInputElement>('input[data-search="q"]');
  out.showSearch = !!search;
  const placeholder = search?.getAttribute('placeholder')?.trim();
  if (placeholder && !DEFAULT_SEARCH_TEXTS.has(placeholder)) out.i18n = { 'search.label': placeholder };
  // the plugin's facet N is `select[data-facets_select="facet-N"]`, labelled by its <label for>
  const facets: Facet[] = [];
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[data-facets_select]')) {
    const n = Number(select.getAttribute('data-facets_select')!.replace('facet-', ''));
    const field = facetFields[n];
    if (typeof field !== 'string' || !field) continue;
    const label =
      (select.id && [...root.querySelectorAll('label')].find((l) => l.getAttribute('for') === select.id)?.textContent?.trim()) || field;
    const facet: Facet = { field, label, sort: 'alpha', limit: 1000 };
    const type = select.getAttribute('data-datatype');
    if (type && type !== 'string') facet.type = type === 'date' || type === 'integer' ? type : 'term';
    // a tag tree's levels by their indent (two spaces a level; the theme indents the fourth as the third)
    const options = [...select.options].map((o) => {
      const text = o.textContent || '';
      const indent = /^\u00a0*/.exec(text)![0].length;
      return { value: o.value, label: text.replace(/^\u00a0+/, ''), depth: Math.min(6, indent >> 1) };
    });
    if (options.length) facet.options = options;
    facets.push(facet);
  }
  if (facets.length) out.facets = facets;
  out.timeIntervals = !!root.querySelector('input[name="time_interval"][type="radio"]');
  out.publishedRange = !!root.querySelector('input[name="published_from"]');
  const ranges = [...root.querySelectorAll('input[name="date_range_from"]')].map((input) => ({
    label: (input.closest('fieldset')?.querySelector('legend')?.firstChild?.textContent || '').trim(),
    fromField: input.getAttribute('data-from-field') || '',
    toField: input.getAttribute('data-to-field') || '',
  }));
  if (ranges.length) out.dateRanges = ranges;
  return out;
}

/** eZ's `wash(javascript)` undone: `\\` `\042` `\047` back to `\` `"` `'` (the data table's data-query carries them). */
export const unwashJavascript = (s: string) => s.replace(/\\(\\|042|047)/g, (_, e) => (e === '\\' ? '\\' : e === '042' ? '"' : "'"));

/**
 * The data table's data-* (data-remote, data-query, data-facets, data-fields of
 * `#remote-datatable-{id}`) as the block attributes the template wrote them from, so that the eZ
 * mapping reads them: `fields` comma-joined, each facet `Label:field:limit:sort`.
 */
export function datatableAttributes(page: Document): { blockId: string; attributes: Record<string, string> } | null {
  const el = page.querySelector<HTMLElement>('[id^="remote-datatable-"][data-query]');
  if (!el) return null;
  const json = (name: string): unknown[] => {
    try {
      const v = JSON.parse(el.getAttribute(name) || '[]');
      return Array.isArray(v) ? v : [];
    } catch {
      return [];
    }
  };
  const facets = json('data-facets').map((f) => {
    const o = (f || {}) as Record<string, unknown>;
    return [o.name, o.field, o.limit, o.sort].map((v) => (v === undefined || v === null ? '' : String(v))).join(':');
  });
  return {
    blockId: el.id.replace('remote-datatable-', ''),
    attributes: {
      remote_url: el.getAttribute('data-remote') || '',
      query: unwashJavascript(el.getAttribute('data-query') || ''),
      fields: json('data-fields').map(String).join(','),
      facets: facets.join(','),
    },
  };
}
