// What the theme's block templates hand to their jQuery plugins, read from their HTML as the real
// eZ engine renders them: the listing's `remoteContentsGui({…})` object and the filter markup the
// plugin reads (jquery.opendata_remote_gui.js: the tab sections, `select[data-facets_select]` with
// `data-datatype`, the time-interval radios, the published and date-range inputs, the search input),
// and the data table's data-remote / data-query / data-facets / data-fields with the order and
// links its inline script computes. Test code: the reading of upstream output, not upstream code.

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const m = new RegExp('\\s' + name + '=(["\'])(.*?)\\1', 's').exec(tag);
  return m ? decode(m[2]) : undefined;
};

export interface ThemeListing {
  /** The plugin's settings object (read as far as it goes when the call is not valid JavaScript). */
  call: Record<string, any> | null;
  /** The call is not valid JavaScript: in the browser the block stops there. */
  broken: boolean;
  tabs: string[];
  facets: Array<{ field: string; label: string; type?: string; options?: Array<{ value: string; label: string }> }>;
  timeIntervals: boolean;
  publishedRange: boolean;
  dateRanges: Array<{ fromField: string; toField: string }>;
  showSearch: boolean;
  searchLabel?: string;
}

export function readThemeListing(html: string, blockId: string): ThemeListing | null {
  if (!html.includes('id="remote-gui-' + blockId + '"')) return null;
  const literal = /\.remoteContentsGui\((\{[\s\S]*?\})\);\s*\}\);\s*<\/script>/.exec(html)?.[1];
  let call: Record<string, any> | null = null,
    broken = false;
  const evaluate = (text: string) => new Function('return (' + text + ')')();
  try {
    call = literal ? evaluate(literal) : null;
  } catch {
    // `'limitPagination': ,` and the like: the browser stops there; the other settings are read
    broken = true;
    call = evaluate(literal!.replace(/:\s*,/g, ': undefined,'));
  }
  const tabs = [...html.matchAll(new RegExp('<section id="remote-gui-' + blockId + '-(list|geo|agenda)"', 'g'))].map((m) => m[1]);
  // the plugin's facet N is `select[data-facets_select="facet-N"]`, labelled by its <label for>
  const selects = [...html.matchAll(/<select([^>]*data-facets_select="facet-(\d+)"[^>]*)>([\s\S]*?)<\/select>/g)];
  const facetFields: string[] = call?.facets || [];
  const facets = selects.map(([, tag, index, body]) => {
    const label = decode(new RegExp('<label[^>]*for="' + attr(tag, 'id') + '"[^>]*>([^<]*)<').exec(html)?.[1] || '').trim();
    const options = [...body.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)/g)].map(([, value, text]) => ({
      value: decode(value),
      label: decode(text).replace(/^\u00a0+/, ''),
    }));
    const type = attr(tag, 'data-datatype');
    return { field: facetFields[Number(index)], label, ...(type ? { type } : {}), ...(options.length ? { options } : {}) };
  });
  const dateRanges = [...html.matchAll(/<input[^>]*name="date_range_from"[^>]*>/g)].map(([tag]) => ({
    fromField: attr(tag, 'data-from-field') || '',
    toField: attr(tag, 'data-to-field') || '',
  }));
  const search = /<input[^>]*data-search="q"[^>]*>/.exec(html)?.[0];
  return {
    call,
    broken,
    tabs,
    facets,
    timeIntervals: /name="time_interval" type="radio"/.test(html),
    publishedRange: /name="published_from"/.test(html),
    dateRanges,
    showSearch: !!search,
    ...(search ? { searchLabel: attr(search, 'placeholder') } : {}),
  };
}

export interface ThemeTable {
  remote: string;
  /** data-query as jQuery's .data() hands it to the plugin. */
  query: string;
  facets: Array<{ field: string; name: string; limit: string | number; sort: string }>;
  fields: string[];
  momentLocale: string;
}

export function readThemeTable(html: string, blockId: string): ThemeTable | null {
  const tag = new RegExp('<div id="remote-datatable-' + blockId + '"(?:\\s+[\\w-]+=(?:"[^"]*"|\'[^\']*\'))*\\s*>').exec(html)?.[0];
  if (!tag) return null;
  return {
    remote: attr(tag, 'data-remote') ?? '',
    query: attr(tag, 'data-query') ?? '',
    facets: JSON.parse(attr(tag, 'data-facets') || '[]'),
    fields: JSON.parse(attr(tag, 'data-fields') || '[]'),
    momentLocale: /moment\.locale\('([^']*)'\)/.exec(html)?.[1] ?? '',
  };
}

/**
 * The template's inline script, as a rule: with no fields, the link and the name sorted by the
 * name; with fields, the class of the first result (a `facets [class]` search) gives titles and
 * types, the columns are sorted by the first one, or the one after a leading `_link`, ascending —
 * descending when that first column is a date; a link opens `remoteUrl + '/openpa/object/' + id`.
 */
export function themeTableRules(t: ThemeTable) {
  const columns = t.fields.length ? t.fields : ['_link', 'name'];
  const sortIndex = columns[0] === '_link' ? 1 : 0;
  return {
    columns,
    readsClassOfResults: t.fields.length > 0,
    order: { field: columns[sortIndex], dir: t.fields.length && sortIndex === 0 ? 'asc, desc for a date' : 'asc' },
    link: t.remote + '/openpa/object/{id}',
  };
}
