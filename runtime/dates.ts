// How a date reads: the API's ISO values parsed and worded (moment). *When* — the portal's now,
// today, Rome's wall dates — is runtime/clock.ts (plain Intl), which this module builds on; Intl
// formatters are runtime/intl.ts's. It wraps moment, so it must only be imported by lazy chunks
// (never by piazza.ts): moment is ~19 KB gzip and most pages never need it.
import moment from 'moment';
import 'moment/locale/it';
import 'moment/locale/de';
import { wallFields } from './clock';
import { langOf } from './i18n';

export type Moment = moment.Moment;
export { moment };

/** A moment in the visitor's locale (it default). */
export function at(value?: moment.MomentInput, locale?: string | null): Moment {
  return moment(value).locale(langOf(locale));
}

/** Strict ISO 8601 (what the API writes); '2024' or 'ieri' are not dates. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 10 && moment(value, moment.ISO_8601, true).isValid();
}

/** true when the ISO text has a time part (date-only fields are shown without time). */
export const hasTime = (iso: string) => /T\d{2}:\d{2}/.test(iso);

/** Rome's offset from UTC in minutes at instant `ms` (runtime/clock's wall fields, read back as UTC). */
function portalOffset(ms: number): number {
  const f = wallFields(ms);
  return Math.round((Date.UTC(f[0], f[1] - 1, f[2], f[3], f[4], f[5]) - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * Format an ISO value, or return it unchanged when it is not one. A value with an offset is shown
 * on the portal's clock (Europe/Rome): the API writes Rome's own offset, so it reads as written,
 * and a UTC value (`…Z`) is not shown an hour or two early. A value without offset is as written.
 */
export function formatIso(value: string, format: string, locale?: string | null): string {
  if (!isIsoDate(value)) return value;
  const m = moment.parseZone(value);
  if (/(Z|[+-]\d{2}(:?\d{2})?)$/.test(value) && hasTime(value)) m.utcOffset(portalOffset(m.valueOf()));
  return m.locale(langOf(locale)).format(format);
}

const API_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * 'D MMMM YYYY' or 'D MMMM YYYY, HH:mm' of an ISO text in its own offset (what formatIso with
 * those formats gives), read without moment's parser: a table formats hundreds of dates per page
 * and moment's strict parse costs ~0.2 ms each. Other ISO forms fall back to formatIso; a value
 * that is not ISO comes back unchanged.
 */
export function formatIsoDay(value: string, withTime: boolean, locale?: string | null): string {
  const m = API_ISO.exec(value);
  if (!m || m[4] === '24') return formatIso(value, withTime ? 'D MMMM YYYY, HH:mm' : 'D MMMM YYYY', locale);
  let [, y, mo, d, h, mi, sec, zone] = m;
  let month = +mo;
  let day = +d;
  const days = new Date(Date.UTC(+y, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > days || (h !== undefined && (+h > 23 || +mi > 59 || +(sec ?? 0) > 59))) return value;
  if (zone) {
    // On the portal's clock (see formatIso): the instant's wall fields in Rome.
    const digits = zone.slice(1).replace(':', '');
    const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (+digits.slice(0, 2) * 60 + +(digits.slice(2) || 0));
    const wall = wallFields(Date.UTC(+y, month - 1, day, +h, +mi, +(sec ?? 0)) - offset * 60_000);
    [y, month, day, h, mi] = [String(wall[0]), wall[1], wall[2], pad2(wall[3]), pad2(wall[4])];
  }
  const months = moment.localeData(langOf(locale)).months() as unknown as string[];
  const date = day + ' ' + months[month - 1] + ' ' + y;
  return withTime ? date + ', ' + (h ?? '00') + ':' + (mi ?? '00') : date;
}

/** `YYYY-MM-DD HH:mm` in local time, no zone: what the portal's query language expects. */
export const queryDateTime = (m: Moment) => m.format('YYYY-MM-DD HH:mm');
