// What a cell shows, by field type, as plain data: the grid, the phone cards and the CSV all
// render from this, so they can never disagree. No HTML is ever built from server text here:
// views render these structures with escaping, and every href passes safeHref.
import { formatIsoDay, hasTime, isIsoDate } from '../../../runtime/dates';
import { numberFormat } from '../../../runtime/intl';
import { pickLang, type Lang } from '../../../runtime/i18n';
import type { FieldType, Hit } from './types';

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; nowrap?: boolean }
  | { kind: 'link'; href: string; text: string; external?: boolean }
  /** inline: one line joined by ", " (authors); otherwise a bulleted list (multifile). */
  | { kind: 'list'; items: Cell[]; inline: boolean }
  | { kind: 'table'; head: string[]; rows: string[][] };

export interface CellOptions {
  lang: Lang;
  /** BCP 47, for numbers and prices. */
  locale: string;
  /** eZ datatype from the class, when known (ezdate vs ezdatetime). */
  dataType?: string;
  yes: string;
  no: string;
}

const EMPTY: Cell = { kind: 'empty' };
const text = (t: string, nowrap?: boolean): Cell =>
  t.trim() === '' ? EMPTY : nowrap ? { kind: 'text', text: t, nowrap } : { kind: 'text', text: t };
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && isFinite(v) ? String(v) : '');

/**
 * An href that is safe to put in the page: http(s), mailto and tel URLs and relative paths.
 * `javascript:`, `data:`, `vbscript:` and anything with control characters (which browsers
 * strip, so "java\nscript:" would otherwise slip through) give null.
 */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  if (!v || /[\u0000-\u001f\u007f]/.test(v)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme && !/^(https?|mailto|tel)$/i.test(scheme[1])) return null;
  return v.replace(/ /g, '%20');
}

const EMAIL = /^[^\s@<>()"',;:\\[\]]+@[^\s@<>()"',;:\\[\]]+\.[^\s@<>()"',;:\\[\]]+$/;
const mailto = (email: unknown, label: string): Cell => {
  const e = str(email).trim();
  if (EMAIL.test(e)) return { kind: 'link', href: 'mailto:' + e, text: label || e };
  return text(label);
};

/** name in the current language of a related object, tag or plain string. */
function nameOf(v: unknown, lang: Lang): string {
  if (typeof v === 'string' || typeof v === 'number') return str(v);
  if (!isObj(v)) return '';
  for (const key of ['name', 'keyword', 'label', 'title']) {
    const x = v[key];
    if (typeof x === 'string') return x;
    if (isObj(x)) return str(pickLang(x, lang));
  }
  return '';
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]);
const joinNames = (v: unknown, lang: Lang): Cell =>
  text(
    list(v)
      .map((x) => nameOf(x, lang))
      .filter(Boolean)
      .join(', '),
  );

function fileCell(v: unknown): Cell {
  if (!isObj(v)) return EMPTY;
  const href = safeHref(v.url);
  const name = str(v.filename).trim() || (href ? decodeURIComponent(href.split('?')[0].split('/').pop() || '') : '');
  if (!href) return text(name);
  return { kind: 'link', href, text: name || href };
}

function matrixCell(v: unknown): Cell {
  const rows = list(v).filter(isObj);
  if (!rows.length) return EMPTY;
  const head: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!head.includes(k)) head.push(k);
  const body = rows.map((r) => head.map((k) => str(r[k]) || (typeof r[k] === 'boolean' ? String(r[k]) : '')));
  return body.every((r) => r.every((c) => c.trim() === '')) ? EMPTY : { kind: 'table', head, rows: body };
}

/** A price: `{value}`, a number, or the string form `amount|currency` / `amount|vat_id|vat_included`. */
export function priceText(v: unknown, locale: string): string {
  let amount: unknown = v;
  let currency = '';
  if (isObj(v)) amount = v.value;
  if (typeof amount === 'string') {
    const [a, b] = amount.split('|');
    amount = a;
    if (b && /^[A-Z]{3}$/.test(b.trim())) currency = b.trim();
  }
  const n =
    typeof amount === 'number'
      ? amount
      : typeof amount === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(amount)
        ? Number(amount.replace(',', '.'))
        : NaN;
  if (!isFinite(n)) return '';
  const opts: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    return numberFormat(locale, currency ? { ...opts, style: 'currency', currency } : opts).format(n);
  } catch {
    return n.toFixed(2);
  }
}

/** `url|label`: label defaults to the hostname; an unparsable or unsafe URL gives an empty cell. */
function urlCell(v: unknown): Cell {
  const raw = str(isObj(v) ? v.url : v);
  const cut = raw.indexOf('|');
  const href = (cut < 0 ? raw : raw.slice(0, cut)).trim();
  const label = cut < 0 ? '' : raw.slice(cut + 1).trim();
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return EMPTY;
  }
  if (!/^https?:$/.test(url.protocol) || !safeHref(href)) return EMPTY;
  return { kind: 'link', href: url.href, text: label || url.hostname, external: true };
}

