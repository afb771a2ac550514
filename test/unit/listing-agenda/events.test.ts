import { describe, expect, it } from 'vitest';
import {
  compareEvents,
  eventsIn,
  groupByDay,
  isMultiDay,
  lastDay,
  MIN_DRAWN_MS,
  overlaps,
  toAgendaEvent,
  toAgendaEvents,
  toCalendarEvent,
} from '../../../blocks/listing/agenda/model/events';
import { item, romeIso } from './fixtures';

const d = (y: number, m: number, day: number, h = 0, mi = 0) => new Date(y, m - 1, day, h, mi);

describe('calendar items → agenda events', () => {
  it('all-day items keep the exclusive end the API sends (1 → 5 July is 1–4 July)', () => {
    const e = toAgendaEvent(item({ allDay: true, start: '2025-07-01', end: '2025-07-05' }))!;
    expect(e).toMatchObject({ allDay: true, startDay: '2025-07-01', endDay: '2025-07-05' });
    expect(new Date(e.start)).toEqual(d(2025, 7, 1));
    expect(new Date(e.end)).toEqual(d(2025, 7, 5));
    expect(lastDay(e)).toEqual(d(2025, 7, 4));
    expect(isMultiDay(e)).toBe(true);
  });

  it('a one-day all-day item without an end (or with an end not after the start) lasts one day', () => {
    for (const end of [null, '2025-07-01', '2025-06-30', 'garbage']) {
      const e = toAgendaEvent(item({ allDay: true, start: '2025-07-01', end }))!;
      expect(e.endDay).toBe('2025-07-02');
      expect(isMultiDay(e)).toBe(false);
    }
  });

  it('a date-only start is all-day even when allDay is missing; a timed all-day end rounds up to the next day', () => {
    expect(toAgendaEvent(item({ start: '2025-07-01' }))!.allDay).toBe(true);
    expect(toAgendaEvent(item({ allDay: true, start: '2025-07-01T00:00:00+02:00', end: '2025-07-03T12:00:00+02:00' }))!.endDay).toBe(
      '2025-07-04',
    );
    expect(toAgendaEvent(item({ allDay: true, start: '2025-07-01T00:00:00+02:00', end: '2025-07-03T00:00:00+02:00' }))!.endDay).toBe(
      '2025-07-03',
    );
  });

  it("timed items are the portal's wall times (Rome), whatever the offset notation (the opening hours write +0000)", () => {
    const e = toAgendaEvent(item({ start: '2025-06-21T18:00:00+02:00', end: '2025-06-21T23:00:00+02:00' }))!;
    expect(new Date(e.start)).toEqual(d(2025, 6, 21, 18));
    expect(new Date(e.end)).toEqual(d(2025, 6, 21, 23));
    // 08:30 UTC in June is 10:30 in Rome (summer time, +2).
    const hours = toAgendaEvent(
      item({ id: '6005-9001-monday-08.30:12.30', start: '2025-06-23T08:30:00+0000', end: '2025-06-23T12:30:00+0000' }),
    )!;
    expect(new Date(hours.start)).toEqual(d(2025, 6, 23, 10, 30));
    // In winter (+1): 23:30 UTC on 24 December is 00:30 on Christmas in Rome.
    expect(new Date(toAgendaEvent(item({ start: '2025-12-24T23:30:00Z' }))!.start)).toEqual(d(2025, 12, 25, 0, 30));
    expect(hours.id).toBe('6005-9001-monday-08.30:12.30');
  });

  it('a timed item without a usable end happens at its start; an unreadable start drops the item', () => {
    expect(new Date(toAgendaEvent(item({ start: '2025-06-21T18:00:00+02:00', end: null }))!.end)).toEqual(d(2025, 6, 21, 18));
    expect(new Date(toAgendaEvent(item({ start: '2025-06-21T18:00:00+02:00', end: '2025-06-21T17:00:00+02:00' }))!.end)).toEqual(
      d(2025, 6, 21, 18),
    );
    expect(toAgendaEvent(item({ start: 'domani sera' }))).toBeNull();
    expect(toAgendaEvent(item({ allDay: true, start: '2025-02-30' }))).toBeNull();
  });

  it('sorts chronologically (all-day first on the same day start, then by title) with unique keys per occurrence', () => {
    const events = toAgendaEvents([
      item({ id: '4004', title: 'Mercatino', start: romeIso(2025, 9, 6, 8) }),
      item({ id: '4004', title: 'Mercatino', start: romeIso(2025, 9, 13, 8) }),
      item({ id: '4012', title: 'Mostra', allDay: true, start: '2025-09-06', end: '2025-09-08' }),
      item({ id: '4001', title: 'Concerto', start: romeIso(2025, 9, 6, 8) }),
      item({ id: '4004', title: 'Mercatino', start: romeIso(2025, 9, 6, 8) }),
      item({ id: 'x', start: 'never' }),
    ]);
    expect(events.map((e) => e.title)).toEqual(['Mostra', 'Concerto', 'Mercatino', 'Mercatino', 'Mercatino']);
    const keys = events.map((e) => e.key);
    expect(new Set(keys).size).toBe(5);
    expect(keys.filter((k) => k.startsWith('4004@'))).toHaveLength(3);
    expect(compareEvents(events[0], events[1])).toBeLessThan(0);
  });

  it('overlap: [start, end) touches the range; an instant counts where it happens', () => {
    const from = d(2025, 9, 1).getTime();
    const to = d(2025, 10, 1).getTime();
    const at = (y: number, m: number, day: number, h = 0) => toAgendaEvent(item({ start: romeIso(y, m, day, h) }))!;
    expect(overlaps(at(2025, 9, 1, 0), from, to)).toBe(true);
    expect(overlaps(at(2025, 10, 1, 0), from, to)).toBe(false);
    const allAugust = toAgendaEvent(item({ allDay: true, start: '2025-08-01', end: '2025-09-01' }))!;
    expect(overlaps(allAugust, from, to)).toBe(false); // the exclusive end is not a day of the event
    const intoSeptember = toAgendaEvent(item({ allDay: true, start: '2025-08-30', end: '2025-09-02' }))!;
    expect(overlaps(intoSeptember, from, to)).toBe(true);
  });

  it('groups the period’s events by day, an event that began earlier under the period’s first day', () => {
    const events = toAgendaEvents([
      item({ id: '1', title: 'Mostra', allDay: true, start: '2025-08-20', end: '2025-09-10' }),
      item({ id: '2', title: 'Concerto', start: romeIso(2025, 9, 3, 21), end: romeIso(2025, 9, 3, 23) }),
      item({ id: '3', title: 'Sagra', allDay: true, start: '2025-09-03', end: '2025-09-05' }),
      item({ id: '4', title: 'Ottobre', start: romeIso(2025, 10, 2, 9) }),
    ]);
    const bounds: [Date, Date] = [d(2025, 9, 1), d(2025, 10, 1)];
    expect(eventsIn(events, bounds).map((e) => e.id)).toEqual(['1', '3', '2']);
    expect(groupByDay(events, bounds).map((g) => [g.day, g.events.map((e) => e.id)])).toEqual([
      ['2025-09-01', ['1']],
      ['2025-09-03', ['3', '2']],
    ]);
  });

  it('a timed event ending at midnight ends on its own day', () => {
    const e = toAgendaEvent(item({ start: romeIso(2025, 9, 3, 21), end: romeIso(2025, 9, 4, 0) }))!;
    expect(lastDay(e)).toEqual(d(2025, 9, 3));
    expect(isMultiDay(e)).toBe(false);
    const night = toAgendaEvent(item({ start: romeIso(2025, 9, 3, 21), end: romeIso(2025, 9, 4, 2) }))!;
    expect(isMultiDay(night)).toBe(true);
  });

  it('gives the calendar widget inclusive all-day ends, a drawable length and the link', () => {
    const allDay = toCalendarEvent(toAgendaEvent(item({ allDay: true, start: '2025-07-01', end: '2025-07-05' }), 'k1')!, 'agenda');
    expect(allDay).toMatchObject({ id: 'k1', calendarId: 'agenda', category: 'allday', isAllday: true, isReadOnly: true });
    expect(allDay.start).toEqual(d(2025, 7, 1));
    expect(allDay.end).toEqual(d(2025, 7, 4));
    const instant = toCalendarEvent(toAgendaEvent(item({ start: '2025-06-21T18:00:00+02:00' }))!, 'agenda');
    expect(instant.category).toBe('time');
    expect(instant.end.getTime() - instant.start.getTime()).toBe(MIN_DRAWN_MS);
    expect(instant.raw.url).toBe('/Vivere-il-comune/Eventi/Festa-della-Musica');
    const long = toCalendarEvent(toAgendaEvent(item({ start: '2025-06-21T18:00:00+02:00', end: '2025-06-21T23:00:00+02:00' }))!, 'agenda');
    expect(long.end).toEqual(d(2025, 6, 21, 23));
  });
});
