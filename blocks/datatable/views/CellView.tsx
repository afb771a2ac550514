// A cell model as markup. Text is always text (Preact escapes it); hrefs were checked by the model.
import { Fragment } from 'preact';
import type { Cell } from '../model/cells';
import { cellText } from '../model/cells';

export interface CellViewProps {
  cell: Cell;
  /** The grid gives -1 to links outside the active cell, so Tab leaves the grid (APG grid pattern). */
  tabIndex?: number;
  /** Link column: the content's URL; the cell's own links are then shown as text (no nested links). */
  link?: string | null;
  newTab: string;
}

export function CellView({ cell, tabIndex, link, newTab }: CellViewProps) {
  if (cell.kind === 'empty') return null;
  if (link) return <a href={link} tabIndex={tabIndex}>{cellText(cell)}</a>;
  return <Content cell={cell} tabIndex={tabIndex} newTab={newTab} />;
}

function Content({ cell, tabIndex, newTab }: { cell: Cell; tabIndex?: number; newTab: string }) {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.nowrap ? <span class="text-nowrap">{cell.text}</span> : <>{cell.text}</>;
    case 'link':
      return cell.external ? (
        <a href={cell.href} tabIndex={tabIndex} target="_blank" rel="noopener noreferrer" class="piazza-external">
          {cell.text}
          <span class="visually-hidden"> {newTab}</span>
        </a>
      ) : (
        <a href={cell.href} tabIndex={tabIndex}>{cell.text}</a>
      );
    case 'list':
      return cell.inline ? (
        <>{cell.items.map((c, i) => <Fragment key={i}>{i > 0 && ', '}<Content cell={c} tabIndex={tabIndex} newTab={newTab} /></Fragment>)}</>
      ) : (
        <ul class="piazza-cell-list">
          {cell.items.map((c, i) => <li key={i}><Content cell={c} tabIndex={tabIndex} newTab={newTab} /></li>)}
        </ul>
      );
    case 'table':
      return (
        <table class="table table-sm piazza-cell-matrix">
          <thead><tr>{cell.head.map((h) => <th scope="col" key={h}>{h}</th>)}</tr></thead>
          <tbody>{cell.rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</tbody>
        </table>
      );
  }
}
