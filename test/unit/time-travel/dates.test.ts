// Time travel for the date logic: "Oggi", the weekend, the next 7/30 days, the published range,
// the agenda's month and day, event times and .ics stamps, at the instants where calendars go
// wrong (DST switches, leap day, New Year, month ends, six-week months, a Saturday, a Sunday, now)
// and with the device in the portal's zone and abroad. The oracle is the dataset's own Rome
// arithmetic (fixtures/data/time.mjs: the EU DST rule written out, no Intl) and UTC calendar
// steps: nothing here asks the code under test what the answer is.
import { afterAll, describe, expect, it } from 'vitest';
import { wallDate } from '../../../runtime/clock';
import { intervalRange, publishedRange, ymd } from '../../../blocks/listing/model/dates';
import { periodOf, requestRange } from '../../../blocks/listing/agenda/model/period';
import { toAgendaEvent } from '../../../blocks/listing/agenda/model/events';
import { romeWallTime, uidOf } from '../../../blocks/listing/agenda/model/ics';
// @ts-ignore plain JS fixture module
import { romeParts, romeToUtc } from '../../../fixtures/data/time.mjs';
import { DATE, parseInstant, testNow } from '../../browser/clock';

/** The instants of issue 13 (Rome wall times unless an offset is written), and the run's own. */
export const INSTANTS: Array<[string, string]> = [
  ['spring DST night (a 23-hour Sunday)', '2027-03-28 01:30'],
  ['autumn DST, first 02:30 (a 25-hour Sunday)', '2026-10-25T02:30:00+02:00'],
  ['autumn DST, second 02:30', '2026-10-25T02:30:00+01:00'],
  ['a Saturday', '2026-11-28 10:00'],
  ['a Sunday evening', '2026-11-29 23:10'],
  ['leap day', '2028-02-29 12:00'],
  ["New Year's Eve, 23:30", '2026-12-31 23:30'],
  ['last day of a 31-day month', '2027-08-31 08:00'],
  ['a month over six weeks (May 2027 starts on a Saturday)', '2027-05-15 12:00'],
  ["the run's instant", new Date(testNow()).toISOString()],
];
const ZONES = ['Europe/Rome', 'America/New_York', 'Asia/Tokyo', 'UTC'];

const p2 = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` + n calendar days, in UTC fields (no zone can move it). */
const plus = (day: string, n: number) => new Date(Date.parse(day + 'T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(day + 'T12:00:00Z').getUTCDay();
const romeDay = (ms: number) => {
  const p = romeParts(ms);
  return `${p.y}-${p2(p.mo)}-${p2(p.d)}`;
};

const savedTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = savedTz;
});

for (const zone of ZONES) {
  describe(`device in ${zone}`, DATE, () => {
    it.each(INSTANTS)('%s (%s)', (_label, text) => {
      process.env.TZ = zone; // Node reads TZ again on change: this process's Dates are now the visitor's
      const ms = parseInstant(text);
      const today = romeDay(ms);
      const now = wallDate(ms);

      // The portal's today, whatever the device's zone.
      expect(ymd(now)).toBe(today);

      // Intervals: 00:00 of their first day to 23:59 of their last, counted in Rome days.
      expect(intervalRange('today', now)).toEqual([today + ' 00:00', today + ' 23:59']);
      expect(intervalRange('next7days', now)).toEqual([today + ' 00:00', plus(today, 7) + ' 23:59']);
      expect(intervalRange('next30days', now)).toEqual([today + ' 00:00', plus(today, 30) + ' 23:59']);
      expect(intervalRange('all', now)).toEqual([today + ' 00:00', '*']);
      // The weekend is Saturday–Sunday of this week; on a Sunday only today is left of it.
      const dow = weekday(today);
      const [sat, sun] = dow === 0 ? [today, today] : dow === 6 ? [today, plus(today, 1)] : [plus(today, 6 - dow), plus(today, 7 - dow)];
      expect(intervalRange('weekend', now)).toEqual([sat + ' 00:00', sun + ' 23:59']);
      // The published range: 00:00 of "from" to 23:59 of "to", the days as typed.
      expect(publishedRange(plus(today, -30), today)).toEqual([plus(today, -30) + ' 00:00', today + ' 23:59']);

      // The agenda opens on today's day, or on its month: six Monday-first weeks holding the whole month.
      const day = periodOf('day', now);
      expect(day.date).toBe(today);
      expect(requestRange(day)).toEqual([today + 'T00:00:00', plus(today, 1) + 'T00:00:00']);
      const month = periodOf('month', now);
      const first = today.slice(0, 8) + '01';
      expect(month.date).toBe(first);
      const [start, end] = requestRange(month).map((t) => t.slice(0, 10));
      expect(weekday(start)).toBe(1);
      expect(start <= first && plus(start, 6) >= first).toBe(true);
      expect(end).toBe(plus(start, 42));
      const lastOfMonth = plus(plus(first, 32).slice(0, 8) + '01', -1);
      expect(lastOfMonth < end).toBe(true);

      // An event at this instant, sent in UTC: shown at Rome's wall time; its .ics says the same and keeps the real instant in its UID.
      const iso = new Date(ms - (ms % 1000)).toISOString().replace('.000Z', 'Z');
      const event = toAgendaEvent({
        id: '4001',
        contentId: 4001,
        title: 'Concerto',
        allDay: false,
        start: iso,
        end: null,
        type: 'Evento',
        url: null,
        hit: null,
      })!;
      const rome = romeParts(ms);
      const shown = new Date(event.start);
      expect([shown.getFullYear(), shown.getMonth() + 1, shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual(
        // A Rome wall time the device's own clock skips (its spring-forward hour) is the one lossy case (runtime/clock).
        skipsOnDevice(rome) ? [rome.y, rome.mo, rome.d, rome.h + 1, rome.mi] : [rome.y, rome.mo, rome.d, rome.h, rome.mi],
      );
      if (!skipsOnDevice(rome))
        expect(romeWallTime(event.start)).toBe(`${rome.y}${p2(rome.mo)}${p2(rome.d)}T${p2(rome.h)}${p2(rome.mi)}${p2(rome.s)}`);
      // The UID holds the real instant: the same occurrence has one UID on every device, even in October's repeated hour.
      expect(uidOf(event, 'x.it')).toBe('4001-' + iso.replace(/[-:]/g, '') + '@x.it');
    });
  });
}

/** Does the device (process.env.TZ) skip this wall time (its spring-forward gap)? */
function skipsOnDevice(p: { y: number; mo: number; d: number; h: number; mi: number }): boolean {
  const local = new Date(p.y, p.mo - 1, p.d, p.h, p.mi);
  return local.getHours() !== p.h || local.getMinutes() !== p.mi;
}

describe('the oracle itself', DATE, () => {
  it("knows Rome's DST days: 23 hours in spring, 25 in autumn", () => {
    expect(romeToUtc(2027, 3, 29) - romeToUtc(2027, 3, 28)).toBe(23 * 3600_000);
    expect(romeToUtc(2026, 10, 26) - romeToUtc(2026, 10, 25)).toBe(25 * 3600_000);
    expect(weekday('2026-11-28')).toBe(6);
    expect(weekday('2027-05-01')).toBe(6);
  });
});
