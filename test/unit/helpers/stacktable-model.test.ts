import { describe, expect, it } from 'vitest';
import { buildGrid, layoutTable, modeOf, needsStacking, type RowInfo, type Section } from '../../../helpers/stacktable/model';

/** Rows from a compact notation: 'th:Nome' header, 'td:x' data, '|2' colspan, '^2' rowspan. */
function t(spec: Array<[Section, string[]]>): RowInfo[] {
  return spec.map(([section, cells]) => ({
    section,
    cells: cells.map((c) => {
      const m = /^(th|td):(.*?)(?:\|(\d+))?(?:\^(\d+))?$/.exec(c)!;
      return { header: m[1] === 'th', key: m[2], colspan: m[3] ? +m[3] : 1, rowspan: m[4] ? +m[4] : 1 };
    }),
  }));
}

const contacts = t([
  ['thead', ['th:Ufficio', 'th:Telefono', 'th:Email', 'th:Aggiornato']],
  ['tbody', ['td:Anagrafe', 'td:0461 111', 'td:anagrafe@comune.it', 'td:2024-05-01']],
  ['tbody', ['td:Tributi', 'td:', 'td:tributi@comune.it', 'td:2024-06-30T10:00:00+02:00']],
]);

describe('stacked tables: grid', () => {
  it('resolves colspan and rowspan into columns', () => {
    const grid = buildGrid(
      t([
        ['thead', ['th:Giorno', 'th:Orario|2']],
        ['tbody', ['td:Lun^2', 'td:9', 'td:12']],
        ['tbody', ['td:14', 'td:17']],
      ]),
    );
    expect(grid.columns).toBe(3);
    expect(grid.cells[0]).toEqual([
      { row: 0, cell: 0 },
      { row: 0, cell: 1 },
      { row: 0, cell: 1 },
    ]);
    expect(grid.cells[2]).toEqual([
      { row: 1, cell: 0 },
      { row: 2, cell: 0 },
      { row: 2, cell: 1 },
    ]);
    expect(grid.headerRows).toEqual([0]);
  });

  it('never lets a rowspan cross into another section', () => {
    const grid = buildGrid(
      t([
        ['thead', ['th:A^3', 'th:B']],
        ['tbody', ['td:1', 'td:2']],
      ]),
    );
    expect(grid.cells[1]).toEqual([
      { row: 1, cell: 0 },
      { row: 1, cell: 1 },
    ]);
  });

  it('uses the first row as header row when there is no thead', () => {
    expect(
      buildGrid(
        t([
          ['tbody', ['th:A', 'th:B']],
          ['tbody', ['td:1', 'td:2']],
        ]),
      ).headerRows,
    ).toEqual([0]);
  });
});

describe('stacked tables: stack mode (stacktable)', () => {
  it('heads each record with its first cell and labels every other non-empty cell with its column header', () => {
    const layout = layoutTable(contacts, 'stack')!;
    expect(layout.mainHead).toEqual([{ row: 0, cell: 0 }]);
    expect(layout.groups).toHaveLength(2);
    expect(layout.groups[0]).toEqual({
      row: 1,
      head: [{ row: 1, cell: 0 }],
      pairs: [
        { label: [{ row: 0, cell: 1 }], value: { row: 1, cell: 1 } },
        { label: [{ row: 0, cell: 2 }], value: { row: 1, cell: 2 } },
        { label: [{ row: 0, cell: 3 }], value: { row: 1, cell: 3 } },
      ],
    });
    // The empty phone of "Tributi" is skipped; the ISO date is a value like any other.
    expect(layout.groups[1].pairs.map((p) => p.value.cell)).toEqual([2, 3]);
  });

  it('omits the main heading with data-display-header=false', () => {
    expect(layoutTable(contacts, 'stack', { displayHeader: false })!.mainHead).toEqual([]);
  });

  it('labels a value spanning two columns with both headers', () => {
    const layout = layoutTable(
      t([
        ['thead', ['th:Ufficio', 'th:Mattina', 'th:Pomeriggio']],
        ['tbody', ['td:URP', 'td:Chiuso per lavori|2']],
      ]),
      'stack',
    )!;
    expect(layout.groups[0].pairs).toEqual([
      {
        label: [
          { row: 0, cell: 1 },
          { row: 0, cell: 2 },
        ],
        value: { row: 1, cell: 1 },
      },
    ]);
  });

  it('repeats a rowspan value in every record it covers', () => {
    const layout = layoutTable(
      t([
        ['thead', ['th:Giorno', 'th:Sportello', 'th:Orario']],
        ['tbody', ['td:Lunedì^2', 'td:Anagrafe', 'td:9-12']],
        ['tbody', ['td:Tributi', 'td:14-17']],
      ]),
      'stack',
    )!;
    expect(layout.groups.map((g) => g.head)).toEqual([[{ row: 1, cell: 0 }], [{ row: 1, cell: 0 }]]);
    expect(layout.groups[1].pairs.map((p) => p.value)).toEqual([
      { row: 2, cell: 0 },
      { row: 2, cell: 1 },
    ]);
  });

  it('reads a two-row thead as one label per column', () => {
    const layout = layoutTable(
      t([
        ['thead', ['th:Ufficio^2', 'th:Contatti|2']],
        ['thead', ['th:Telefono', 'th:Email']],
        ['tbody', ['td:URP', 'td:0461', 'td:urp@x.it']],
      ]),
      'stack',
    )!;
    expect(layout.groups).toHaveLength(1);
    expect(layout.groups[0].pairs[0].label).toEqual([
      { row: 0, cell: 1 },
      { row: 1, cell: 0 },
    ]);
  });

  it('keeps tfoot rows as records', () => {
    const layout = layoutTable(
      t([
        ['thead', ['th:Voce', 'th:Importo']],
        ['tbody', ['td:IMU', 'td:100']],
        ['tfoot', ['td:Totale', 'td:100']],
      ]),
      'stack',
    )!;
    expect(layout.groups.map((g) => g.row)).toEqual([1, 2]);
  });

  it('does nothing without header cells', () => {
    expect(
      layoutTable(
        t([
          ['tbody', ['td:a', 'td:b']],
          ['tbody', ['td:c', 'td:d']],
        ]),
        'stack',
      ),
    ).toBeNull();
  });
});

