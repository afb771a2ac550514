import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startHarness, enc, phpEncode, TODAY, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const REST = '/api/opendata/v2';

describe('REST front door', () => {
  it('reads the query from the path, PHP style (+ is a space)', async () => {
    const a = await h.json(`${REST}/content/search/${enc('classes [event] limit 2')}`);
    const b = await h.json(`${REST}/content/search/classes+%5Bevent%5D+limit+2`);
    expect(a.status).toBe(200);
    expect(a.body.totalCount).toBe(120);
    expect(b.body.searchHits.map((x: any) => x.metadata.id)).toEqual(a.body.searchHits.map((x: any) => x.metadata.id));
  });

  it('never reads ?q=: /search/ is the path route with an empty query, /search wants other parameters', async () => {
    const all = await h.json(`${REST}/content/search/`);
    const ignored = await h.json(`${REST}/content/search/?q=${enc('classes [event] limit 2')}`);
    expect(ignored.status).toBe(200);
    expect(ignored.body.totalCount).toBe(all.body.totalCount);
    expect(ignored.body.totalCount).toBeGreaterThan(120); // not the 120 events the ignored q asks for
    const bare = await h.json(`${REST}/content/search?q=${enc('classes [event]')}`);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ error_message: 'Wrong parameters' });
  });

  it('gives a full nextPageQuery URL only while more remain, and following it pages on', async () => {
    const q = 'classes [place] sort [name=>asc] limit 15';
    const first = await h.json(`${REST}/content/search/${enc(q)}`);
    expect(first.body.nextPageQuery).toBe(`${h.origin}${REST}/content/search/${phpEncode(q + ' offset 15')}`);
    const second = await h.json(first.body.nextPageQuery.slice(h.origin.length));
    expect(second.body.searchHits[0].metadata.id).not.toBe(first.body.searchHits[0].metadata.id);
    const third = await h.json(second.body.nextPageQuery.slice(h.origin.length));
    expect(third.body.searchHits).toHaveLength(10);
    expect(third.body.nextPageQuery).toBeNull();
  });

  it('uses REST URLs in metadata.class, link and relations', async () => {
    const { body } = await h.json(`${REST}/content/read/4001`);
    expect(body.metadata.class).toBe(`${h.origin}${REST}/classes/event`);
    expect(body.metadata.link).toBe(`${h.origin}${REST}/content/read/4001`);
    expect(body.data['ita-IT'].topics[0].link).toMatch(new RegExp(`^${h.origin}${REST}/content/read/\\d+$`));
  });

  it('renders extradata.view only for a known view, with escaped names and absolute links', async () => {
    const withView = await h.json(`${REST}/content/read/5001?view=card_teaser`);
    const view = withView.body.extradata['ita-IT'].view as string;
    expect(view).toContain('&lt;b&gt;Bold&lt;/b&gt; news');
    expect(view).not.toContain('<b>Bold</b>');
    expect(view).toMatch(/<h3[^>]*><a [^>]*href="http:\/\/127\.0\.0\.1:\d+\/Novita\/Notizie\/b-Bold-b-news"/);
    expect(withView.body.extradata['ita-IT'].urlAlias).toBe('/Novita/Notizie/b-Bold-b-news');
    const noView = await h.json(`${REST}/content/read/5001?view=nonexistent`);
    expect(noView.body.extradata['ita-IT']).toEqual({ urlAlias: '/Novita/Notizie/b-Bold-b-news' });
    for (const v of ['card_teaser', 'card', 'banner', 'latest_messages_item', 'accordion', 'text_linked', 'card_teaser_info']) {
      const html = (await h.json(`${REST}/content/read/4001?view=${v}`)).body.extradata['ita-IT'].view as string;
      expect(html, v).toMatch(/<h3[^>]*>/);
      for (const img of html.match(/<img [^>]*>/g) || []) expect(img, v).toMatch(/ alt="[^"]+"/);
    }
  });

  it('answers 400 with the parser error body and headers', async () => {
    const r = await h.json(`${REST}/content/search/${enc("topics in ['x")}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error_type: 'Opencontent.QueryLanguage.Parser.Exception', error_message: 'Syntax error: unbalanced quotes' });
    expect(r.headers.get('x-api-error-type')).toBe('Opencontent.QueryLanguage.Parser.Exception');
    expect(r.headers.get('x-api-error-message')).toBe('Syntax error: unbalanced quotes');
    const cls = await h.json(`${REST}/content/search/${enc('classes [città]')}`);
    expect(cls.status).toBe(400);
    expect(cls.body.error_message).toBe('Class città not found');
    expect(cls.headers.get('x-api-error-message')).toBe('Class citt? not found');
  });

  it('answers 404 for a missing content or class', async () => {
    const r = await h.json(`${REST}/content/read/999999`);
    expect(r.status).toBe(404);
    expect(Object.keys(r.body)).toEqual(['error_type', 'error_message']);
    expect((await h.json(`${REST}/classes/nope`)).status).toBe(404);
  });

  it('sends CORS headers and answers preflights', async () => {
    const r = await h.fetch(`${REST}/content/search/${enc('limit 1')}`);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await h.fetch(`${REST}/content/search/x`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('X-Emulator-Status');
  });

  it('escapes like json_encode', async () => {
    const text = await (await h.fetch(`${REST}/content/read/4007`)).text();
    expect(text).toContain('\\/Vivere-il-comune\\/Eventi\\/');
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    expect(JSON.parse(text).data['ger-DE'].event_title).toBe('Fest der Musik');
  });
});

describe('module front door', () => {
  it('reads ?q= decoded twice, with any prefix, bare nextPageQuery and link', async () => {
    const q = 'classes [event] and topics in [\'"Cultura"\'] limit 2';
    for (const prefix of ['', '/ita', '/eng']) {
      const r = await h.json(`${prefix}/opendata/api/content/search/?q=${enc(enc(q))}`);
      expect(r.status).toBe(200);
      expect(r.body.nextPageQuery).toBe('topics in [\'"Cultura"\'] classes [event] limit 2 offset 2');
      expect(r.body.searchHits[0].metadata.link).toMatch(/^read\/\d+$/);
      expect(r.body.searchHits[0].metadata.class).toBe('event');
    }
    // Decoded once more, so a literal + in the query text is a space.
    const plus = await h.json(`/opendata/api/content/search/?q=${enc("classes [event] and q = 'concerto+jazz'")}`);
    expect(plus.body.query).toContain("q = 'concerto jazz'");
  });

  it('reads and reports errors with the module body', async () => {
    expect((await h.json('/ita/opendata/api/content/read/4001')).body.metadata.id).toBe(4001);
    const bad = await h.json(`/opendata/api/content/search/?q=${enc('classes [nope]')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error_code: 0, error_message: 'Class nope not found' });
    const missing = await h.json('/opendata/api/content/read/999999');
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['error_code', 'error_message']);
    expect((await h.json('/opendata/api/classes/document')).body.identifier).toBe('document');
  });

  it('select-fields [metadata.id] gives a bare array of ids', async () => {
    const r = await h.json(
      `/opendata/api/content/search/?q=${enc('select-fields [metadata.id] and raw[meta_node_id_si] = 14001 limit 1')}`,
    );
    expect(r.body).toEqual([4001]);
    const many = await h.json(`${REST}/content/search/${enc('select-fields [metadata.id] and classes [topic] sort [id=>asc] limit 3')}`);
    expect(many.body).toEqual([201, 202, 203]);
  });
});

