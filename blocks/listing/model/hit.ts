// How a hit's fields read as text (built-in card, templates): relations by name, dates in the
// visitor's locale, HTML reduced to its text, events by their first occurrence. Pure.
import { PORTAL_TIME_ZONE } from '../../../runtime/clock';
import { dateFormat } from '../../../runtime/intl';
import { pickLang, type Lang } from '../../../runtime/i18n';
import { isStrictIso } from './dates';
import type { Hit } from './response';
import type { TemplateData } from './template';

const isObject = (x: unknown): x is Record<string, any> => !!x && typeof x === 'object' && !Array.isArray(x);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** HTML → its text (tags dropped, entities decoded, spaces collapsed); the result is still escaped wherever it is shown. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();

/**
 * An ISO date or date-time in the locale: `21 giu 2025` / `21 giu 2025, 18:00` (date-only values
 * never shift a day). Date-times on the portal's clock (Europe/Rome), as the portal's pages show them.
 */
export function formatDate(iso: string, locale: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const [y, m, d] = iso.split('-').map(Number);
    return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(y, m - 1, d));
  }
  // Without an offset it is already the portal's wall time: shown as written.
  const zoned = /(Z|[+-]\d{2}(:?\d{2})?)$/.test(iso);
  const date = new Date(zoned ? iso : iso.replace(' ', 'T') + 'Z');
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zoned ? PORTAL_TIME_ZONE : 'UTC' }).format(date);
}

/** Any API field value → one line of text ('' when there is nothing to show). */
export function fieldText(value: unknown, lang: Lang, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'string') {
    if (isStrictIso(value)) return formatDate(value, locale);
    const text = /[<&]/.test(value) ? htmlToText(value) : value.trim();
    // ezurl: "https://…|Label"
    const url = /^(https?:\/\/\S+)\|(.*)$/.exec(text);
    return url ? url[2] || url[1] : text;
  }
  if (Array.isArray(value))
    return value
      .map((v) => fieldText(v, lang, locale))
      .filter(Boolean)
      .join(', ');
  if (isObject(value)) {
    if (isObject(value.name)) return String(pickLang(value.name, lang) ?? '');
    if (isObject(value.default_value) && typeof value.default_value.from_time === 'string') {
      const { from_time: from, to_time: to } = value.default_value;
      const a = formatDate(from, locale);
      const b = typeof to === 'string' && to !== from ? formatDate(to, locale) : '';
      return b && b !== a ? a + ' – ' + b : a;
    }
    if (typeof value.address === 'string') return value.address;
    if (typeof value.filename === 'string') return value.filename;
    if (value.value !== undefined && value.vat_id !== undefined) return fieldText(value.value, lang, locale);
    if (typeof value.text === 'string') return value.text;
  }
  return '';
}

export interface HitImage {
  url: string;
  alt: string;
}

/** The first image field value (`{url, alt, width…}`) of the hit's data, if any. */
export function hitImage(hit: Hit): HitImage | null {
  for (const value of Object.values(hit.data)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (
      isObject(v) &&
      typeof v.url === 'string' &&
      (/^image\//.test(v.mime_type || '') || 'width' in v) &&
      /^(https?:)?\/\/|^\//.test(v.url)
    ) {
      return { url: v.url, alt: typeof v.alt === 'string' ? v.alt : '' };
    }
  }
  return null;
}

/** The values a template can name. */
export function templateData(hit: Hit, lang: Lang, locale: string): TemplateData {
  const data: TemplateData = {};
  for (const [k, v] of Object.entries(hit.data)) data[k] = fieldText(v, lang, locale);
  const image = hitImage(hit);
  return {
    id: String(hit.id),
    name: hit.name,
    url: hit.url,
    class: hit.classIdentifier,
    mainNodeId: hit.mainNodeId === null ? '' : String(hit.mainNodeId),
    published: hit.published ? formatDate(hit.published, locale) : '',
    modified: hit.modified ? formatDate(hit.modified, locale) : '',
    image: image?.url || '',
    imageAlt: image?.alt || '',
    data,
  };
}