describe('stacked tables: card mode (cardtable)', () => {
  it('makes one card per record with every non-empty cell labelled', () => {
    const layout = layoutTable(contacts, 'card')!;
    expect(layout.groups).toHaveLength(2);
    expect(layout.groups[0].pairs.map((p) => p.value.cell)).toEqual([0, 1, 2, 3]);
    expect(layout.groups[1].pairs.map((p) => p.value.cell)).toEqual([0, 2, 3]);
  });

  it('skips a cell that only repeats its header (a header row repeated in the body)', () => {
    const layout = layoutTable(
      t([
        ['tbody', ['th:Nome', 'th:Ruolo']],
        ['tbody', ['td:Nome', 'td:Sindaco']],
      ]),
      'card',
    )!;
    expect(layout.groups[0].pairs.map((p) => p.value)).toEqual([{ row: 1, cell: 1 }]);
  });
});

describe('stacked tables: column mode (stackcolumns)', () => {
  const budget = t([
    ['thead', ['th:Voce', 'th:2023', 'th:2024', 'th:2025']],
    ['tbody', ['th:Entrate', 'td:10', 'td:12', 'td:13']],
    ['tbody', ['th:Uscite', 'td:9', 'td:11', 'td:']],
  ]);

  it("makes one group per column from the second, labelled by each row's first cell", () => {
    const layout = layoutTable(budget, 'column')!;
    expect(layout.groups).toHaveLength(3);
    expect(layout.groups[0]).toEqual({
      row: -1,
      head: [{ row: 0, cell: 1 }],
      pairs: [
        { label: [{ row: 1, cell: 0 }], value: { row: 1, cell: 1 } },
        { label: [{ row: 2, cell: 0 }], value: { row: 2, cell: 1 } },
      ],
    });
  });

  it('needs at least 3 columns, counting spans', () => {
    expect(
      layoutTable(
        t([
          ['thead', ['th:A', 'th:B']],
          ['tbody', ['td:1', 'td:2']],
        ]),
        'column',
      ),
    ).toBeNull();
    expect(
      layoutTable(
        t([
          ['thead', ['th:A', 'th:B|2']],
          ['tbody', ['td:1', 'td:2', 'td:3']],
        ]),
        'column',
      ),
    ).not.toBeNull();
  });

  it('puts a value spanning columns in each of them, and a full-width row as a heading', () => {
    const layout = layoutTable(
      t([
        ['thead', ['th:Voce', 'th:2023', 'th:2024']],
        ['tbody', ['th:Entrate', 'td:10|2']],
        ['tbody', ['td:Note|3']],
      ]),
      'column',
    )!;
    expect(layout.groups.map((g) => g.pairs[0].value)).toEqual([
      { row: 1, cell: 1 },
      { row: 1, cell: 1 },
    ]);
    expect(layout.groups[0].pairs[1]).toEqual({ label: [], value: { row: 2, cell: 0 } });
  });
});

describe('stacked tables: when and which', () => {
  it('stacks only a table wider than its parent', () => {
    expect(needsStacking(400, 375)).toBe(true);
    expect(needsStacking(375, 375)).toBe(false);
    expect(needsStacking(375.4, 375)).toBe(false);
  });

  it('reads the mode from the portal classes', () => {
    expect(modeOf('table responsive-card')).toBe('card');
    expect(modeOf('responsive-stack table-striped')).toBe('stack');
    expect(modeOf('responsive-column')).toBe('column');
    expect(modeOf('responsive-stacked')).toBeNull();
  });
});