describe('geo environments', () => {
  it('extrageo: one feature per related point, ids repeat, no geo → no feature', async () => {
    const r = await h.json(`${REST}/extrageo/search/${enc('classes [event] and id in [4001,4005,4006,4011]')}`);
    expect(r.body.type).toBe('FeatureCollection');
    expect(r.body.totalCount).toBe(3); // 4005 has only a place without coordinates
    expect(r.body.features.map((f: any) => f.id).sort()).toEqual([4001, 4001, 4006, 4011, 4011]);
    const twice = r.body.features.filter((f: any) => f.id === 4011).map((f: any) => f.geometry.coordinates);
    expect(twice[0]).toEqual(twice[1]); // same point twice
    expect(r.body.features.find((f: any) => f.id === 4006).geometry.coordinates).toEqual([0, 0]);
    for (const f of r.body.features) expect(f.geometry.coordinates.every((n: unknown) => typeof n === 'number')).toBe(true);
  });

  it('geo: places from their own address; no coordinates → left out', async () => {
    const r = await h.json(`${REST}/geo/search/${enc('classes [place] and id in [6001,6002,6003,6004]')}`);
    expect(r.body.features.map((f: any) => f.id).sort()).toEqual([6001, 6002, 6004]);
    expect(r.body.features.find((f: any) => f.id === 6001).properties.urlAlias).toBe(h.dataset.byId.get(6001)!.urlAlias);
    const bad = await h.json(`${REST}/geo/search/${enc('classes [article]')}`);
    expect(bad.status).toBe(400);
  });

  it('limits: geo defaults to 500, content caps at 300', async () => {
    expect((await h.json(`${REST}/extrageo/search/${enc('classes [event]')}`)).body.nextPageQuery).toBeNull();
    const content = await h.json(`${REST}/content/search/${enc('limit 1000')}`);
    expect(content.body.searchHits).toHaveLength(300);
    expect(content.body.nextPageQuery).toContain('offset+300');
    expect((await h.json(`${REST}/content/search/${enc('classes [event]')}`)).body.searchHits).toHaveLength(30);
  });
});

