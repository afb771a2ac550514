// Calendar items as the listing model hands them over, for the agenda unit tests.
import { moment } from '../../../runtime/dates';
import type { CalendarItem } from '../../../blocks/listing/model/response';

/** ISO text with this machine's offset for a local wall-clock time (tests run in any zone). */
export const localWithOffset = (y: number, m: number, d: number, h = 0, mi = 0) => moment(new Date(y, m - 1, d, h, mi)).format();

export function item(over: Partial<CalendarItem> & { start: string }): CalendarItem {
  return {
    id: '4001', contentId: 4001, title: 'Festa della Musica', allDay: false, end: null, type: 'Evento',
    url: '/Vivere-il-comune/Eventi/Festa-della-Musica', hit: null, ...over,
  };
}
