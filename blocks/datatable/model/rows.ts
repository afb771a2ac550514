// The rows a view shows: each hit with its cells worked out once, for the grid, the cards and the
// link column alike (and the texts those cells need).
import type { I18n } from '../../../runtime/i18n';
import { linkFor, renderField, type Cell, type CellOptions } from './cells';
import { fieldValue } from './columns';
import type { ColumnSpec, Hit } from './types';

export interface ViewRow {
  key: string;
  hit: Hit;
  cells: Cell[];
  link: string | null;
}

export function cellOptions(i18n: I18n): CellOptions {
  return { lang: i18n.lang, locale: i18n.locale, yes: i18n.t('cell.yes'), no: i18n.t('cell.no') };
}

export function viewRows(
  hits: readonly Hit[],
  columns: readonly ColumnSpec[],
  o: CellOptions,
  linkTemplate: string,
  offset: number,
): ViewRow[] {
  const needsLink = columns.some((c) => c.link);
  return hits.map((hit, i) => ({
    // A content can come twice (one per assigned node): the position keeps keys unique.
    key: String(hit.metadata?.id ?? '') + '@' + (offset + i),
    hit,
    cells: columns.map((c) => renderField(c.type, fieldValue(hit, c.field, o.lang), { ...o, dataType: c.dataType })),
    link: needsLink ? linkFor(linkTemplate, hit) : null,
  }));
}