describe('calendar environment', () => {
  const cal = (q: string, start: string, end: string) => h.json(`${REST}/calendar/search/${enc(q)}?start=${start}&end=${end}`);

  it('requires start and end', async () => {
    expect((await h.json(`${REST}/calendar/search/${enc('classes [event]')}`)).status).toBe(400);
  });

  it('returns occurrences intersecting the window, all-day with an exclusive date-only end', async () => {
    const r = await cal('classes [event] and id in [4001,4002,4003,4009]', `${TODAY}T00:00:00`, `${TODAY}T23:59:59`);
    expect(Array.isArray(r.body)).toBe(true);
    const byId = Object.fromEntries(r.body.map((e: any) => [e.id, e]));
    expect(Object.keys(byId).map(Number).sort()).toEqual([4002, 4003, 4009]);
    expect(byId[4002]).toMatchObject({ allDay: true, start: TODAY, end: '2025-06-11' });
    expect(byId[4003]).toMatchObject({ allDay: true, start: '2025-06-09', end: '2025-06-13' });
    expect(byId[4009].allDay).toBe(false);
    expect(byId[4009].start).toBe('2025-06-10T21:30:00+02:00');
    expect(byId[4009].extendedProps.location).toBe(h.dataset.byId.get(4009)!.urlAlias);
  });

  it('gives one item per weekly occurrence in range', async () => {
    const r = await cal('id = 4004', '2025-05-01T00:00:00', '2025-09-01T00:00:00');
    expect(r.body.length).toBe(10);
    expect(new Set(r.body.map((e: any) => e.id))).toEqual(new Set([4004]));
    // 10 June is a Tuesday: between it and the 20th there is one Saturday, the 14th.
    const short = await cal('id = 4004', `${TODAY}T00:00:00`, '2025-06-20T00:00:00');
    expect(short.body.map((e: any) => [e.start, e.end, e.allDay])).toEqual([
      ['2025-06-14T09:00:00+02:00', '2025-06-14T13:00:00+02:00', false],
    ]);
  });

  it('opening hours: composite ids, extendedProps [] and no content', async () => {
    const r = await cal('classes [place] and id = 6005', '2025-06-09T00:00:00', '2025-06-11T00:00:00');
    expect(r.body.map((e: any) => e.id)).toEqual([
      '6005-9001-monday-09.00:12.30',
      '6005-9001-monday-14.30:18.00',
      '6005-9001-tuesday-09.00:12.30',
      '6005-9001-tuesday-14.30:18.00',
    ]);
    expect(r.body[0]).toEqual({
      id: '6005-9001-monday-09.00:12.30',
      title: 'Biblioteca comunale (Orario invernale biblioteca)',
      start: '2025-06-09T09:00:00+0000',
      end: '2025-06-09T12:30:00+0000',
      type: 'Luogo',
      extendedProps: [],
    });
  });
});

