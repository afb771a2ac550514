import { describe, expect, it } from 'vitest';
import { normaliseCalendar, normaliseGeo, normaliseSearch, safeUrl } from '../../../blocks/listing/model/response';

const hit = (id: number, extra: Record<string, unknown> = {}) => ({
  metadata: {
    id,
    classIdentifier: 'event',
    mainNodeId: id + 1000,
    published: '2025-05-20T10:15:00+02:00',
    name: { 'ita-IT': 'Evento ' + id, 'eng-GB': 'Event ' + id },
  },
  data: { 'ita-IT': { event_title: 'Titolo ' + id }, 'eng-GB': { event_title: 'Title ' + id } },
  extradata: { 'ita-IT': { urlAlias: '/Eventi/Evento-' + id, view: '<div class="card">' + id + '</div>', ...extra } },
});
const local = { base: '', lang: 'it' as const };

describe('search results', () => {
  it('reads hits, total, facets and nextPageQuery', () => {
    const page = normaliseSearch(
      {
        query: 'x',
        nextPageQuery: 'x limit 3 offset 3',
        totalCount: 7,
        searchHits: [hit(1), hit(2)],
        facets: [{ name: 'topics', data: { Cultura: 4, '': 3, Sport: 2, Nulla: 0 } }],
      },
      local,
    )!;
    expect(page.totalCount).toBe(7);
    expect(page.nextPageQuery).toBe('x limit 3 offset 3');
    expect(page.hits.map((h) => [h.id, h.name, h.url, h.view, h.data.event_title, h.mainNodeId])).toEqual([
      [1, 'Evento 1', '/Eventi/Evento-1', '<div class="card">1</div>', 'Titolo 1', 1001],
      [2, 'Evento 2', '/Eventi/Evento-2', '<div class="card">2</div>', 'Titolo 2', 1002],
    ]);
    expect(page.facets).toEqual([
      {
        name: 'topics',
        counts: [
          { value: 'Cultura', count: 4 },
          { value: 'Sport', count: 2 },
        ],
      },
    ]);
  });

  it('picks the current language, then Italian', () => {
    const page = normaliseSearch({ totalCount: 1, searchHits: [hit(1)] }, { base: '', lang: 'en' })!;
    expect(page.hits[0].name).toBe('Event 1');
    expect(page.hits[0].data.event_title).toBe('Title 1');
    expect(page.hits[0].view).toBe('<div class="card">1</div>'); // only ita-IT extradata
    expect(normaliseSearch({ totalCount: 1, searchHits: [hit(1)] }, { base: '', lang: 'de' })!.hits[0].name).toBe('Evento 1');
  });

  it('links: alias, else /openpa/object/{id}; remote links are absolute; javascript: is dropped', () => {
    const remote = { base: 'https://altro.it', lang: 'it' as const };
    expect(normaliseSearch({ searchHits: [hit(1)] }, remote)!.hits[0].url).toBe('https://altro.it/Eventi/Evento-1');
    expect(normaliseSearch({ searchHits: [hit(1, { urlAlias: 'javascript:alert(1)' })] }, remote)!.hits[0].url).toBe(
      'https://altro.it/openpa/object/1',
    );
    expect(normaliseSearch({ searchHits: [hit(1, { urlAlias: null })] }, { base: '/ita', lang: 'it' })!.hits[0].url).toBe(
      '/ita/openpa/object/1',
    );
  });

  it('a view is null when absent or blank', () => {
    expect(normaliseSearch({ searchHits: [hit(1, { view: '  ' })] }, local)!.hits[0].view).toBeNull();
  });

  it('not a SearchResults → null; broken hits are skipped; a missing total counts the hits', () => {
    expect(normaliseSearch([1, 2], local)).toBeNull();
    expect(normaliseSearch({ error: 'x' }, local)).toBeNull();
    expect(normaliseSearch('x', local)).toBeNull();
    const page = normaliseSearch({ searchHits: [hit(1), { metadata: {} }, null] }, local)!;
    expect(page.hits).toHaveLength(1);
    expect(page.totalCount).toBe(1);
    expect(page.nextPageQuery).toBeNull();
  });
});

it('safeUrl keeps http(s) and site paths only', () => {
  expect(safeUrl('https://a.it/x', '')).toBe('https://a.it/x');
  expect(safeUrl('/x', '/ita')).toBe('/ita/x');
  expect(safeUrl('//evil.it/x', '')).toBeNull();
  expect(safeUrl(' javascript:alert(1)', '')).toBeNull();
  expect(safeUrl('data:text/html,x', '')).toBeNull();
});

describe('geo', () => {
  it('keeps valid points, drops missing, out-of-range and 0,0 ones; ids may repeat', () => {
    const pt = (id: number, coordinates: unknown) => ({
      id,
      type: 'Feature',
      geometry: { type: 'Point', coordinates },
      properties: { id, name: 'P' + id, class_identifier: 'event', mainNodeId: 9 },
    });
    const page = normaliseGeo({
      type: 'FeatureCollection',
      totalCount: 6,
      nextPageQuery: '?offset=500',
      features: [pt(1, [11.12, 46.06]), pt(1, [11.2, 46.1]), pt(2, [0, 0]), pt(3, [200, 10]), pt(4, null), { id: 5, geometry: null }],
    })!;
    expect(page.points.map((p) => [p.id, p.lon, p.lat, p.name, p.mainNodeId])).toEqual([
      [1, 11.12, 46.06, 'P1', 9],
      [1, 11.2, 46.1, 'P1', 9],
    ]);
    expect(page.nextPageQuery).toBe('?offset=500');
    expect(normaliseGeo({ searchHits: [] })).toBeNull();
  });
});

describe('calendar', () => {
  it('reads items, composite ids and where they link', () => {
    const items = normaliseCalendar(
      [
        {
          id: 4521,
          title: 'Festa',
          allDay: false,
          start: '2025-06-21T18:00:00+02:00',
          end: '2025-06-21T23:00:00+02:00',
          type: 'Evento',
          extendedProps: { location: '/Eventi/Festa' },
          content: hit(4521),
        },
        {
          id: 4600,
          title: 'Mostra',
          allDay: true,
          start: '2025-07-01',
          end: '2025-07-05',
          extendedProps: { location: 'https://mostre.it/x' },
        },
        {
          id: '88-12-1-09.00:12.00',
          title: 'Ufficio (Orari)',
          allDay: false,
          start: '2025-06-23T09:00:00+02:00',
          end: '2025-06-23T12:00:00+02:00',
          extendedProps: [],
        },
        { id: 'x', title: 'no start' },
        { id: 5, title: 'hostile', start: '2025-06-01', extendedProps: { location: 'javascript:alert(1)' } },
      ],
      { base: '/ita', lang: 'it' },
    )!;
    expect(items.map((i) => [i.id, i.contentId, i.allDay, i.url])).toEqual([
      ['4521', 4521, false, '/ita/Eventi/Festa'],
      ['4600', 4600, true, 'https://mostre.it/x'],
      ['88-12-1-09.00:12.00', 88, false, '/ita/openpa/object/88'],
      ['5', 5, false, '/ita/openpa/object/5'],
    ]);
    expect(items[0].hit?.name).toBe('Evento 4521');
    expect(normaliseCalendar({ searchHits: [] }, local)).toBeNull();
  });
});
