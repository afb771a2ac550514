// A cell model as markup. Text is always text (Preact escapes it); hrefs were checked by the model.
// Plain functions rather than components: a 100-row page has ~500 cells, and a component per cell
// (and per link in it) doubles the virtual nodes the grid diffs on every page change.
import { Fragment, type ComponentChildren } from 'preact';
import type { Cell } from '../model/cells';
import { cellText } from '../model/cells';

export interface CellOptions {
  /** The grid gives -1 to links outside the active cell, so Tab leaves the grid (APG grid pattern). */
  tabIndex?: number;
  /** Link column: the content's URL; the cell's own links are then shown as text (no nested links). */
  link?: string | null;
  newTab: string;
}

export function cellContent(cell: Cell, o: CellOptions): ComponentChildren {
  if (cell.kind === 'empty') return null;
  if (o.link)
    return (
      <a href={o.link} tabIndex={o.tabIndex}>
        {cellText(cell)}
      </a>
    );
  return content(cell, o.tabIndex, o.newTab);
}

function content(cell: Cell, tabIndex: number | undefined, newTab: string): ComponentChildren {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.nowrap ? <span class="text-nowrap">{cell.text}</span> : cell.text;
    case 'link':
      return cell.external ? (
        <a href={cell.href} tabIndex={tabIndex} target="_blank" rel="noopener noreferrer" class="piazza-external">
          {cell.text}
          <span class="visually-hidden"> {newTab}</span>
        </a>
      ) : (
        <a href={cell.href} tabIndex={tabIndex}>
          {cell.text}
        </a>
      );
    case 'list':
      return cell.inline ? (
        cell.items.map((c, i) => (
          <Fragment key={i}>
            {i > 0 && ', '}
            {content(c, tabIndex, newTab)}
          </Fragment>
        ))
      ) : (
        <ul class="piazza-cell-list">
          {cell.items.map((c, i) => (
            <li key={i}>{content(c, tabIndex, newTab)}</li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <table class="table table-sm piazza-cell-matrix">
          <thead>
            <tr>
              {cell.head.map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cell.rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** The same as a component, for the cards and tests. */
export function CellView({ cell, ...o }: CellOptions & { cell: Cell }) {
  return <>{cellContent(cell, o)}</>;
}
