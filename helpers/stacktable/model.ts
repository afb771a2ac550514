// Pure layout of the stacked copies of a `table.responsive-stack|card|column` (stacktable.js modes).
// The view describes the table as rows of cells (section, header?, spans, content key); this module
// answers which original cell goes where, by reference. No DOM here, so every rule is unit-tested.

export type Section = 'thead' | 'tbody' | 'tfoot';
export type StackMode = 'stack' | 'card' | 'column';

export interface CellInfo {
  header: boolean;
  colspan: number;
  rowspan: number;
  /** Trimmed inner HTML: '' means empty; equal keys mean equal content. */
  key: string;
}

export interface RowInfo {
  section: Section;
  cells: CellInfo[];
}

/** A cell of the original table: rows[row].cells[cell]. */
export interface Ref {
  row: number;
  cell: number;
}

export interface Pair {
  /** Header cells naming the value (several for a colspan or a multi-row thead); may be empty. */
  label: Ref[];
  value: Ref;
}

export interface Group {
  /** The group's heading cell(s): a record's first cell, or a column's header. */
  head: Ref[];
  pairs: Pair[];
  /** The original row a record comes from (copied classes); -1 for a column group. */
  row: number;
}

export interface Layout {
  mode: StackMode;
  /** stack mode only: the main heading above all records (the first column's header). */
  mainHead: Ref[];
  groups: Group[];
}

export interface Grid {
  /** cells[r][c]: the cell covering row r, column c (spans resolved), or null for a hole. */
  cells: Array<Array<Ref | null>>;
  columns: number;
  /** Rows that label the columns: every thead row, else the first row. */
  headerRows: number[];
}

const span = (n: number) => (Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 1000) : 1);

/** Resolves colspan/rowspan into a row × column grid of cell references (the HTML table model). */
export function buildGrid(rows: RowInfo[]): Grid {
  const cells: Array<Array<Ref | null>> = rows.map(() => []);
  let columns = 0;
  rows.forEach((row, r) => {
    let c = 0;
    row.cells.forEach((cell, i) => {
      while (cells[r][c]) c++;
      const cs = span(cell.colspan);
      // rowspan never crosses its section (HTML rule); rowspan=0 means "to the end of the section".
      let rs = cell.rowspan === 0 ? Infinity : span(cell.rowspan);
      for (let rr = r; rr < rows.length && rr < r + rs; rr++) {
        if (rows[rr].section !== row.section) {
          rs = rr - r;
          break;
        }
        for (let cc = c; cc < c + cs; cc++) cells[rr][cc] = { row: r, cell: i };
      }
      c += cs;
      columns = Math.max(columns, c);
    });
  });
  for (const line of cells) for (let c = 0; c < columns; c++) if (!line[c]) line[c] = null;
  const thead = rows.map((row, r) => (row.section === 'thead' ? r : -1)).filter((r) => r >= 0);
  const headerRows = thead.length ? thead : rows.length ? [0] : [];
  return { cells, columns, headerRows };
}

export const hasHeaderCells = (rows: RowInfo[]) => rows.some((row) => row.cells.some((c) => c.header));

const same = (a: Ref | null, b: Ref | null) => !!a && !!b && a.row === b.row && a.cell === b.cell;

function unique(refs: Array<Ref | null>): Ref[] {
  const out: Ref[] = [];
  for (const ref of refs) if (ref && !out.some((o) => same(o, ref))) out.push(ref);
  return out;
}

/** The header cells above column range [from, to): the label of a value spanning those columns. */
function labelFor(rows: RowInfo[], grid: Grid, from: number, to: number, exclude: Ref): Ref[] {
  const refs: Array<Ref | null> = [];
  for (const r of grid.headerRows) for (let c = from; c < to; c++) refs.push(grid.cells[r][c]);
  return unique(refs).filter((ref) => !same(ref, exclude) && rows[ref.row].cells[ref.cell].key !== '');
}

/** Each distinct cell of row r with the column range it covers, left to right. */
function cellsOfRow(grid: Grid, r: number): Array<{ ref: Ref; from: number; to: number }> {
  const out: Array<{ ref: Ref; from: number; to: number }> = [];
  for (let c = 0; c < grid.columns; c++) {
    const ref = grid.cells[r][c];
    if (!ref) continue;
    const last = out[out.length - 1];
    if (last && same(last.ref, ref)) last.to = c + 1;
    else out.push({ ref, from: c, to: c + 1 });
  }
  return out;
}

