// The phone view: the same rows as stacked cards, "label: value" per field (empty fields left out).
import type { ColumnSpec } from '../model/types';
import { cellContent } from './CellView';
import type { ViewRow } from '../model/rows';

export interface CardsProps {
  columns: ColumnSpec[];
  rows: ViewRow[];
  label: string;
  describedBy: string;
  newTab: string;
  empty: string;
}

export function Cards({ columns, rows, label, describedBy, newTab, empty }: CardsProps) {
  if (!rows.length) return <p class="piazza-grid-empty">{empty}</p>;
  return (
    <ul class="piazza-datatable-cards list-unstyled mb-0" aria-label={label} aria-describedby={describedBy}>
      {rows.map((row) => (
        <li key={row.key} class="card piazza-datatable-card">
          <div class="card-body">
            <dl class="mb-0">
              {columns.map((c, i) =>
                row.cells[i].kind === 'empty' ? null : (
                  <div class="piazza-card-field" key={c.field}>
                    <dt>{c.title}</dt>
                    <dd>{cellContent(row.cells[i], { link: c.link ? row.link : null, newTab })}</dd>
                  </div>
                ),
              )}
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
