import { describe, expect, it } from 'vitest';
import { csvField, csvLine, fetchAll, toCsv } from '../../../blocks/datatable/model/csv';
import type { ColumnSpec, Hit } from '../../../blocks/datatable/model/types';

const o = { lang: 'it' as const, locale: 'it-IT', yes: 'Sì', no: 'No' };
const hits = (n: number, from = 0): Hit[] =>
  Array.from({ length: n }, (_, i) => ({ metadata: { id: from + i }, data: { 'ita-IT': { name: 'Doc ' + (from + i) } } }));

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['', ''],
  ])('%j → %s', (v, out) => expect(csvField(v)).toBe(out));

  it('quotes on the chosen separator', () => {
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvLine(['a', 'b;c'], ';')).toBe('a;"b;c"\r\n');
  });
});

describe('toCsv', () => {
  const columns: ColumnSpec[] = [
    { field: 'name', title: 'Titolo', type: 'text', sortable: true, link: true },
    { field: 'file', title: 'File', type: 'file', sortable: false, link: false },
    { field: 'publication_date', title: 'Data', type: 'date', sortable: true, link: false },
  ];
  it('writes a BOM, the header and one CRLF line per hit, as the table shows it', () => {
    const csv = toCsv(
      [
        {
          metadata: { id: 1 },
          data: {
            'ita-IT': {
              name: 'Delibera, n. 3',
              file: { filename: 'd.pdf', url: '/f/d.pdf' },
              publication_date: '2025-03-01T00:00:00+01:00',
            },
          },
        },
        { metadata: { id: 2 }, data: { 'ita-IT': { name: '=cmd', file: null, publication_date: null } } },
      ],
      columns,
      o,
      (h) => 'https://c.it' + h,
    );
    expect(csv).toBe('\ufeffTitolo,File,Data\r\n"Delibera, n. 3",d.pdf (https://c.it/f/d.pdf),1 marzo 2025\r\n\'=cmd,,\r\n');
  });
});

describe('fetchAll', () => {
  const server = (total: number, cap = Infinity) => {
    const calls: Array<[number, number]> = [];
    return {
      calls,
      fetchBatch: async (start: number, length: number) => {
        calls.push([start, length]);
        const n = Math.max(0, Math.min(length, cap, total - start));
        return { rows: hits(n, start), total };
      },
    };
  };

  it('reads every batch up to the total and reports progress', async () => {
    const s = server(250);
    const progress: number[] = [];
    const rows = await fetchAll({
      fetchBatch: s.fetchBatch,
      batchSize: 100,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p.done),
    });
    expect(rows).toHaveLength(250);
    expect(rows.map((r) => r.metadata!.id)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(s.calls).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(progress).toEqual([100, 200, 250]);
  });

  it('keeps going when the server caps the batch size', async () => {
    const s = server(120, 30);
    const rows = await fetchAll({ fetchBatch: s.fetchBatch, batchSize: 100, signal: new AbortController().signal });
    expect(rows).toHaveLength(120);
    expect(s.calls.map((c) => c[0])).toEqual([0, 30, 60, 90]);
  });

  it('stops at an empty batch and at zero rows', async () => {
    expect(await fetchAll({ fetchBatch: server(0).fetchBatch, batchSize: 10, signal: new AbortController().signal })).toEqual([]);
    const shrinking = { fetchBatch: async (start: number) => ({ rows: start ? [] : hits(5), total: 50 }) };
    expect(await fetchAll({ ...shrinking, batchSize: 10, signal: new AbortController().signal })).toHaveLength(5);
  });

  it('stops when cancelled', async () => {
    const c = new AbortController();
    const s = server(1000);
    const run = fetchAll({
      fetchBatch: async (start, length, signal) => {
        if (start >= 200) c.abort(new Error('cancelled'));
        return s.fetchBatch(start, length);
      },
      batchSize: 100,
      signal: c.signal,
    });
    await expect(run).rejects.toThrow('cancelled');
    expect(s.calls.length).toBe(3);
  });
});
