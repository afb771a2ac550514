// The portal's clock. An Italian municipality's "today", its events and its opening hours are in
// Italian time whatever the visitor's device says (a visitor in New York at 20:00 on Monday is
// already on Tuesday in Rome, where the concert of "Oggi" takes place). So piazza counts calendar
// days and shows times in Europe/Rome, and says so when the device keeps another time.
//
// Models work on "wall dates": Dates whose *local* fields (getFullYear … getMinutes) hold the
// portal's wall-clock time. Plain Date calendar arithmetic (new Date(y, m, d + 1)) then steps Rome
// days, and a widget that draws local Dates (the agenda's calendar) draws Rome times. On a device
// on Rome time a wall date is the instant itself. Plain Intl, no moment: the list tab uses it.
//
// Dates in piazza, one story: this module is *when* (the portal's now, today, wall dates, Rome's
// zone) for every chunk; runtime/dates.ts is *how a date reads* where the API's ISO values are
// parsed and worded (moment, lazy chunks only: the agenda, the data table's cells); their Intl
// formatters come from runtime/intl.ts, the one cache of them.
import { dateFormat } from './intl';

export const PORTAL_TIME_ZONE = 'Europe/Rome';

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when EU summer time starts or ends. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * Rome's UTC offset in hours by the EU summer-time rule (directive 2000/84/EC, the same dates
 * since 1996), for the years the unit test checks against the browser's time-zone data. Why not
 * always Intl: a page's first Intl.DateTimeFormat loads the browser's zone data, 20–40 ms on a
 * phone-class CPU, and the list tab needs "now" before its first request (issue 18).
 */
function romeOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  if (year < 1996 || year > 2099) return 0;
  return ms >= lastSunday(year, 2) && ms < lastSunday(year, 9) ? 2 : 1;
}

/** [year, month 1–12, day, hour, minute, second] of instant `ms` on `zone`'s wall clock. */
export function wallFields(ms: number, zone = PORTAL_TIME_ZONE): number[] {
  const offset = zone === PORTAL_TIME_ZONE && romeOffset(ms);
  if (offset) {
    const d = new Date(ms + offset * HOUR);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  }
  const f = dateFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = +part.value;
  return [p.year, p.month, p.day, p.hour % 24, p.minute, p.second];
}

const localFields = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
const same = (a: number[], b: number[]) => a.every((v, i) => v === b[i]);

/**
 * The wall date of instant `ms` on `zone`. On a device keeping that zone's time it is `new Date(ms)`
 * (so the repeated hour of October stays two hours). Elsewhere, a wall time the device's own clock
 * skips (its spring-forward hour) comes out an hour later: the only lossy case.
 */
export function wallDate(ms: number, zone = PORTAL_TIME_ZONE): Date {
  const device = new Date(ms);
  const wall = wallFields(ms, zone);
  if (same(localFields(device), wall)) return device;
  return new Date(wall[0], wall[1] - 1, wall[2], wall[3], wall[4], wall[5], ((ms % 1000) + 1000) % 1000);
}

/** Now, as a wall date of the portal: what "today" and "this weekend" are counted from. */
export const portalNow = (): Date => wallDate(Date.now());

/**
 * Does this device keep the portal's time (the same wall clock now and half a year from now, so
 * across a DST switch)? When it does not, views say that times are Italian time.
 */
export function deviceOnPortalTime(now = Date.now(), zone = PORTAL_TIME_ZONE): boolean {
  return [now, now + 182 * 86_400_000].every((t) => same(localFields(new Date(t)), wallFields(t, zone)));
}
