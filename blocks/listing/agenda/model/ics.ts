// An iCalendar (RFC 5545) writer for the agenda's "add to calendar" files. Pure.
//
// - Lines end with CRLF and are folded at 75 octets (UTF-8), never inside a character.
// - TEXT values escape `\ ; ,` and newlines; control characters are dropped.
// - All-day events are DATE values with the API's exclusive end, which is exactly DTEND's meaning.
// - Timed events are wall-clock times in Europe/Rome (the portals' zone) with a VTIMEZONE, so a
//   calendar app abroad shows them at the right instant; DTSTAMP is UTC.
import { PORTAL_TIME_ZONE, wallFields } from '../../../../runtime/clock';
import type { AgendaEvent } from './events';

export const TZID = PORTAL_TIME_ZONE;

/** The Europe/Rome rules in force since 1996 (EU: last Sunday of March / October). */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:' + TZID,
  'X-LIC-LOCATION:' + TZID,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A TEXT value: backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  );
}

const utf8Length = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** One content line folded at 75 octets: CRLF + a space before each continuation (the space counts). */
export function foldLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const n = utf8Length(ch.codePointAt(0)!);
    if (octets + n > 75) {
      out += '\r\n ';
      octets = 1;
    }
    out += ch;
    octets += n;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDDTHHMMSSZ` of an instant. */
export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return (
    d.getUTCFullYear() +
    pad(d.getUTCMonth() + 1) +
    pad(d.getUTCDate()) +
    'T' +
    pad(d.getUTCHours()) +
    pad(d.getUTCMinutes()) +
    pad(d.getUTCSeconds()) +
    'Z'
  );
}

const stamp = ([y, mo, d, h, mi, s]: number[]) => y + pad(mo) + pad(d) + 'T' + pad(h) + pad(mi) + pad(s);

/** `YYYYMMDDTHHMMSS` of a wall date of the portal (its local fields are Rome's wall clock). */
export function romeWallTime(wallMs: number): string {
  const d = new Date(wallMs);
  return stamp([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]);
}

/** `YYYY-MM-DD` → `YYYYMMDD` (a DATE value). */
const dateValue = (day: string) => day.replace(/-/g, '');

export interface IcsOptions {
  /** DTSTAMP: when the file is made. */
  now: number;
  /** Host name in UIDs (`…@www.comune.it`), so two portals never collide. */
  host: string;
  /** Links are made absolute against this URL (the page). */
  baseUrl: string;
  /** X-WR-CALNAME: the name a calendar app gives an imported file. */
  name?: string;
  /** Version in PRODID. */
  version?: string;
}

/** A UID made of safe characters only: stable for the same occurrence on the same portal. */
export function uidOf(e: AgendaEvent, host: string): string {
  const id = e.id.replace(/[^A-Za-z0-9._-]+/g, '-');
  // The real instant, so an occurrence has one UID whatever the device's zone.
  const when = e.allDay ? dateValue(e.startDay!) : utcStamp(e.instant ?? e.start);
  return `${id}-${when}@${host.replace(/[^A-Za-z0-9.-]+/g, '-') || 'piazza'}`;
}

/** An absolute http(s) URL, or null. */
export function absoluteUrl(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, base);
    return /^https?:$/.test(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

function eventLines(e: AgendaEvent, o: IcsOptions): string[] {
  const lines = ['BEGIN:VEVENT', 'UID:' + uidOf(e, o.host), 'DTSTAMP:' + utcStamp(o.now)];
  if (e.allDay) {
    lines.push('DTSTART;VALUE=DATE:' + dateValue(e.startDay!), 'DTEND;VALUE=DATE:' + dateValue(e.endDay!));
  } else {
    // The start from its real instant: exact even where the device's own clock skips an hour.
    lines.push(`DTSTART;TZID=${TZID}:` + (e.instant === null ? romeWallTime(e.start) : stamp(wallFields(e.instant))));
    // Without DTEND a timed event ends when it starts (RFC 5545 §3.6.1), which is what the API said.
    if (e.end > e.start) lines.push(`DTEND;TZID=${TZID}:` + romeWallTime(e.end));
  }
  lines.push('SUMMARY:' + escapeText(e.title));
  if (e.type) lines.push('CATEGORIES:' + escapeText(e.type));
  const url = absoluteUrl(e.url, o.baseUrl);
  if (url) lines.push('URL:' + url, 'DESCRIPTION:' + escapeText(url));
  lines.push('END:VEVENT');
  return lines;
}

/** A VCALENDAR with one VEVENT per event (and the VTIMEZONE when a timed event needs it). */
export function buildIcs(events: readonly AgendaEvent[], o: IcsOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//piazza//Agenda${o.version ? ' ' + o.version : ''}//IT`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (o.name) lines.push('X-WR-CALNAME:' + escapeText(o.name));
  if (events.some((e) => !e.allDay)) lines.push('X-WR-TIMEZONE:' + TZID, ...VTIMEZONE);
  for (const e of events) lines.push(...eventLines(e, o));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name from a title: lower case, accents dropped, dashes (`festa-della-musica`). */
export function fileSlug(text: string, fallback: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}
