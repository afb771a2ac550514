// The `cconsent` cookie, byte-compatible with the portal's brainsum fork:
//   cconsent={"version":1,"categories":{"analytics":{"wanted":false}},"services":["google"]}; expires=…; path=/; samesite=strict; secure
// Reading is tolerant (a bad value is simply absent, never an exception) and exact about the name.
import { isObject } from './config';
import type { ConsentConfig, ConsentRecord } from './types';

export const COOKIE_NAME = 'cconsent';
/** 180 days, as the portal. */
export const LIFETIME_MS = 15552000000;

/** The value of the first cookie named exactly `name` (`xcconsent` is not `cconsent`), or null. */
export function readCookie(all: string, name = COOKIE_NAME): string | null {
  for (const pair of all.split(';')) {
    const i = pair.indexOf('=');
    if (i > 0 && pair.slice(0, i).trim() === name) return pair.slice(i + 1).trim();
  }
  return null;
}

/**
 * - absent:  no cookie, or a value that is not a JSON record (malformed, URL-encoded, truncated);
 * - discard: no version, another version, or a category or service the config does not know
 *            (the spec: delete it and reload);
 * - stale:   valid, but the config has gained a category or service since: apply it and ask again;
 * - apply:   valid for this config.
 */
export type Verdict = 'absent' | 'discard' | 'stale' | 'apply';

export function judge(value: string | null, config: ConsentConfig): { verdict: Verdict; record?: ConsentRecord } {
  let data: any;
  try {
    data = JSON.parse(value!);
  } catch {
    /* absent */
  }
  if (!isObject(data)) return { verdict: 'absent' };
  if (data.version !== config.cookieVersion) return { verdict: 'discard' };
  const categories = isObject(data.categories) && Object.keys(data.categories);
  const services = data.services;
  if (!categories || !Array.isArray(services)) return { verdict: 'absent' };
  /** every name of `list` is a key of `map` (its own: `__proto__` or `constructor` are not categories) */
  const within = (list: string[], map: object) =>
    list.every((k) => Object.prototype.hasOwnProperty.call(map, k) && isObject((map as any)[k]));
  if (!within(categories, config.categories) || !within(services, config.services)) return { verdict: 'discard' };
  const complete =
    within(Object.keys(config.categories), data.categories) && Object.keys(config.services).every((k) => services.includes(k));
  return { verdict: complete ? 'apply' : 'stale', record: data as ConsentRecord };
}

/**
 * The visitor's stored choice onto the config: optional categories only (mandatory ones never
 * change). Categories the record does not know keep their default, or are off under GPC.
 */
export function applyRecord(config: ConsentConfig, record: ConsentRecord | undefined, gpc: boolean): void {
  for (const [key, c] of Object.entries(config.categories)) {
    if (c.needed) continue;
    if (record && key in record.categories) c.wanted = c.checked = record.categories[key]?.wanted === true;
    else if (gpc) c.wanted = c.checked = false;
  }
}

export function buildRecord(config: ConsentConfig): ConsentRecord {
  const categories: ConsentRecord['categories'] = {};
  for (const [key, c] of Object.entries(config.categories)) categories[key] = { wanted: !!c.wanted };
  return { version: config.cookieVersion, categories, services: Object.keys(config.services) };
}

/** The `document.cookie` assignment that stores the record (raw JSON, as the portal writes it). */
export const cookieAssignment = (record: ConsentRecord, now: number): string =>
  COOKIE_NAME +
  '=' +
  JSON.stringify(record) +
  '; expires=' +
  new Date(now + LIFETIME_MS).toUTCString() +
  '; path=/; samesite=strict; secure';
