// The portal clock's arithmetic for Rome against the time-zone data of the engine (ICU, through
// Intl): every instant around each summer-time switch, and instants spread over every year.
import { describe, expect, it } from 'vitest';
import { wallFields } from '../../../runtime/clock';

const rome = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Rome',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const byIcu = (ms: number) => {
  const p: Record<string, number> = {};
  for (const part of rome.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = +part.value;
  return [p.year, p.month, p.day, p.hour % 24, p.minute, p.second];
};
const HOUR = 3_600_000;

/** The instants (UTC ms) where Rome's offset changes in `year`, found by scanning ICU day by day, then hour by hour. */
function switches(year: number): number[] {
  const out: number[] = [];
  const DAY = 24 * HOUR;
  const offset = (ms: number) => {
    const [y, mo, d, h, mi, s] = byIcu(ms);
    return (Date.UTC(y, mo - 1, d, h, mi, s) - ms) / HOUR;
  };
  for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += DAY) {
    if (offset(day) === offset(day + DAY)) continue;
    for (let t = day; t < day + DAY; t += HOUR) if (offset(t) !== offset(t + HOUR)) out.push(t + HOUR);
  }
  return out;
}

describe('wallFields on Rome time', () => {
  it('matches the engine around both switches of every year 1996–2099, to the second', () => {
    for (let year = 1996; year <= 2099; year++) {
      const at = switches(year);
      expect(at, String(year)).toHaveLength(2); // spring forward, fall back
      for (const t of at) {
        for (const d of [-HOUR - 1000, -HOUR, -1000, -1, 0, 1, 1000, HOUR - 1, HOUR, 2 * HOUR]) {
          expect(wallFields(t + d), new Date(t + d).toISOString()).toEqual(byIcu(t + d));
        }
      }
    }
  });

  it('matches the engine on instants spread over 1990–2110 (outside 1996–2099 it asks the engine)', () => {
    // a fixed stride, not random: a failure names the same instant on every run
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2110, 0, 1); t += 7 * 86_400_000 + 3_599_937) {
      expect(wallFields(t), new Date(t).toISOString()).toEqual(byIcu(t));
    }
  });

  it('leaves other zones to the engine', () => {
    const t = Date.UTC(2027, 2, 28, 1, 30);
    expect(wallFields(t, 'America/New_York')).toEqual([2027, 3, 27, 21, 30, 0]);
  });
});