describe('datatable environment', () => {
  const dt = (extra: string, q = 'classes [document]') => h.json(`/opendata/api/datatable/search/?q=${enc(enc(q))}&draw=${extra}`);

  it('increments draw, pages with start/length, sorts by orderable columns', async () => {
    const cols =
      'columns[0][data]=data.ita-IT.name&columns[0][name]=name&columns[0][searchable]=true&columns[0][orderable]=true' +
      '&columns[1][data]=data.ita-IT.publication_date&columns[1][name]=publication_date&columns[1][searchable]=true&columns[1][orderable]=true';
    const r = await dt(`7&start=10&length=5&${cols}&order[0][column]=1&order[0][dir]=desc`);
    expect(r.body.draw).toBe(8);
    expect(r.body.recordsTotal).toBe(60);
    expect(r.body.recordsFiltered).toBe(60);
    expect(r.body.data).toHaveLength(5);
    const all = await dt(`1&start=0&length=60&${cols}&order[0][column]=1&order[0][dir]=desc`);
    const dates = all.body.data.map((x: any) => x.data['ita-IT'].publication_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(r.body.data.map((x: any) => x.metadata.id)).toEqual(all.body.data.slice(10, 15).map((x: any) => x.metadata.id));
  });

  it('reads search[value] as free text and fills missing requested fields with null', async () => {
    const r = await dt(
      '1&start=0&length=100&search[value]=Bando&columns[0][name]=has_code&columns[1][name]=event_title&columns[2][name]=not_a_field',
      'classes [document, article]',
    );
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const hit of r.body.data) {
      expect(hit.data['ita-IT']).toHaveProperty('event_title', null); // a known field of another class
      expect(hit.data['ita-IT']).not.toHaveProperty('not_a_field');
      expect(hit.metadata).toHaveProperty('modifierName');
    }
    expect(r.body.query._query).toBe('Bando');
  });

  it('ignores the query sort when no column is ordered, and rejects unknown searchable columns', async () => {
    const r = await dt('1&start=0&length=3&columns[0][name]=bogus&columns[0][searchable]=true');
    expect(r.status).toBe(400);
    expect(r.body.error_message).toContain('bogus');
  });
});

