import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/agenda/i18n';
import { toAgendaEvent } from '../../../blocks/listing/agenda/model/events';
import { countMessage, dayNames, describeWhen, periodName, periodTitle } from '../../../blocks/listing/agenda/model/format';
import { item, romeIso } from './fixtures';

const it_ = createI18n(catalog, 'it-IT');
const en = createI18n(catalog, 'en-GB');
const de = createI18n(catalog, 'de-DE');
const TODAY = new Date(2025, 8, 16, 12);

describe('agenda texts', () => {
  it('full day names in Italian, English and German, Sunday first (the widget’s order)', () => {
    expect(dayNames('it')).toEqual(['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato']);
    expect(dayNames('en')[1]).toBe('Monday');
    expect(dayNames('de')[1]).toBe('Montag');
  });

  it('titles the period with full month and day names', () => {
    expect(periodTitle({ view: 'month', date: '2025-09-01' }, 'it')).toBe('settembre 2025');
    expect(periodTitle({ view: 'day', date: '2025-09-16' }, 'it')).toBe('martedì 16 settembre 2025');
    expect(periodTitle({ view: 'day', date: '2025-09-16' }, 'de')).toBe('Dienstag, 16. September 2025');
    expect(periodTitle({ view: 'month', date: '2025-09-01' }, 'en')).toBe('September 2025');
  });

  it('"N eventi a settembre": plural forms, the year only when it is not this year', () => {
    const sept = { view: 'month' as const, date: '2025-09-01' };
    expect(countMessage(it_, sept, 12, TODAY)).toBe('12 eventi a settembre');
    expect(countMessage(it_, sept, 1, TODAY)).toBe('1 evento a settembre');
    expect(countMessage(it_, sept, 0, TODAY)).toBe('Nessun evento a settembre');
    expect(countMessage(it_, { view: 'month', date: '2026-01-01' }, 3, TODAY)).toBe('3 eventi a gennaio 2026');
    expect(countMessage(it_, { view: 'day', date: '2025-09-16' }, 2, TODAY)).toBe('2 eventi martedì 16 settembre');
    expect(countMessage(en, sept, 12, TODAY)).toBe('12 events in September');
    expect(countMessage(en, { view: 'day', date: '2025-09-16' }, 1, TODAY)).toBe('1 event on Tuesday 16 September');
    expect(countMessage(de, sept, 12, TODAY)).toBe('12 Termine im September');
    expect(periodName({ view: 'day', date: '2024-09-16' }, 'it', TODAY)).toBe('lunedì 16 settembre 2024');
  });

  it('says when an event happens: times, all day, ranges of days', () => {
    const timed = toAgendaEvent(item({ start: romeIso(2025, 6, 21, 18), end: romeIso(2025, 6, 21, 23) }))!;
    expect(describeWhen(timed, it_)).toEqual({ date: 'sabato 21 giugno 2025', time: '18:00 – 23:00' });
    const instant = toAgendaEvent(item({ start: romeIso(2025, 6, 21, 9, 30) }))!;
    expect(describeWhen(instant, it_).time).toBe('09:30');
    const oneDay = toAgendaEvent(item({ allDay: true, start: '2025-07-01', end: '2025-07-02' }))!;
    expect(describeWhen(oneDay, it_)).toEqual({ date: 'martedì 1 luglio 2025', time: 'Tutto il giorno' });
    expect(describeWhen(oneDay, en).time).toBe('All day');
    expect(describeWhen(oneDay, de).time).toBe('Ganztägig');
    const days = toAgendaEvent(item({ allDay: true, start: '2025-07-01', end: '2025-07-05' }))!;
    expect(describeWhen(days, it_).time).toBe('dal 1 luglio al 4 luglio');
    expect(describeWhen(days, de).time).toBe('vom 1. Juli bis 4. Juli');
    const newYear = toAgendaEvent(item({ allDay: true, start: '2025-12-30', end: '2026-01-03' }))!;
    expect(describeWhen(newYear, it_).time).toBe('dal 30 dicembre 2025 al 2 gennaio 2026');
    const night = toAgendaEvent(item({ start: romeIso(2025, 6, 21, 22), end: romeIso(2025, 6, 22, 2) }))!;
    expect(describeWhen(night, it_).time).toBe('dal 21 giugno, 22:00 al 22 giugno, 02:00');
  });
});
