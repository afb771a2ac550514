import { describe, it, expect } from 'vitest';
import { generateDataset } from '../../../fixtures/data/generate.mjs';
import { search, QueryError, CONVERTER_ERROR, escapeValue } from '../../../fixtures/emulator/query/index.mjs';
import { TODAY } from './helpers';

const ds = generateDataset({ today: TODAY });
const ids = (q: string, o = {}) => search(ds, q, { maxLimit: 1000, defaultLimit: 1000, ...o }).hits.map((h) => h.id);
const count = (q: string) => search(ds, q, { maxLimit: 1000 }).totalCount;
const byId = (id: number) => ds.byId.get(id)!;

describe('dataset', () => {
  it('is deterministic for a seed and a day, and different for another seed', () => {
    const again = generateDataset({ today: TODAY });
    expect(again.contents.map((c) => [c.id, c.name, c.published, c.urlAlias])).toEqual(
      ds.contents.map((c) => [c.id, c.name, c.published, c.urlAlias]),
    );
    const other = generateDataset({ today: TODAY, seed: 1 });
    expect(other.contents.map((c) => c.name)).not.toEqual(ds.contents.map((c) => c.name));
  });

  it('has ≥ 300 contents of the listing classes plus related objects', () => {
    const main = ds.contents.filter((c) => ['event', 'article', 'place', 'public_service', 'document'].includes(c.classIdentifier));
    expect(main.length).toBeGreaterThanOrEqual(300);
    for (const cls of ['topic', 'image', 'opening_hours_specification'])
      expect(ds.contents.some((c) => c.classIdentifier === cls)).toBe(true);
    expect(ds.classes.empty_class).toBeDefined();
    expect(ds.today).toBe(TODAY);
  });

  it('carries the nasty names and values', () => {
    expect(byId(5001).name['ita-IT']).toBe('<b>Bold</b> news');
    expect(ds.tagIds.has_public_event_typology[`Concerto "all'aperto"`]).toBeDefined();
    expect(ds.contents.find((c) => c.name['ita-IT'] === 'Ambiente (verde) [urbano]')!.classIdentifier).toBe('topic');
    expect(byId(6001).fields.has_address).toMatchObject({
      latitude: byId(6002).fields.has_address.latitude,
      longitude: byId(6002).fields.has_address.longitude,
    });
    expect(byId(6003).fields.has_address).toBeNull();
    expect(byId(6004).fields.has_address).toMatchObject({ latitude: 0, longitude: 0 });
    expect(byId(4001).fields.takes_place_in).toHaveLength(2);
    expect(byId(5004).languages).toEqual(['eng-GB']);
    expect(byId(4007).languages).toEqual(['ita-IT', 'eng-GB', 'ger-DE']);
  });

  it('dates are relative to today', () => {
    const later = generateDataset({ today: '2025-07-10' });
    const shift = later.byId.get(4002)!.fields.time_interval.occurrences[0].start - byId(4002).fields.time_interval.occurrences[0].start;
    expect(shift).toBe(30 * 86400000);
  });
});

