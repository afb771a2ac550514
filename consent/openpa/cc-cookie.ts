// orestbida's cookie kept in step with piazza's choice on the OpenPA themes: what the visitor
// decides with piazza is what orestbida would read (a site access still running it, a rollback),
// and `CookieConsent.getCookie()` answers from it as orestbida does. Written as orestbida v3.0.1
// writes it (`utils/cookies.js` setCookie with the theme's defaults): URI-encoded JSON, 182 days,
// Path=/, SameSite=Lax, Domain=<host> when the host name has a dot, Secure on https.
import { categoryBlocked } from '../rules';
import type { ConsentConfig } from '../types';
import type { OrestbidaCookie } from '../../types/piazza';

export const CC_COOKIE = 'cc_cookie';
/** orestbida's default `expiresAfterDays` (the theme sets no `cookie` option). */
export const CC_LIFETIME_MS = 182 * 86400000;

export const ccCookieName = (config: ConsentConfig) => config.carryOver?.cookie || CC_COOKIE;

/**
 * The value for the current choice. What the visitor consented to keeps its identity: the
 * previous cookie's consentId, first timestamp, data and revision; `lastConsentTimestamp` is now.
 * Categories accepted now (mandatory ones included, as orestbida's readOnly), and per category the
 * services orestbida knows (the config's `multimedia`, and those the previous cookie recorded)
 * when accepted, an empty list when not: the theme's own cookie, byte for byte in its fields.
 */
export function ccValue(config: ConsentConfig, previous: Record<string, any> | null, now: number, newId: () => string): OrestbidaCookie {
  const categories = Object.keys(config.categories).filter((k) => !categoryBlocked(config, k));
  const known = new Set<string>(
    Object.values(previous?.services && typeof previous.services === 'object' ? previous.services : {}).flat() as string[],
  );
  if (config.multimedia) known.add(config.multimedia);
  const services: Record<string, string[]> = {};
  for (const k of Object.keys(config.categories)) {
    services[k] = categories.includes(k)
      ? Object.keys(config.services).filter((s) => config.services[s].category === k && known.has(s))
      : [];
  }
  const at = new Date(now).toISOString();
  return {
    categories,
    revision: typeof previous?.revision === 'number' ? previous.revision : (config.carryOver?.revision ?? 0),
    data: previous?.data ?? null,
    consentTimestamp: typeof previous?.consentTimestamp === 'string' ? previous.consentTimestamp : at,
    consentId: typeof previous?.consentId === 'string' && previous.consentId ? previous.consentId : newId(),
    services,
    lastConsentTimestamp: at,
    expirationTime: now + CC_LIFETIME_MS,
  };
}

/** Same categories and services: nothing for orestbida to learn (it writes only on a change too). */
export const sameChoice = (a: Record<string, any> | null, b: OrestbidaCookie) =>
  !!a &&
  Array.isArray(a.categories) &&
  JSON.stringify([[...a.categories].sort(), norm(a.services)]) === JSON.stringify([[...b.categories].sort(), norm(b.services)]);

/** Services per category, sorted, empty lists left out (orestbida lists only categories with services). */
const norm = (services: unknown) =>
  Object.entries(services && typeof services === 'object' ? services : {})
    .filter(([, v]) => Array.isArray(v) && v.length)
    .map(([k, v]) => [k, [...(v as string[])].sort()])
    .sort();

/** The `document.cookie` assignment orestbida makes for `value`. */
export function ccAssignment(name: string, value: OrestbidaCookie, where: Pick<Location, 'hostname' | 'protocol'>): string {
  return (
    name +
    '=' +
    encodeURIComponent(JSON.stringify(value)) +
    '; expires=' +
    new Date(value.expirationTime).toUTCString() +
    '; Path=/; SameSite=Lax' +
    (where.hostname.includes('.') ? '; Domain=' + where.hostname : '') +
    (where.protocol === 'https:' ? '; Secure' : '')
  );
}

/** orestbida's consentId is a v4 UUID. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
}
