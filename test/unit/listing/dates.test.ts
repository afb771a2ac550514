import { describe, expect, it } from 'vitest';
import { intervalRange, isStrictIso, localIso, parseYmd, publishedRange } from '../../../blocks/listing/model/dates';

// 2025-06-09 is a Monday … 2025-06-15 a Sunday.
const day = (d: number, h = 10) => new Date(2025, 5, d, h, 0);

describe('intervals', () => {
  it('today is today 00:00 to 23:59', () => {
    expect(intervalRange('today', day(10, 23))).toEqual(['2025-06-10 00:00', '2025-06-10 23:59']);
  });

  it('all (and anything unknown) is from today, open-ended', () => {
    expect(intervalRange('all', day(10))).toEqual(['2025-06-10 00:00', '*']);
    expect(intervalRange('bogus' as any, day(10))).toEqual(['2025-06-10 00:00', '*']);
  });

  it('next 7 / 30 days end at 23:59 of the 7th / 30th day after today', () => {
    expect(intervalRange('next7days', day(10))).toEqual(['2025-06-10 00:00', '2025-06-17 23:59']);
    expect(intervalRange('next30days', day(10))).toEqual(['2025-06-10 00:00', '2025-07-10 23:59']);
  });

  it.each([
    [9, '2025-06-14 00:00', '2025-06-15 23:59'], // Monday → the coming weekend
    [10, '2025-06-14 00:00', '2025-06-15 23:59'],
    [11, '2025-06-14 00:00', '2025-06-15 23:59'],
    [12, '2025-06-14 00:00', '2025-06-15 23:59'],
    [13, '2025-06-14 00:00', '2025-06-15 23:59'], // Friday
    [14, '2025-06-14 00:00', '2025-06-15 23:59'], // Saturday: today and tomorrow
    [15, '2025-06-15 00:00', '2025-06-15 23:59'], // Sunday: today's weekend, not the next one (the original's bug)
  ])('weekend on June %i 2025 is %s – %s', (d, from, to) => {
    expect(intervalRange('weekend', day(d))).toEqual([from, to]);
    expect(intervalRange('weekend', day(d, 0))).toEqual([from, to]);
    expect(intervalRange('weekend', day(d, 23))).toEqual([from, to]);
  });

  it('weekend across a month end', () => {
    expect(intervalRange('weekend', new Date(2025, 4, 29))).toEqual(['2025-05-31 00:00', '2025-06-01 23:59']);
    expect(intervalRange('weekend', new Date(2025, 5, 1))).toEqual(['2025-06-01 00:00', '2025-06-01 23:59']);
  });
});

describe('published range', () => {
  it('needs both dates valid and in order', () => {
    expect(publishedRange('2025-01-01', '2025-01-31')).toEqual(['2025-01-01 00:00', '2025-01-31 23:59']);
    expect(publishedRange('2025-01-01', '2025-01-01')).toEqual(['2025-01-01 00:00', '2025-01-01 23:59']);
    expect(publishedRange('2025-01-01', '')).toBeNull();
    expect(publishedRange('', '2025-01-31')).toBeNull();
    expect(publishedRange('2025-02-30', '2025-03-01')).toBeNull();
    expect(publishedRange('2025-03-01', '2025-02-01')).toBeNull();
    expect(publishedRange('01/02/2025', '2025-03-01')).toBeNull();
  });

  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseYmd('2024-02-29')?.getDate()).toBe(29);
    expect(parseYmd('2025-02-29')).toBeNull();
    expect(parseYmd('2025-1-01')).toBeNull();
    expect(parseYmd(20250101)).toBeNull();
  });
});

describe('strict ISO 8601', () => {
  it.each([
    '2025-06-01',
    '2025-06-01T10:00',
    '2025-06-01T10:00:00',
    '2025-06-01T10:00:00Z',
    '2025-06-01T10:00:00+02:00',
    '2025-06-01T10:00:00.123Z',
    '2025-06-01 10:00:00',
    '2025-06-01T10:00:00+0200',
  ])('%s is a date', (v) => expect(isStrictIso(v)).toBe(true));

  it.each([
    '2024',
    'ieri',
    '2025-13-01T00:00:00Z',
    '2025-02-30T00:00:00Z',
    '2025-06-01T25:00',
    '2025-06-01T10:00:00 Z',
    ' 2025-06-01',
    42,
    null,
  ])('%s is not', (v) => expect(isStrictIso(v)).toBe(false));
});

it('localIso is local time without an offset', () => {
  expect(localIso(new Date(2025, 5, 1, 0, 0, 0))).toBe('2025-06-01T00:00:00');
});