describe('filtering', () => {
  it('in / = are OR over values, contains is AND', () => {
    const cultura = ids(`classes [event] and topics in ['"Cultura"']`);
    const sport = ids(`classes [event] and topics in ['"Sport"']`);
    const either = ids(`classes [event] and topics in ['"Cultura"','"Sport"']`);
    const both = ids(`classes [event] and topics contains ['"Cultura"','"Sport"']`);
    expect(new Set(either)).toEqual(new Set([...cultura, ...sport]));
    expect(both.every((id) => cultura.includes(id) && sport.includes(id))).toBe(true);
    expect(both.length).toBeLessThan(either.length);
    expect(ids(`classes [event] and topics = '"Cultura"'`)).toEqual(cultura);
  });

  it('matches quoted, bracketed and apostrophe values exactly', () => {
    const typology = `Concerto "all'aperto"`;
    const hits = ids(`classes [event] and has_public_event_typology in ['"${escapeValue(typology)}"']`);
    expect(hits).toContain(4001);
    for (const id of hits) expect(byId(id).fields.has_public_event_typology).toContain(ds.tagIds.has_public_event_typology[typology]);
    // "Concerto" must not match "Concerto (jazz)" nor the quoted one.
    const plain = ids(`classes [event] and has_public_event_typology in ['"Concerto"']`);
    expect(plain).not.toContain(4010);
    expect(plain).not.toContain(4001);
    const green = ids(`classes [event] and topics in ['"${escapeValue('Ambiente (verde) [urbano]')}"']`);
    expect(green).toContain(4001);
    expect(green.length).toBeGreaterThan(1);
  });

  it('! operators match contents without the value, also those without the field', () => {
    const all = ids('classes [article]');
    const cultura = ids(`classes [article] and topics in ['"Cultura"']`);
    const notCultura = ids(`classes [article] and topics !in ['"Cultura"']`);
    expect(notCultura.length + cultura.length).toBe(all.length);
    expect(notCultura).toContain(5009); // no topics at all
    expect(ids(`classes [article] and topics != '"Cultura"'`)).toEqual(notCultura);
    expect(ids(`classes [article] and topics !contains ['"Cultura"']`)).toEqual(notCultura);
  });

  it('range filters numbers and dates inclusively, * is open', () => {
    const docs = ids('classes [document] and anno range [2024,2024]');
    expect(docs.length).toBeGreaterThan(0);
    for (const id of docs) expect(byId(id).fields.anno).toBe(2024);
    const from = ids('classes [document] and anno range [2025,*]');
    expect(from.every((id) => byId(id).fields.anno >= 2025)).toBe(true);
    expect(ids('classes [document] and anno !range [2025,*]').every((id) => byId(id).fields.anno < 2025)).toBe(true);
    const dated = ids(`classes [document] and publication_date range ['2025-01-01','2025-03-31T23:59:59Z']`);
    for (const id of dated)
      expect(byId(id).fields.publication_date >= '2025-01-01' && byId(id).fields.publication_date <= '2025-03-31').toBe(true);
  });

  it('published range reads zone-less dates as UTC', () => {
    const article = byId(5001);
    const day = new Date(article.published).toISOString().slice(0, 10);
    expect(ids(`classes [article] and published range [${day} 00:00,${day} 23:59]`)).toContain(5001);
    expect(ids(`classes [article] and published range ['2000-01-01T00:00:00+01:00','2000-12-31T23:59:00+01:00']`)).toEqual([]);
  });

  it('calendar[time_interval] intersects occurrences', () => {
    const today = ids(`classes [event] and calendar[time_interval] = [${TODAY} 00:00,${TODAY} 23:59]`);
    expect(today).toEqual(expect.arrayContaining([4002, 4003, 4009]));
    expect(today).not.toContain(4001); // in two days
    for (const id of today) {
      const occ = byId(id).fields.time_interval.occurrences;
      expect(occ.some((o: any) => o.start <= Date.parse(`${TODAY}T23:59:00Z`) && o.end >= Date.parse(`${TODAY}T00:00:00Z`))).toBe(true);
    }
    // The weekly market has past and future occurrences: it matches a window only on a Saturday.
    const saturdays = byId(4004).fields.time_interval.occurrences.map((o: any) => new Date(o.start).toISOString().slice(0, 10));
    expect(ids(`id = 4004 and calendar[time_interval] = [${saturdays[3]} 00:00,${saturdays[3]} 23:59]`)).toEqual([4004]);
    expect(ids(`id = 4004 and calendar[time_interval] = [${TODAY} 00:00,${TODAY} 23:59]`)).toEqual([]);
    const upcoming = ids('classes [event] and calendar[time_interval] = [now,*]');
    const past = ids('classes [event] and calendar[time_interval] = [*,now]');
    expect(upcoming.length + past.length).toBeGreaterThanOrEqual(120); // ongoing ones are in both
  });

  it('calendar over two date fields of a relation (opening hours)', () => {
    expect(
      ids(
        'classes [place] and calendar[opening_hours_specification.valid_from,opening_hours_specification.valid_through] = [today,*]',
      ).sort(),
    ).toEqual([6005, 6006, 6007]);
    expect(
      ids(
        "classes [place] and calendar[opening_hours_specification.valid_from,opening_hours_specification.valid_through] = ['2000-01-01','2000-01-02']",
      ),
    ).toEqual([]);
  });

  it('q = … needs every word, case- and accent-insensitive', () => {
    const hits = ids(`classes [event] and q = 'CONCERTO aperto'`);
    expect(hits).toContain(4001);
    const haystack = (id: number) => {
      const c = byId(id);
      const keywords = c.fields.has_public_event_typology.map((t: number) => ds.tags.get(t)!.keyword['ita-IT']);
      return [c.name['ita-IT'], c.fields.event_abstract, c.fields.description, ...keywords].join(' ').toLowerCase();
    };
    for (const id of hits) expect(haystack(id)).toMatch(/concerto[\s\S]*aperto|aperto[\s\S]*concerto/);
    expect(ids(`classes [place] and q = 'mobilita'`)).toEqual(ids(`classes [place] and q = 'Mobilità'`));
    expect(ids(`q = 'parolachenonesiste'`)).toEqual([]);
  });

  it('classes, subtree, id, remote_id, raw[meta_node_id_si], relation ids and tag ids', () => {
    expect(ids('subtree [10101]').length).toBe(0);
    expect(new Set(ids('subtree [101]').map((id) => byId(id).classIdentifier))).toEqual(new Set(['event']));
    expect(ids('id in [4001,5001]').sort()).toEqual([4001, 5001]);
    expect(ids(`remote_id = '${byId(4001).remoteId}'`)).toEqual([4001]);
    expect(ids('raw[meta_node_id_si] = 14001')).toEqual([4001]);
    expect(ids('classes [event] and takes_place_in.id in [6001]').sort()).toEqual([4001, 4011]);
    expect(ids(`classes [event] and takes_place_in.name in ['"Palazzo Pretorio"']`)).toEqual([4011]);
    const tag = ds.tagIds.has_public_event_typology['Concerto (jazz)'];
    expect(ids(`classes [event] and has_public_event_typology.tag_ids in [${tag}]`)).toEqual(
      ids(`classes [event] and raw[subattr_has_public_event_typology___tag_ids____si] in ['${tag}']`),
    );
    expect(ids(`classes [event] and has_public_event_typology.tag_ids in [${tag}]`)).toContain(4010);
    expect(count('classes [empty_class]')).toBe(0);
  });

  it('raises the converter errors of the real server', () => {
    const err = (q: string) => {
      try {
        search(ds, q);
      } catch (e) {
        return e as QueryError;
      }
      throw new Error('no error');
    };
    expect(err('classes [nope]').message).toBe('Class nope not found');
    expect(err('classes [nope]').type).toBe(CONVERTER_ERROR);
    expect(err('classes [article] and time_interval range [today,*]').message).toBe(
      'Field time_interval not found or not searchable in query class range',
    );
    expect(err('classes [event] and calendar[time_interval] = [today]').message).toContain('requires a two elements array');
    expect(err('classes [event] and calendar[time_interval] in [today,*]').message).toContain("must be '='");
    expect(err("published range ['not a date','*']").message).toBe('Problem with date not a date');
  });
});

