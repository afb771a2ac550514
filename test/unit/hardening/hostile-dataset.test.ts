// The hostile dataset really is hostile everywhere: every string the emulator serves in a field
// piazza renders (content, views, facets, geo, calendar, classes, data table) carries payloads,
// and the whole catalogue reaches the page. The counts (payloads × fields) are printed for the
// hardening report. Only structural strings are left clean, each for a stated reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startHarness, type Harness } from '../emulator/helpers';
// @ts-ignore plain JS fixture module
import { hostileString, PAYLOADS, SIGNATURES } from '../../../fixtures/data/hostile.mjs';

/** Leaf keys that are structure, not text shown to visitors (ids, identifiers, URIs, dates, coordinates). */
const STRUCTURAL = new Set([
  'id',
  'class',
  'classIdentifier',
  'class_identifier',
  'languages[]',
  'remoteId',
  'mainNodeRemoteId',
  'path_string',
  'sectionIdentifier',
  'stateIdentifiers[]',
  'published',
  'modified',
  'identifier',
  'dataType',
  'constraint[]',
  'groups[]',
  'mime_type',
  'latitude',
  'longitude',
  'from_time',
  'to_time',
  'start',
  'end',
  'input',
  'rrule',
  'publication_date',
  'expiration_time',
  'valid_from',
  'valid_through',
  'format[]',
  'query',
  'nextPageQuery',
  // The class editor's own texts: never rendered by piazza.
  'dataTypeName',
  'help',
]);
/** API links (`read/{id}`) and GeoJSON / template types: structure too, unlike the ezurl field `link` and calendar `type`. */
const STRUCTURAL_PATH = /(metadata|\[\])\.link$|(geometry|template|^(geo|extrageo)\[\])\.type$/;
/** The opening hours matrix is parsed by the server into calendar items, never shown as it is. */
const PARSED = /opening_hours\[\]\.(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;

const LANG = /^[a-z]{3}-[A-Z]{2}$/;
type Field = { values: number; clean: string[]; payloads: Set<string> };

function collect(into: Map<string, Field>, value: unknown, path: string) {
  if (typeof value === 'string') {
    const last = path.slice(path.lastIndexOf('.') + 1);
    if (STRUCTURAL.has(last) || STRUCTURAL_PATH.test(path) || PARSED.test(path) || value === '') return;
    const f = into.get(path) ?? { values: 0, clean: [], payloads: new Set<string>() };
    f.values++;
    let any = false;
    for (const [id, re] of Object.entries(SIGNATURES as Record<string, RegExp>)) {
      if (re.test(value)) {
        f.payloads.add(id);
        any = true;
      }
    }
    if (!any) f.clean.push(value.slice(0, 80));
    into.set(path, f);
  } else if (Array.isArray(value)) {
    value.forEach((v) => collect(into, v, path + '[]'));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(into, v, path + '.' + (LANG.test(k) ? '{lang}' : k));
  }
}

let h: Harness;
const fields = new Map<string, Field>();
const CLASSES = ['event', 'article', 'place', 'public_service', 'document', 'topic', 'image', 'opening_hours_specification'];

beforeAll(async () => {
  h = await startHarness({ hostile: true });
  const get = async (path: string) => {
    const r = await h.json(path);
    expect(r.status, path).toBe(200);
    return r.body;
  };
  for (const c of CLASSES) {
    collect(fields, (await get('/api/opendata/v2/content/search/' + enc(`classes [${c}] limit 100`))).searchHits, 'search');
    collect(
      fields,
      (await get('/api/opendata/v2/content/search/' + enc(`classes [${c}] limit 100`) + '?view=card_teaser')).searchHits,
      'search',
    );
    collect(fields, await get('/api/opendata/v2/classes/' + c), 'class');
  }
  // Facet values are object keys: each key is a value the facet selects show.
  const facets = (
    await get(
      '/api/opendata/v2/content/search/' +
        enc(
          'classes [event,document,public_service,place,article] facets [topics|alpha|100,has_public_event_typology|alpha|100,document_type|alpha|100,raw[extra_fase_si]|alpha|100,type|alpha|100,audience|alpha|100,status|alpha|100,content_type|alpha|100] limit 1',
        ),
    )
  ).facets;
  for (const f of facets) for (const key of Object.keys(f.data)) collect(fields, key, 'facet.' + f.name);
  collect(fields, (await get('/api/opendata/v2/geo/search/' + enc('classes [place] limit 500'))).features, 'geo');
  collect(fields, (await get('/api/opendata/v2/extrageo/search/' + enc('classes [event,public_service] limit 500'))).features, 'extrageo');
  collect(
    fields,
    await get('/api/opendata/v2/calendar/search/' + enc('classes [event,place]') + '?start=2025-05-01&end=2025-08-01'),
    'calendar',
  );
  collect(
    fields,
    (await get('/opendata/api/datatable/search/?q=' + enc('classes [document]') + '&draw=1&start=0&length=100')).data,
    'datatable',
  );
  collect(
    fields,
    (await get('/opendata/api/datatable/search/?q=' + enc('classes [article]') + '&draw=1&start=0&length=100')).data,
    'datatable',
  );
  collect(
    fields,
    await get('/openpa/data/block_opendata_queried_contents/eventi-server/search/?limit=6&offset=0&view=card_teaser'),
    'server',
  );
}, 120_000);
afterAll(() => h?.close());

describe('the hostile dataset', () => {
  it('puts payloads in every rendered string of every front door (no clean value left)', () => {
    const clean = [...fields]
      .filter(([, f]) => f.clean.length)
      .map(([path, f]) => `${path}: ${f.clean.length}/${f.values} clean, e.g. ${JSON.stringify(f.clean[0])}`);
    expect(clean).toEqual([]);
    expect(fields.size).toBeGreaterThan(100);
  });

  it('covers each kind of field the issue names, with the payloads meant for it', () => {
    const seen = (suffix: string) => {
      const ids = new Set<string>();
      for (const [path, f] of fields) if (path.endsWith(suffix)) f.payloads.forEach((p) => ids.add(p));
      return ids;
    };
    const text = Object.keys(PAYLOADS.text);
    // names, abstracts, facet values, calendar titles, geo names: every text payload
    for (const suffix of [
      '.event_title',
      '.abstract',
      '.metadata.name.{lang}',
      'facet.topics',
      'calendar[].title',
      'geo[].properties.name',
    ]) {
      expect([...seen(suffix)], suffix).toEqual(
        expect.arrayContaining(text.filter((id) => !suffix.startsWith('facet') || (id !== 'entity' && id !== 'template'))),
      );
    }
    // facet names: the class field names the data table shows as titles and labels
    expect([...seen('class.fields[].name.{lang}')], 'class.fields[].name.{lang}').toEqual(expect.arrayContaining(text));
    // urls (ezurl targets, url aliases) and file names
    expect([...seen('.data.{lang}.link')], '.data.{lang}.link').toEqual(
      expect.arrayContaining(['url-javascript', 'url-data', 'vbscript', 'protocol-relative', 'backslash', 'url-quote']),
    );
    expect([...seen('.extradata.{lang}.urlAlias')], '.extradata.{lang}.urlAlias').toEqual(
      expect.arrayContaining(['url-javascript', 'url-data', 'backslash', 'path-quote']),
    );
    expect([...seen('.file.filename')], '.file.filename').toEqual(['filename']);
    expect([...seen('.file.url')], '.file.url').toEqual(['filename']);
    // e-mails, matrix cells (with a leading formula), rich text and views
    expect([...seen('.authors[].email')], '.authors[].email').toEqual(['email']);
    expect([...seen('.amounts[].voce')], '.amounts[].voce').toEqual(expect.arrayContaining(['formula', ...text, 'long']));
    expect([...seen('.data.{lang}.body')], '.data.{lang}.body').toEqual(expect.arrayContaining([...Object.keys(PAYLOADS.html), 'long']));
    expect([...seen('.extradata.{lang}.view')], '.extradata.{lang}.view').toEqual(
      expect.arrayContaining([...Object.keys(PAYLOADS.html), 'markers']),
    );
  });

  it('reports payloads × fields', () => {
    const pairs = [...fields.values()].reduce((n, f) => n + f.payloads.size, 0);
    const payloads = new Set([...fields.values()].flatMap((f) => [...f.payloads]));
    // Fields counted once however many front doors serve them: the path after its front door.
    const distinct = new Set([...fields.keys()].map((p) => p.replace(/^[^.[]+(\[\])?\.?/, '')));
    console.info(
      `hostile dataset: ${payloads.size} payloads × ${distinct.size} fields (${fields.size} field paths over all front doors) = ${pairs} payload/field-path pairs`,
    );
    expect(payloads.size).toBe(Object.keys(SIGNATURES).length);
  });
});

describe('hostileString', () => {
  it('keeps file names one path segment with their extension, and url aliases parseable', () => {
    const name = hostileString('delibera-12.pdf', 'filename');
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name).not.toMatch(/[/?#%]/);
  });

  it('10 000 characters exactly, one in about five values of the free-text kinds', () => {
    expect(PAYLOADS.long).toHaveLength(10_000);
    const values = Array.from({ length: 200 }, (_, i) => hostileString('Valore ' + i, 'name'));
    const long = values.filter((v) => v.includes(PAYLOADS.long)).length;
    expect(long).toBeGreaterThan(20);
    expect(long).toBeLessThan(80);
  });

  it('keywords stay on one line and short enough for a query in a URL', () => {
    const k = hostileString('Cultura', 'keyword');
    expect(k).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(k.length).toBeLessThan(1500);
  });

  it('is deterministic', () => {
    expect(hostileString('Evento', 'url')).toBe(hostileString('Evento', 'url'));
  });
});

describe('the hostile markup page', () => {
  it('is generated from the current payload catalogue (node fixtures/data/hostile-pages.mjs)', async () => {
    // @ts-ignore plain JS fixture module
    const { hostileMarkupPage, HOSTILE_MARKUP_PAGE, HOSTILE_TEXT } = await import('../../../fixtures/data/hostile-pages.mjs');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(HOSTILE_MARKUP_PAGE, 'utf8')).toBe(hostileMarkupPage());
    expect(HOSTILE_TEXT).toContain(PAYLOADS.text.img);
  });
});
