// The desktop view: react-data-grid (its own lazy chunk), fed one server page at a time.
// Sorting is controlled (the server sorts); rows are never virtualized for a page of ≤ 100 rows,
// so screen readers see every row, and rows grow with their content (lists, inner tables).
import { DataGrid, type Column, type RenderHeaderCellProps, type SortColumn } from 'react-data-grid';
import rdgCss from 'react-data-grid/lib/styles.css';
import { useMemo } from 'preact/hooks';
import { useStyle } from '../../../runtime/ui/style';
import type { ColumnSpec, Sort } from '../model/types';
import { cellContent } from './CellView';
import type { ViewRow } from '../model/rows';

export const VIRTUALIZE_ABOVE = 100;

/** Starting widths by what a column holds (px); visitors can resize, the grid scrolls sideways. */
const WIDTHS: Record<string, number> = {
  text: 180,
  html: 240,
  number: 96,
  boolean: 96,
  date: 190,
  datetime: 250,
  relations: 180,
  tags: 160,
  file: 220,
  multifile: 260,
  image: 200,
  matrix: 280,
  author: 200,
  user: 140,
  price: 120,
  url: 150,
  geo: 200,
  auto: 180,
};
const widthOf = (c: ColumnSpec) => (c.link ? 300 : (WIDTHS[c.type] ?? 180));

export interface GridProps {
  columns: ColumnSpec[];
  rows: ViewRow[];
  sort: Sort | null;
  onSort(sort: Sort | null): void;
  label: string;
  describedBy: string;
  newTab: string;
  empty: string;
  nonce: string;
}

function SortIcon({ dir }: { dir: 'ASC' | 'DESC' | undefined }) {
  // Both arrows when unsorted, so a sortable header looks like one before it is used.
  return (
    <svg class="piazza-sort-icon" viewBox="0 0 12 16" width="12" height="16" aria-hidden="true" focusable="false">
      {dir !== 'DESC' && <path d="M6 1 10.5 6.5h-9z" />}
      {dir !== 'ASC' && <path d="M6 15 1.5 9.5h9z" />}
    </svg>
  );
}

function Header({ column, sortDirection }: RenderHeaderCellProps<ViewRow>) {
  if (!column.sortable) return <span class="rdg-header-sort-name">{column.name}</span>;
  return (
    <span class="piazza-sort">
      <span class="rdg-header-sort-name">{column.name}</span>
      <SortIcon dir={sortDirection} />
    </span>
  );
}

/**
 * The grid's own Tab moves cell by cell through the whole page (hundreds of stops). The APG grid
 * pattern has Tab leave the grid: the key is stopped before the grid sees it, so the browser moves
 * focus on (through the active cell's link, if any). Enter on a cell with one link follows it.
 * A capture listener rather than the grid's onCellKeyDown: that one rebuilds the event object
 * in a way native (Preact) events reject with "Illegal invocation".
 */
function onKeyDownCapture(event: KeyboardEvent) {
  const cell = event.target as HTMLElement;
  const role = cell.getAttribute?.('role');
  // Header cells too: from a header (where a sort leaves focus) Tab would walk every column.
  if (role !== 'gridcell' && role !== 'columnheader') return;
  if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
    event.stopPropagation();
  } else if (event.key === 'Enter' && role === 'gridcell') {
    const links = cell.querySelectorAll('a[href]');
    if (links.length === 1) {
      event.stopPropagation();
      event.preventDefault();
      (links[0] as HTMLAnchorElement).click();
    }
  }
}

export default function Grid({ columns, rows, sort, onSort, label, describedBy, newTab, empty, nonce }: GridProps) {
  useStyle('react-data-grid', rdgCss, nonce);
  const gridColumns = useMemo<Column<ViewRow>[]>(
    () =>
      columns.map((c, i) => ({
        key: c.field,
        name: c.title,
        sortable: c.sortable,
        resizable: true,
        width: widthOf(c),
        minWidth: 80,
        cellClass: 'piazza-cell-' + c.type + (c.link ? ' piazza-cell-link' : ''),
        renderHeaderCell: Header,
        renderCell: ({ row, tabIndex }) => cellContent(row.cells[i], { link: c.link ? row.link : null, tabIndex, newTab }),
      })),
    [columns, newTab],
  );
  const sortColumns: SortColumn[] = sort ? [{ columnKey: sort.field, direction: sort.dir === 'asc' ? 'ASC' : 'DESC' }] : [];
  return (
    <div class="piazza-grid-wrap" onKeyDownCapture={onKeyDownCapture}>
      <DataGrid<ViewRow>
        className="rdg-light piazza-grid"
        columns={gridColumns}
        rows={rows}
        rowKeyGetter={(r) => r.key}
        sortColumns={sortColumns}
        onSortColumnsChange={(next) => {
          const s = next[next.length - 1];
          onSort(s ? { field: s.columnKey, dir: s.direction === 'ASC' ? 'asc' : 'desc' } : null);
        }}
        enableVirtualization={rows.length > VIRTUALIZE_ABOVE}
        aria-label={label}
        aria-describedby={describedBy}
        renderers={{ noRowsFallback: <div class="piazza-grid-empty">{empty}</div> }}
        headerRowHeight={48}
        rowHeight={44}
      />
    </div>
  );
}