/** ISO dates as 'D MMMM YYYY, HH:mm' (date-only without time); anything else as it is. */
function dateCell(v: unknown, type: 'date' | 'datetime', o: CellOptions): Cell {
  const s = str(v);
  const dateOnly = type === 'date' || o.dataType === 'ezdate' || !hasTime(s);
  const formatted = formatIsoDay(s, !dateOnly, o.locale);
  return formatted === s ? text(s) : text(formatted, true);
}

function booleanCell(v: unknown, o: CellOptions): Cell {
  if (v === true || v === 1 || v === '1' || v === 'true') return text(o.yes);
  if (v === false || v === 0 || v === '0' || v === 'false') return text(o.no);
  return text(str(v));
}

/** Tags are stripped, entities decoded: a grid cell shows the text of rich text, never its markup. */
export function htmlToText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return named[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The type a value's shape suggests, for `auto` columns without a class definition. */
export function guessType(v: unknown): Exclude<FieldType, 'auto'> {
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}/.test(v) && isIsoDate(v) ? 'datetime' : /<[a-z][^>]*>/i.test(v) ? 'html' : 'text';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v)) {
    const first = v.find((x) => x !== null && x !== undefined);
    if (!isObj(first)) return 'tags';
    if ('filename' in first && 'url' in first) return 'multifile';
    if ('name' in first && 'email' in first && !('id' in first)) return 'author';
    if ('id' in first || 'remoteId' in first || 'keyword' in first) return 'relations';
    return 'matrix';
  }
  if (isObj(v)) {
    if ('filename' in v && 'url' in v) return 'mime_type' in v || 'width' in v ? 'image' : 'file';
    if ('login' in v) return 'user';
    if ('value' in v && ('vat_id' in v || 'is_vat_included' in v)) return 'price';
    if ('latitude' in v && 'longitude' in v) return 'geo';
  }
  return 'text';
}

/** The cell for one value of one column. Empty, null and malformed values give an empty cell. */
export function renderField(type: FieldType, value: unknown, o: CellOptions): Cell {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return EMPTY;
  const t = type === 'auto' ? guessType(value) : type;
  switch (t) {
    case 'relations':
    case 'tags':
      return joinNames(value, o.lang);
    case 'file':
    case 'image':
      return fileCell(Array.isArray(value) ? value[0] : value);
    case 'multifile': {
      const items = list(value)
        .map(fileCell)
        .filter((c) => c.kind !== 'empty');
      return items.length ? { kind: 'list', items, inline: false } : EMPTY;
    }
    case 'matrix':
      return matrixCell(value);
    case 'author': {
      const items = list(value)
        .filter(isObj)
        .map((a) => mailto(a.email, str(a.name).trim()))
        .filter((c) => c.kind !== 'empty');
      return items.length ? { kind: 'list', items, inline: true } : EMPTY;
    }
    case 'user': {
      const items = list(value)
        .filter(isObj)
        .map((u) => mailto(u.email, str(u.login).trim()))
        .filter((c) => c.kind !== 'empty');
      return items.length === 1 ? items[0] : items.length ? { kind: 'list', items, inline: true } : EMPTY;
    }
    case 'price':
      return text(priceText(value, o.locale), true);
    case 'url':
      return urlCell(value);
    case 'date':
    case 'datetime':
      return dateCell(value, t, o);
    case 'boolean':
      return booleanCell(value, o);
    case 'html':
      return text(htmlToText(str(value)));
    case 'geo':
      return text(isObj(value) ? str(value.address) : '');
    case 'number':
      // Decimal comma in Italian, but no grouping: a year must stay 2024, not 2.024.
      return text(
        typeof value === 'number' && isFinite(value)
          ? numberFormat(o.locale, { useGrouping: false, maximumFractionDigits: 10 }).format(value)
          : str(value),
        true,
      );
    default:
      if (typeof value === 'string' || typeof value === 'number') return text(str(value));
      if (Array.isArray(value)) return joinNames(value, o.lang);
      return text(nameOf(value, o.lang));
  }
}

/**
 * Plain text of a cell: what a link column shows inside its link and what the CSV holds.
 * `href` (CSV) makes each link's target absolute and appends it, so the file stays useful.
 */
export function cellText(cell: Cell, href?: (h: string) => string): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'text':
      return cell.text;
    case 'link': {
      if (!href) return cell.text;
      const target = href(cell.href.startsWith('mailto:') ? cell.href.slice(7) : cell.href);
      return target === cell.text ? target : cell.text + ' (' + target + ')';
    }
    case 'list':
      return cell.items.map((c) => cellText(c, href)).join(cell.inline ? ', ' : '; ');
    case 'table':
      return cell.rows.map((r) => r.join(' | ')).join('; ');
  }
}

/** true when a cell holds links of its own (a link column then shows its text, never nested links). */
export const hasLinks = (cell: Cell): boolean => cell.kind === 'link' || (cell.kind === 'list' && cell.items.some(hasLinks));

/** The URL of a link column for a hit, from the template (`/openpa/object/{id}`); null without the value. */
export function linkFor(template: string, hit: Hit): string | null {
  const m = hit.metadata || {};
  let missing = false;
  const url = template.replace(/\{(id|mainNodeId|remoteId)\}/g, (_, k: string) => {
    const v = m[k];
    if ((typeof v !== 'number' && typeof v !== 'string') || v === '') missing = true;
    return encodeURIComponent(String(v));
  });
  return missing ? null : safeHref(url);
}