describe('server mode', () => {
  const block = (id: string, api: string, qs = '') => h.json(`/openpa/data/block_opendata_queried_contents/${id}/${api}/${qs}`);

  it('search: block query plus facets, search, interval; nextPageQuery as ?limit&offset', async () => {
    const r = await block(
      'eventi-server',
      'search',
      '?limit=2&offset=0&search=concerto&facets[topics][]=Cultura&interval=all&view=card_teaser',
    );
    expect(r.status).toBe(200);
    expect(r.body.query).toContain(`topics in ['"Cultura"']`);
    expect(r.body.query).toContain("q = 'concerto'");
    expect(r.body.query).toContain("calendar[time_interval] = ['now','*']");
    expect(r.body.nextPageQuery).toBe('?limit=2&offset=2&facets%5Btopics%5D%5B0%5D=Cultura&search=concerto');
    expect(r.body.searchHits[0].extradata['ita-IT'].view).toContain('card-teaser');
    expect(r.body.searchHits[0].metadata.link).toMatch(/^read\//);
  });

  it('caps limit at the block limit, adds facets on f=1 (count/100 defaults)', async () => {
    const r = await block('eventi-server', 'search', '?limit=50&offset=0&f=1');
    expect(r.body.searchHits.length).toBe(6);
    expect(r.body.facets.map((f: any) => f.name)).toEqual(['topics', 'has_public_event_typology']);
  });

  it('interval today / next7days and range narrow the results', async () => {
    const all = (await block('eventi-server', 'search', '?limit=1&interval=all')).body.totalCount;
    const today = (await block('eventi-server', 'search', '?limit=1&interval=today')).body;
    const week = (await block('eventi-server', 'search', '?limit=1&interval=next7days')).body.totalCount;
    expect(today.query).toContain("calendar[time_interval] = ['now','2025-06-10T23:59:00+02:00']");
    expect(today.totalCount).toBeLessThan(week);
    expect(week).toBeLessThan(all);
    const news = await block('notizie-server', 'search', `?limit=50&range=${TODAY},${TODAY}`);
    expect(news.body.query).toContain("published range ['2025-06-10T00:00:00+02:00','2025-06-10T23:59:00+02:00']");
    expect(news.body.searchHits.map((x: any) => x.metadata.id)).toContain(5001);
  });

  it('geo and calendar use the block query; id and view are honoured', async () => {
    const geo = await block('eventi-server', 'geo', '?interval=all');
    expect(geo.body.type).toBe('FeatureCollection');
    expect(geo.body.features.length).toBeGreaterThan(0);
    const places = await block('luoghi-server', 'geo', '?search=Piazza');
    expect(places.body.query).toContain(`raw[meta_name_t] contains ['"Piazza"']`);
    expect(places.body.features.every((f: any) => /piazza/i.test(f.properties.name))).toBe(true);
    const cal = await block('eventi-server', 'calendar', `?start=${TODAY}T00:00:00&end=2025-06-17T00:00:00`);
    expect(Array.isArray(cal.body)).toBe(true);
    expect(cal.body.every((e: any) => typeof e.start === 'string' && 'end' in e)).toBe(true);
    const one = await block('eventi-server', 'search', '?limit=1&id=4001&view=banner');
    expect(one.body.searchHits.map((x: any) => x.metadata.id)).toEqual([4001]);
    expect(one.body.searchHits[0].extradata['ita-IT'].view).toContain('banner');
  });

  it('answers 500 {"error"} like the handler', async () => {
    for (const [id, api, message] of [
      ['nope', 'search', 'Block not found'],
      ['blocco-singolo', 'search', 'Invalid block type'],
      ['blocco-query-vuota', 'search', 'Invalid block query settings'],
      ['eventi-server', 'list', 'Api list not allowed'],
      ['tabella-x', 'search', 'Attribute tabella-x not found'],
    ]) {
      const r = await block(id, api);
      expect(r.status, id).toBe(500);
      expect(r.body, id).toEqual({ error: message });
    }
    const empty = await block('vuoto-server', 'search', '?limit=3');
    expect(empty.body.totalCount).toBe(0);
    expect(empty.body.nextPageQuery).toBeNull();
  });
});

describe('media', () => {
  it('serves PNG tiles and images, and PDFs for downloads', async () => {
    const tile = await h.fetch('/tiles/12/2170/1455.png');
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await tile.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const url = (await h.json(`${REST}/content/read/3001`)).body.data['ita-IT'].image.url as string;
    expect((await h.fetch(url.slice(h.origin.length))).headers.get('content-type')).toBe('image/png');
    const file = (await h.json(`${REST}/content/read/8001`)).body.data['ita-IT'].file.url as string;
    expect((await (await h.fetch(file.slice(h.origin.length))).text()).startsWith('%PDF')).toBe(true);
    expect((await h.fetch('/var/site/storage/images/1/x.png')).status).toBe(404);
  });
});

describe('classes', () => {
  it('/classes lists every class of the dataset, each with its name and the link to its definition', async () => {
    const list = await h.json(`${REST}/classes`);
    expect(list.status).toBe(200);
    const ids = list.body.classes.map((c: any) => c.identifier);
    expect(ids.sort()).toEqual(Object.keys(h.dataset.classes).sort());
    const event = list.body.classes.find((c: any) => c.identifier === 'event');
    expect(event.name).toBe(h.dataset.classes.event.name['ita-IT']);
    expect(new URL(event.link).pathname).toBe(`${REST}/classes/event`);
    const one = await h.json(new URL(event.link).pathname);
    expect(one.body.fields.length).toBeGreaterThan(0);
  });
});