const recordRows = (rows: RowInfo[], grid: Grid) => rows.map((_, r) => r).filter((r) => !grid.headerRows.includes(r));

/**
 * stacktable: a main heading (first column's header), then per record its first cell as heading
 * and one label/value pair per other non-empty cell.
 */
function stack(rows: RowInfo[], grid: Grid, displayHeader: boolean): Layout {
  const topRow = grid.headerRows[grid.headerRows.length - 1] ?? 0;
  const mainHead = displayHeader && grid.columns ? unique([grid.cells[topRow]?.[0] ?? null]) : [];
  const groups: Group[] = [];
  for (const r of recordRows(rows, grid)) {
    const head: Ref[] = [];
    const pairs: Pair[] = [];
    for (const { ref, from, to } of cellsOfRow(grid, r)) {
      if (grid.headerRows.includes(ref.row)) continue; // a thead cell spanning down: a label, not a value
      const info = rows[ref.row].cells[ref.cell];
      if (from === 0) {
        if (info.key !== '') head.push(ref);
        continue;
      }
      if (info.key === '') continue;
      pairs.push({ label: labelFor(rows, grid, from, to, ref), value: ref });
    }
    if (head.length || pairs.length) groups.push({ head, pairs, row: r });
  }
  return { mode: 'stack', mainHead, groups };
}

/** cardtable: one card per record with every non-empty cell as a pair, skipping cells that only repeat their header. */
function card(rows: RowInfo[], grid: Grid): Layout {
  const groups: Group[] = [];
  for (const r of recordRows(rows, grid)) {
    const pairs: Pair[] = [];
    for (const { ref, from, to } of cellsOfRow(grid, r)) {
      if (grid.headerRows.includes(ref.row)) continue;
      const info = rows[ref.row].cells[ref.cell];
      if (info.key === '') continue;
      const label = labelFor(rows, grid, from, to, ref);
      if (label.length === 1 && rows[label[0].row].cells[label[0].cell].key === info.key) continue;
      pairs.push({ label, value: ref });
    }
    if (pairs.length) groups.push({ head: [], pairs, row: r });
  }
  return { mode: 'card', mainHead: [], groups };
}

/**
 * stackcolumns: one group per column from the second on, headed by that column's header, with one
 * pair per record: the record's first cell as label, the cell in this column as value.
 * Needs at least 3 columns (spans counted), else null.
 */
function column(rows: RowInfo[], grid: Grid): Layout | null {
  if (grid.columns < 3) return null;
  const groups: Group[] = [];
  for (let c = 1; c < grid.columns; c++) {
    const head = labelFor(rows, grid, c, c + 1, { row: -1, cell: -1 });
    const pairs: Pair[] = [];
    for (const r of recordRows(rows, grid)) {
      const key = grid.cells[r][0];
      const value = grid.cells[r][c];
      if (!value || grid.headerRows.includes(value.row)) continue;
      // A row whose first cell spans this column too is a section heading: label only, no value.
      pairs.push({ label: key && !same(key, value) ? [key] : [], value });
    }
    groups.push({ head, pairs, row: -1 });
  }
  return { mode: 'column', mainHead: [], groups };
}

/** The stacked layout of a table, or null when the mode does not apply (no header cells, < 3 columns). */
export function layoutTable(rows: RowInfo[], mode: StackMode, options: { displayHeader?: boolean } = {}): Layout | null {
  if (!hasHeaderCells(rows)) return null;
  const grid = buildGrid(rows);
  if (!grid.columns) return null;
  if (mode === 'card') return card(rows, grid);
  if (mode === 'column') return column(rows, grid);
  return stack(rows, grid, options.displayHeader !== false);
}

/** Stacking is needed when the table overflows its parent's content box (half a pixel of rounding allowed). */
export const needsStacking = (tableWidth: number, parentContentWidth: number) => tableWidth > parentContentWidth + 0.5;

export function modeOf(classes: string): StackMode | null {
  const list = ` ${classes} `;
  if (list.includes(' responsive-stack ')) return 'stack';
  if (list.includes(' responsive-card ')) return 'card';
  if (list.includes(' responsive-column ')) return 'column';
  return null;
}