describe('sorting, facets, paging', () => {
  it('sorts by fields, name, published, and missing values last', () => {
    const asc = search(ds, 'classes [event] sort [time_interval=>asc]', { maxLimit: 500 }).hits;
    const starts = asc.map((c) => Math.min(...c.fields.time_interval.occurrences.map((o: any) => o.start)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const names = search(ds, 'classes [place] sort [name=>desc]', { maxLimit: 500 }).hits.map((c) => c.name['ita-IT'].toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'it')));
    const pub = search(ds, 'classes [article] sort [published=>asc]', { maxLimit: 500 }).hits.map((c) => c.published);
    expect(pub).toEqual([...pub].sort((a, b) => a - b));
    const prices = search(ds, 'classes [document] sort [price=>desc]', { maxLimit: 500 }).hits.map((c) => c.fields.price?.value);
    const firstMissing = prices.findIndex((p) => p === undefined);
    expect(prices.slice(firstMissing).every((p) => p === undefined)).toBe(true);
    expect(search(ds, "classes [event] and q = 'concerto' sort [score=>desc]").hits[0].name['ita-IT'].toLowerCase()).toContain('concerto');
  });

  it('facets come in request order with counts over all hits, names as written', () => {
    const r = search(
      ds,
      `classes [event] and topics in ['"Cultura"'] limit 1 facets [has_public_event_typology|alpha|1000, topics, topics|count|2, class]`,
    );
    expect(r.facets.map((f) => f.name)).toEqual(['has_public_event_typology', 'topics', 'topics1', 'class']);
    const typology = r.facets[0].data as Record<string, number>;
    expect(Object.keys(typology)).toEqual([...Object.keys(typology)].sort());
    const topics = r.facets[1].data as Record<string, number>;
    expect(topics.Cultura).toBe(r.totalCount);
    expect(Object.keys(r.facets[2].data)).toHaveLength(2);
    expect(r.facets[3].data).toEqual({ event: r.totalCount });
    const counts = Object.values(topics);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('facets ISO dates, tag ids and raw extra_ fields; an empty facet is []', () => {
    const r = search(
      ds,
      'classes [document] facets [publication_date|alpha|3, raw[extra_fase_si], raw[extra_year_dt], raw[subattr_document_type___tag_ids____si]]',
    );
    expect(Object.keys(r.facets[0].data)[0]).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(Object.keys(r.facets[1].data)).toContain('In valutazione (fase 2)');
    expect(Object.keys(r.facets[2].data).every((k) => /^\d{4}-01-01T00:00:00Z$/.test(k))).toBe(true);
    expect(Object.keys(r.facets[3].data).every((k) => ds.tags.has(Number(k)))).toBe(true);
    expect(search(ds, 'classes [empty_class] facets [topics]').facets).toEqual([{ name: 'topics', data: [] }]);
  });

  it('pages with limit/offset and nextOffset only while more remain', () => {
    const total = count('classes [place]');
    expect(total).toBe(40);
    const first = search(ds, 'classes [place] sort [name=>asc] limit 15');
    expect(first.nextOffset).toBe(15);
    const last = search(ds, 'classes [place] sort [name=>asc] limit 15 offset 30');
    expect(last.hits).toHaveLength(10);
    expect(last.nextOffset).toBeNull();
    expect(search(ds, 'classes [place] limit 20 offset 20').nextOffset).toBeNull();
    expect(search(ds, 'classes [place]', { defaultLimit: 30, maxLimit: 100 }).limit).toBe(30);
    expect(search(ds, 'classes [place] limit 1000', { maxLimit: 100 }).limit).toBe(100);
    const all = [...first.hits, ...search(ds, 'classes [place] sort [name=>asc] limit 15 offset 15').hits, ...last.hits].map((h) => h.id);
    expect(new Set(all).size).toBe(40);
  });
});
