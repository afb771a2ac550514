import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { toAgendaEvent, type AgendaEvent } from '../../../blocks/listing/agenda/model/events';
import {
  absoluteUrl,
  buildIcs,
  escapeText,
  fileSlug,
  foldLine,
  romeWallTime,
  uidOf,
  utcStamp,
} from '../../../blocks/listing/agenda/model/ics';
import { item } from './fixtures';

const NOW = Date.UTC(2025, 8, 16, 7, 5, 9);
const options = { now: NOW, host: 'www.comune.esempio.it', baseUrl: 'https://www.comune.esempio.it/Vivere-il-comune', version: '1.2.3' };
const ev = (over: Parameters<typeof item>[0]) => toAgendaEvent(item(over))!;

/** Parsed by ical.js, the maintained parser: events with their time zone resolved. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('iCalendar writer', () => {
  it('escapes TEXT values: backslash, semicolon, comma, newlines; drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 tab\tok')).toBe('bell tab\tok');
  });

  it('folds lines at 75 octets with CRLF + space, never inside a UTF-8 character', () => {
    const long = 'SUMMARY:' + 'è'.repeat(80);
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const [i, line] of lines.entries()) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
    }
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(
      foldLine('X:' + '😀'.repeat(40))
        .split('\r\n')
        .every((l) => !l.includes('\uFFFD') && Buffer.byteLength(l) <= 75),
    ).toBe(true);
  });

  it('writes instants as Europe/Rome wall-clock time, summer and winter', () => {
    expect(romeWallTime(ev({ start: '2025-06-21T16:00:00Z' }).start)).toBe('20250621T180000');
    expect(romeWallTime(ev({ start: '2025-12-24T23:30:00Z' }).start)).toBe('20251225T003000');
    expect(utcStamp(NOW)).toBe('20250916T070509Z');
  });

  it('uids are stable, per occurrence and per portal, made of safe characters', () => {
    const hours = ev({ id: '6005-9001-monday-08.30:12.30', start: '2025-06-23T08:30:00+0000' });
    expect(uidOf(hours, 'www.comune.esempio.it')).toBe('6005-9001-monday-08.30-12.30-20250623T083000Z@www.comune.esempio.it');
    expect(uidOf(ev({ allDay: true, start: '2025-07-01', end: '2025-07-05' }), 'x.it')).toBe('4001-20250701@x.it');
  });

  it('makes links absolute (http and https only)', () => {
    expect(absoluteUrl('/ita/openpa/object/6005', 'https://www.comune.it/a/b')).toBe('https://www.comune.it/ita/openpa/object/6005');
    expect(absoluteUrl('https://mostre.it/x', 'https://www.comune.it/')).toBe('https://mostre.it/x');
    expect(absoluteUrl('javascript:alert(1)', 'https://www.comune.it/')).toBeNull();
    expect(absoluteUrl(null, 'https://www.comune.it/')).toBeNull();
  });

  it('round-trips through ical.js: summaries, all-day DATE values with exclusive ends, Rome times, links', () => {
    const events: AgendaEvent[] = [
      ev({
        id: '4001',
        title: 'Festa della Musica; "rock", jazz \\ blues',
        start: '2025-06-21T18:00:00+02:00',
        end: '2025-06-21T23:00:00+02:00',
      }),
      ev({
        id: '4003',
        title: 'Mostra: Paesaggi alpini',
        allDay: true,
        start: '2025-07-01',
        end: '2025-07-05',
        url: 'https://www.mostre-esempio.it/paesaggi',
      }),
      // Across the change to winter time (26 October 2025, 03:00 → 02:00).
      ev({ id: '4004', title: 'Notte bianca', start: '2025-10-25T22:00:00+02:00', end: '2025-10-26T04:00:00+01:00' }),
      ev({
        id: '6005-9001-monday-08.30:12.30',
        title: 'Biblioteca (Orario invernale)',
        type: 'Luogo',
        start: '2025-03-31T08:30:00+0000',
        end: '2025-03-31T12:30:00+0000',
        url: '/ita/openpa/object/6005',
      }),
      ev({ id: '4009', title: 'Fuochi', start: '2025-08-15T22:30:00+02:00' }),
    ];
    const text = buildIcs(events, { ...options, name: 'Eventi — luglio 2025' });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);

    const { calendar, events: parsed } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//piazza//Agenda 1.2.3//IT');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Eventi — luglio 2025');
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    expect(parsed.map((e) => e.summary)).toEqual(events.map((e) => e.title));

    const [festa, mostra, notte, biblioteca, fuochi] = parsed;
    expect(festa.startDate.zone.tzid).toBe('Europe/Rome');
    expect(festa.startDate.toString()).toBe('2025-06-21T18:00:00');
    expect(festa.startDate.toUnixTime() * 1000).toBe(Date.UTC(2025, 5, 21, 16));
    expect(festa.endDate.toUnixTime() * 1000).toBe(Date.UTC(2025, 5, 21, 21));
    expect(festa.component.getFirstPropertyValue('url')).toBe('https://www.comune.esempio.it/Vivere-il-comune/Eventi/Festa-della-Musica');

    expect(mostra.startDate.isDate).toBe(true);
    expect(mostra.startDate.toString()).toBe('2025-07-01');
    expect(mostra.endDate.toString()).toBe('2025-07-05'); // exclusive, as RFC 5545 reads DTEND
    expect(mostra.component.getFirstPropertyValue('url')).toBe('https://www.mostre-esempio.it/paesaggi');

    // The VTIMEZONE rules put both ends at the right instants across the DST change.
    expect(notte.startDate.toUnixTime() * 1000).toBe(Date.UTC(2025, 9, 25, 20));
    expect(notte.endDate.toUnixTime() * 1000).toBe(Date.UTC(2025, 9, 26, 3));
    expect(notte.endDate.toString()).toBe('2025-10-26T04:00:00');
    // Opening hours written in UTC (+0000) on the first day of summer time.
    expect(biblioteca.startDate.toString()).toBe('2025-03-31T10:30:00');
    expect(biblioteca.startDate.toUnixTime() * 1000).toBe(Date.UTC(2025, 2, 31, 8, 30));
    expect(biblioteca.uid).toBe('6005-9001-monday-08.30-12.30-20250331T083000Z@www.comune.esempio.it');
    expect(biblioteca.component.getFirstPropertyValue('categories')).toBe('Luogo');
    expect(biblioteca.component.getFirstPropertyValue('url')).toBe('https://www.comune.esempio.it/ita/openpa/object/6005');
    // No end: the event ends when it starts.
    expect(fuochi.component.hasProperty('dtend')).toBe(false);
    expect(fuochi.startDate.toString()).toBe('2025-08-15T22:30:00');
    for (const e of parsed) expect(e.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2025-09-16T07:05:09Z');
  });

  it('an all-day-only file has no time zone, and an empty one is still a valid calendar', () => {
    const text = buildIcs([ev({ allDay: true, start: '2025-07-01', end: '2025-07-02' })], options);
    expect(text).not.toContain('VTIMEZONE');
    expect(parse(text).events[0].startDate.toString()).toBe('2025-07-01');
    const empty = parse(buildIcs([], options));
    expect(empty.events).toEqual([]);
    expect(empty.calendar.name).toBe('vcalendar');
  });

  it('names files from titles', () => {
    expect(fileSlug('Festa della Musica 2025', 'evento')).toBe('festa-della-musica-2025');
    expect(fileSlug('Caffè <em>letterario</em> «Città»', 'evento')).toBe('caffe-letterario-citta');
    expect(fileSlug('!!!', 'evento')).toBe('evento');
  });
});
