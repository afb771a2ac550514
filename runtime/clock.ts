// The portal's clock. An Italian municipality's "today", its events and its opening hours are in
// Italian time whatever the visitor's device says (a visitor in New York at 20:00 on Monday is
// already on Tuesday in Rome, where the concert of "Oggi" takes place). So piazza counts calendar
// days and shows times in Europe/Rome, and says so when the device keeps another time.
//
// Models work on "wall dates": Dates whose *local* fields (getFullYear … getMinutes) hold the
// portal's wall-clock time. Plain Date calendar arithmetic (new Date(y, m, d + 1)) then steps Rome
// days, and a widget that draws local Dates (the agenda's calendar) draws Rome times. On a device
// on Rome time a wall date is the instant itself. Plain Intl, no moment: the list tab uses it.
export const PORTAL_TIME_ZONE = 'Europe/Rome';

const formats = new Map<string, Intl.DateTimeFormat>();

/** [year, month 1–12, day, hour, minute, second] of instant `ms` on `zone`'s wall clock. */
export function wallFields(ms: number, zone = PORTAL_TIME_ZONE): number[] {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(zone, f);
  }
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
