// CSV of the whole filtered set: RFC 4180 text, fetched batch after batch from the server
// (with server-side paging DataTables' own export only ever covers the drawn page).
import { cellText, renderField, type CellOptions } from './cells';
import { fieldValue } from './columns';
import type { ColumnSpec, Hit } from './types';

/**
 * One field. Quoted when it holds the separator, a quote, a line break or edge spaces. A leading
 * = + - @ (or tab/CR) gets a ' so a spreadsheet reads text, never a formula (CSV injection).
 */
export function csvField(value: string, separator = ','): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = "'" + v;
  return v.includes(separator) || /["\r\n]/.test(v) || /^\s|\s$/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
}

export const csvLine = (fields: readonly string[], separator = ',') => fields.map((f) => csvField(f, separator)).join(separator) + '\r\n';

/** A hit's fields as the table shows them (links keep their absolute target). */
export function csvRow(hit: Hit, columns: readonly ColumnSpec[], o: CellOptions, absolute: (href: string) => string): string[] {
  return columns.map((c) => cellText(renderField(c.type, fieldValue(hit, c.field, o.lang), { ...o, dataType: c.dataType }), absolute));
}

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportJob {
  /** One batch of the filtered set: rows from `start`, at most `length`, plus the current total. */
  fetchBatch(start: number, length: number, signal: AbortSignal): Promise<{ rows: Hit[]; total: number }>;
  batchSize: number;
  signal: AbortSignal;
  onProgress?(p: ExportProgress): void;
}

/**
 * Every row of the filtered set, batch by batch. It advances by what each batch returned (a
 * server that caps `length` still gets read to the end) and stops at the total or at an empty
 * batch; an abort rejects with the signal's reason.
 */
export async function fetchAll(job: ExportJob): Promise<Hit[]> {
  const rows: Hit[] = [];
  let total = Infinity;
  while (rows.length < total) {
    if (job.signal.aborted) throw job.signal.reason ?? new Error('aborted');
    const batch = await job.fetchBatch(rows.length, job.batchSize, job.signal);
    total = Math.min(total, batch.total);
    if (!batch.rows.length) break;
    rows.push(...batch.rows.slice(0, Math.max(0, total - rows.length)));
    job.onProgress?.({ done: rows.length, total });
  }
  return rows;
}

/** The file: a BOM (so Excel reads UTF-8), the header line, then one line per hit. */
export function toCsv(
  hits: readonly Hit[],
  columns: readonly ColumnSpec[],
  o: CellOptions,
  absolute: (href: string) => string,
  separator = ',',
): string {
  let out =
    '\ufeff' +
    csvLine(
      columns.map((c) => c.title),
      separator,
    );
  for (const hit of hits) out += csvLine(csvRow(hit, columns, o, absolute), separator);
  return out;
}
