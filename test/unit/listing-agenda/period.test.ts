import { describe, expect, it } from 'vitest';
import { localIso } from '../../../blocks/listing/model/dates';
import {
  containsDay,
  move,
  periodBounds,
  periodOf,
  requestRange,
  switchView,
  viewForWidth,
  visibleRange,
  type Period,
} from '../../../blocks/listing/agenda/model/period';

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day);
const month = (date: string): Period => ({ view: 'month', date });
const day = (date: string): Period => ({ view: 'day', date });

describe('agenda periods', () => {
  it('shows a month above 768 px and a day at 768 px and below', () => {
    expect(viewForWidth(1280)).toBe('month');
    expect(viewForWidth(769)).toBe('month');
    expect(viewForWidth(768)).toBe('day');
    expect(viewForWidth(375)).toBe('day');
  });

  it('anchors a month on its 1st and a day on itself', () => {
    expect(periodOf('month', new Date(2025, 8, 16, 18, 30))).toEqual(month('2025-09-01'));
    expect(periodOf('day', new Date(2025, 8, 16, 18, 30))).toEqual(day('2025-09-16'));
  });

  it('a month grid is six weeks starting on the Monday on or before the 1st', () => {
    // September 2025 starts on a Monday: the grid starts on the 1st.
    expect(visibleRange(month('2025-09-01'))).toEqual([d(2025, 9, 1), d(2025, 10, 13)]);
    // November 2026 starts on a Sunday: the grid starts on Monday 26 October.
    const [start, end] = visibleRange(month('2026-11-01'));
    expect(start).toEqual(d(2026, 10, 26));
    expect(start.getDay()).toBe(1);
    expect(end).toEqual(d(2026, 12, 7));
    // June 2025 starts on a Sunday too (the whole previous week is shown).
    expect(visibleRange(month('2025-06-01'))[0]).toEqual(d(2025, 5, 26));
  });

  it('asks the calendar for the visible range as local ISO text with an exclusive end', () => {
    expect(requestRange(month('2025-09-01'))).toEqual(['2025-09-01T00:00:00', '2025-10-13T00:00:00']);
    expect(requestRange(day('2025-03-30'))).toEqual(['2025-03-30T00:00:00', '2025-03-31T00:00:00']);
    expect(requestRange(day('2025-12-31'))).toEqual([localIso(d(2025, 12, 31)), '2026-01-01T00:00:00']);
  });

  it('the month and day bounds are calendar days, across DST changes', () => {
    expect(periodBounds(month('2025-10-01'))).toEqual([d(2025, 10, 1), d(2025, 11, 1)]);
    expect(periodBounds(day('2025-10-26'))).toEqual([d(2025, 10, 26), d(2025, 10, 27)]);
  });

  it('moves by months and days, across year ends', () => {
    expect(move(month('2025-12-01'), 1)).toEqual(month('2026-01-01'));
    expect(move(month('2025-01-01'), -1)).toEqual(month('2024-12-01'));
    expect(move(day('2025-02-28'), 1)).toEqual(day('2025-03-01'));
    expect(move(day('2024-02-28'), 1)).toEqual(day('2024-02-29'));
    expect(move(day('2026-01-01'), -1)).toEqual(day('2025-12-31'));
  });

  it('switches view keeping the place: a month becomes today when today is in it, else its 1st', () => {
    const today = new Date(2025, 8, 16, 10);
    expect(switchView(month('2025-09-01'), 'day', today)).toEqual(day('2025-09-16'));
    expect(switchView(month('2025-11-01'), 'day', today)).toEqual(day('2025-11-01'));
    expect(switchView(day('2025-11-20'), 'month', today)).toEqual(month('2025-11-01'));
    expect(switchView(day('2025-11-20'), 'day', today)).toEqual(day('2025-11-20'));
  });

  it('knows whether a day is in the period', () => {
    expect(containsDay(month('2025-09-01'), new Date(2025, 8, 30, 23, 59))).toBe(true);
    expect(containsDay(month('2025-09-01'), d(2025, 10, 1))).toBe(false);
    expect(containsDay(day('2025-09-16'), new Date(2025, 8, 16, 0, 0))).toBe(true);
  });

  it('rejects a broken anchor instead of drawing a wrong month', () => {
    expect(() => visibleRange(month('2025-13-01'))).toThrow(/invalid period/);
  });
});
