import { describe, expect, it } from 'vitest';
import { formatIso, formatIsoDay } from '../../../runtime/dates';

// formatIsoDay is the table's fast path: it must say exactly what formatIso says.
const VALUES = [
  '2025-05-20T10:15:00+02:00',
  '2025-01-01T00:00:00Z',
  '2024-02-29T23:59:59+01:00',
  '2025-12-31T08:05:00.123+01:00',
  '2025-03-01',
  '2025-03-01T07:00',
  '2025-03-01T07:00:30',
  '2025-06-30T18:00:00-0500',
  '2025-06-30T18:00:00+05',
  '2025-02-29',
  '2025-13-01',
  '2025-04-31T10:00:00Z',
  '2025-01-01T25:00:00Z',
  '2025-01-01T10:60:00Z',
  '2024',
  'ieri',
  '',
  '20250301',
  '2025-W10-1',
  '2025-060',
  '2025-01-01T24:00:00Z',
  '2025-01-01 10:00',
];

describe('formatIsoDay', () => {
  for (const locale of ['it-IT', 'en-GB', 'de-DE']) {
    it.each(VALUES)(`${locale}: %j as formatIso formats it`, (v) => {
      expect(formatIsoDay(v, false, locale)).toBe(formatIso(v, 'D MMMM YYYY', locale));
      expect(formatIsoDay(v, true, locale)).toBe(formatIso(v, 'D MMMM YYYY, HH:mm', locale));
    });
  }
});
