// A visitor's earlier choice, carried over onto this page's config: orestbida v3's `cc_cookie`
// (what the OpenPA themes bootstrapitalia2/2110 wrote) and an older brainsum `cconsent` whose
// categories are not this config's (the legacy theme's "multimedia" category, now a service).
// Pure: the result is the list of optional categories the visitor wanted, or null when the record
// cannot say it for this config (the visitor is then asked again). test/unit/consent/carry.test.ts
// holds the table; docs/openpa.md repeats it.
import { isObject } from '../config';
import type { ConsentConfig } from '../types';

/** The cookie's text as orestbida reads it (`parseCookie`: URI-encoded JSON); null when it is not an object. */
export function parseOrestbida(text: string | null): Record<string, any> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(decodeURIComponent(text));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const optional = (config: ConsentConfig) => Object.keys(config.categories).filter((k) => !config.categories[k].needed);
const servicesOf = (config: ConsentConfig, category: string) =>
  Object.keys(config.services).filter((k) => config.services[k].category === category);
const date = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/**
 * What a cc_cookie value says on this config:
 * - not a consent for orestbida itself (`retrieveState`: a consentId, both timestamps, a list of
 *   categories), or of another revision than `carryOver.revision` when the config names one → null;
 * - an optional category is wanted when the cookie lists it; the config's categories it does not
 *   list were refused (orestbida is opt-in);
 * - an accepted category whose service orestbida recorded (its name appears in a services list,
 *   or is the config's `multimedia`) but not under that category was accepted only in part:
 *   piazza decides whole categories, so → null;
 * - categories of the cookie the config does not have govern nothing here: ignored.
 */
export function wantedFromOrestbida(value: Record<string, any> | null, config: ConsentConfig): string[] | null {
  if (
    !value ||
    typeof value.consentId !== 'string' ||
    !value.consentId ||
    !date(value.consentTimestamp) ||
    !date(value.lastConsentTimestamp) ||
    !Array.isArray(value.categories)
  )
    return null;
  const revision = config.carryOver?.revision;
  if (typeof revision === 'number' && value.revision !== revision) return null;
  const services: Record<string, unknown> = isObject(value.services) ? value.services : {};
  const listed = (k: string) => (Array.isArray(services[k]) ? (services[k] as unknown[]) : []);
  const recorded = new Set<unknown>(Object.keys(services).flatMap(listed));
  if (config.multimedia) recorded.add(config.multimedia);
  const wanted = optional(config).filter((k) => value.categories.includes(k));
  for (const k of wanted) {
    if (servicesOf(config, k).some((s) => recorded.has(s) && !listed(k).includes(s))) return null;
  }
  return wanted;
}

/**
 * What an older `cconsent` record says on this config, when the core could not apply it as is:
 * - brainsum's own rule first: another `version` than the config's `cookieVersion` → null;
 * - an optional category takes the record's `wanted` under its own key, else under the key of one
 *   of its services (the legacy theme's category "multimedia" is this config's service
 *   "multimedia"; several such keys must all be wanted);
 * - an optional category the record says nothing about → null (asked again).
 */
export function wantedFromCconsent(record: unknown, config: ConsentConfig): string[] | null {
  if (!isObject(record) || record.version !== config.cookieVersion || !isObject(record.categories)) return null;
  const said = record.categories as Record<string, unknown>;
  const wants = (k: string) => isObject(said[k]) && (said[k] as { wanted?: unknown }).wanted === true;
  const wanted: string[] = [];
  for (const k of optional(config)) {
    const keys = Object.prototype.hasOwnProperty.call(said, k)
      ? [k]
      : servicesOf(config, k).filter((s) => Object.prototype.hasOwnProperty.call(said, s));
    if (!keys.length) return null;
    if (keys.every(wants)) wanted.push(k);
  }
  return wanted;
}
