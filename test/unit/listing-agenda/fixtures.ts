// Calendar items as the listing model hands them over, for the agenda unit tests.
import type { CalendarItem } from '../../../blocks/listing/model/response';
// @ts-ignore plain JS fixture module: Rome's DST rule written out, independent of Intl and of the code under test
import { formatC, romeToUtc } from '../../../fixtures/data/time.mjs';

/** A Rome wall-clock time as the API writes it (`2025-09-03T21:00:00+02:00`): the agenda shows it as written, in any zone. */
export const romeIso = (y: number, m: number, d: number, h = 0, mi = 0): string => formatC(romeToUtc(y, m, d, h, mi));

export function item(over: Partial<CalendarItem> & { start: string }): CalendarItem {
  return {
    id: '4001',
    contentId: 4001,
    title: 'Festa della Musica',
    allDay: false,
    end: null,
    type: 'Evento',
    url: '/Vivere-il-comune/Eventi/Festa-della-Musica',
    hit: null,
    ...over,
  };
}
