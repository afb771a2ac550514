// One clock for a whole test run: the emulator's dataset ("today", events relative to it), every
// page's Date and the tests' own expectations read the same instant, so a run that crosses
// midnight (or runs at 23:59 on the 31st) cannot disagree with itself.
//
// PIAZZA_NOW       the instant: ISO with an offset (`2027-03-28T01:30:00+01:00`), or a wall time of
//                  the portal without one (`2027-03-28 01:30`, read in Europe/Rome). Unset: the run's
//                  start (global-setup.ts writes it down for every test file).
// PIAZZA_BROWSER_TZ the visitor's zone (default Europe/Rome, the portal's; CI machines run in UTC).
// @ts-ignore plain JS fixture module
import { clockSource } from '../../fixtures/emulator/probe.mjs';

/** Rome's offset in minutes at instant `ms` (Intl, independent of the code under test). */
function romeOffset(ms: number): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(ms));
  const p: Record<string, number> = {};
  for (const x of f) if (x.type !== 'literal') p[x.type] = +x.value;
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** An instant from PIAZZA_NOW's forms (see above). */
export function parseInstant(text: string): number {
  const t = text.trim().replace(/^@/, '');
  const wall = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (wall) {
    const asUtc = Date.UTC(+wall[1], +wall[2] - 1, +wall[3], +wall[4], +wall[5], +(wall[6] ?? 0));
    let ms = asUtc - romeOffset(asUtc) * 60_000;
    ms = asUtc - romeOffset(ms) * 60_000;
    return ms;
  }
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw new Error(`PIAZZA_NOW: not an instant: ${text}`);
  return ms;
}

let cached: number | null = null;
/** The run's instant (ms). */
export function testNow(): number {
  if (cached === null) cached = process.env.PIAZZA_NOW ? parseInstant(process.env.PIAZZA_NOW) : Date.now();
  return cached;
}

/** The visitor's zone for every page. */
export const browserZone = () => process.env.PIAZZA_BROWSER_TZ || 'Europe/Rome';

/** Source of an init script that starts the page's clock at `now` and lets it run (probe.mjs). */
export const clockScript = (now: number): string => clockSource(now);

/** `YYYY-MM-DD` of the Rome day `days` after the run's Rome day (plain calendar steps in UTC fields). */
export function romeDayOf(days = 0, now = testNow()): string {
  const wall = new Date(now + romeOffset(now) * 60_000);
  const d = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** Day of the week (0 Sunday … 6 Saturday) of the run's Rome day. */
export const romeWeekday = (now = testNow()) => new Date(romeDayOf(0, now) + 'T12:00:00Z').getUTCDay();

/**
 * Test options marking a test whose outcome depends on the run's instant (today, the weekday, the
 * month) or the visitor's zone: `it('…', DATE, async () => …)`. The time-travel runs repeat exactly
 * these at every instant (scripts/time-travel.mjs, `--tags-filter=date`).
 */
export const DATE = { tags: ['date'] };
