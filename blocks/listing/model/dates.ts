// Calendar arithmetic for the filters, in the visitor's local time, with plain Date: the list tab
// must not pull moment (~19 KB gzip) into a page that only lists contents. Pure: `now` is passed in.
import type { IntervalId } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local midnight of the day `days` after `date`'s day (DST-safe: calendar days, not 24 h steps). */
export const dayOf = (date: Date, days = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** `YYYY-MM-DD` of a local date. */
export const ymd = (d: Date) => d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());

/** `YYYY-MM-DD HH:mm`, local time, no zone: what the portal's query language expects from the browser. */
export const queryMinute = (d: Date, time: '00:00' | '23:59') => ymd(d) + ' ' + time;

/** Local ISO text with no offset, as a calendar widget sends `start`/`end` (`2025-06-01T00:00:00`). */
export const localIso = (d: Date) => ymd(d) + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds());

/** A real calendar date written `YYYY-MM-DD` (what `<input type=date>` gives), or null. */
export function parseYmd(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(+m[1], +m[2] - 1, +m[3]);
  return d.getFullYear() === +m[1] && d.getMonth() === +m[2] - 1 && d.getDate() === +m[3] ? d : null;
}

/**
 * Strict ISO 8601 date or date-time, as moment's `ISO_8601` strict parse accepts it
 * (`2025-06-01`, `2025-06-01T10:00`, `2025-06-01 10:00:00.5+02:00`, `…Z`), with a real calendar date.
 */
export function isStrictIso(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(value);
  if (!m) return false;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  return day.getUTCMonth() === +mo - 1 && day.getUTCDate() === +d && +h < 24 && +mi < 60 && +s < 60;
}

/**
 * The `[from, to]` of an interval, in query format. Every interval starts today at 00:00 at the
 * earliest, and ends at 23:59 of its last day; `all` is open-ended (`*`).
 * weekend: Saturday–Sunday of the current weekend. **Fix of the original**, which took moment's
 * `day(6)`/`day(7)` of a Sunday-based week and so jumped to the *next* weekend on a Sunday:
 * on a Sunday the weekend is today; on a Saturday it is today and tomorrow.
 */
export function intervalRange(interval: IntervalId, now: Date): [string, string] {
  const today = dayOf(now);
  const from = queryMinute(today, '00:00');
  switch (interval) {
    case 'today':
      return [from, queryMinute(today, '23:59')];
    case 'weekend': {
      const dow = today.getDay(); // 0 Sunday … 6 Saturday
      const sunday = dayOf(today, dow === 0 ? 0 : 7 - dow);
      const saturday = dow === 0 ? today : dayOf(sunday, -1);
      return [queryMinute(saturday, '00:00'), queryMinute(sunday, '23:59')];
    }
    case 'next7days':
      return [from, queryMinute(dayOf(today, 7), '23:59')];
    case 'next30days':
      return [from, queryMinute(dayOf(today, 30), '23:59')];
    default:
      return [from, '*'];
  }
}

/**
 * A date range's clauses, as the theme's plugin writes them: a `from` day keeps what ends on or
 * after it (`toField range [from 00:00,*]`), a `to` day what starts on or before it
 * (`fromField range [*,to 23:59]`). An invalid day, or an empty field, adds nothing.
 */
export function dateRangeClauses(fromField: string, toField: string, from: string, to: string): string[] {
  const a = parseYmd(from);
  const b = parseYmd(to);
  const out: string[] = [];
  if (a && toField) out.push(`${toField} range [${queryMinute(a, '00:00')},*]`);
  if (b && fromField) out.push(`${fromField} range [*,${queryMinute(b, '23:59')}]`);
  return out;
}

/** `[from 00:00, to 23:59]` when both are valid dates and from ≤ to; otherwise null (no filter). */
export function publishedRange(from: string, to: string): [string, string] | null {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b || a > b) return null;
  return [queryMinute(a, '00:00'), queryMinute(b, '23:59')];
}
