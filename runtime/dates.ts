// The one date module. It wraps moment, so it must only be imported by lazy chunks (never by
// boot.ts): moment is ~19 KB gzip and most pages never need it.
import moment from 'moment';
import 'moment/locale/it';
import 'moment/locale/de';
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

/** Format an ISO value, or return it unchanged when it is not one. */
export function formatIso(value: string, format: string, locale?: string | null): string {
  return isIsoDate(value) ? moment.parseZone(value).locale(langOf(locale)).format(format) : value;
}

/** `YYYY-MM-DD HH:mm` in local time, no zone: what the portal's query language expects. */
export const queryDateTime = (m: Moment) => m.format('YYYY-MM-DD HH:mm');
