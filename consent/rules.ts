// Pure decisions: what is blocked now, which service an element or a name belongs to, and which
// cookie writes expire a cookie wherever it may live. No DOM here, so all of it is unit-tested.
import { cookieMatcher } from './config';
import type { ConsentConfig, ServiceConfig, ServiceType } from './types';

/** Blocked only when the category is neither mandatory nor wanted; an unknown category blocks. */
export function categoryBlocked(config: ConsentConfig, name: string): boolean {
  const c = config.categories[name];
  return !c || (!c.needed && !c.wanted);
}

/** (values the check refused are gone by now: what is left is a string, or a hole in a list) */
export const searchValues = (s: ServiceConfig): string[] => ([] as string[]).concat(s.search ?? []).filter(Boolean);

/** True when any search value occurs in any of the texts (the original matched substrings too). */
export const searchMatches = (s: ServiceConfig, texts: Array<string | null | undefined>): boolean =>
  searchValues(s).some((v) => texts.some((t) => t?.includes(v)));

/** Blocked services of one type (the ones the interceptors act on), with their keys. */
export const blockedOfType = (config: ConsentConfig, type: ServiceType): Array<[string, ServiceConfig]> =>
  Object.entries(config.services).filter(([, s]) => s.type === type && categoryBlocked(config, s.category));

/**
 * What `allows(name)`, `wrapper(name)`, `data-consent` and embeds ask. A name is a service key, a
 * service's search value or a category key. Every service it names must be allowed; a name that
 * no config entry knows is not governed by consent (as in the original).
 */
export function allows(config: ConsentConfig, name: string): boolean {
  for (const [key, s] of Object.entries(config.services)) {
    if ((key === name || searchValues(s).includes(name)) && categoryBlocked(config, s.category)) return false;
  }
  return !(name in config.categories) || !categoryBlocked(config, name);
}

/** The service a name means: its key, else a service whose search value it is. */
export const serviceNamed = (config: ConsentConfig, name: string): ServiceConfig | undefined =>
  config.services[name] || Object.values(config.services).find((s) => searchValues(s).includes(name));

/** The category a name resolves to (for an embed's Allow button). */
export function categoryOf(config: ConsentConfig, name: string): string | undefined {
  if (name in config.categories) return name;
  const category = serviceNamed(config, name)?.category;
  return category && category in config.categories ? category : undefined;
}

/** A localcookie write is dropped when its name contains a blocked service's search value or matches one of its cookies. */
export function cookieWriteBlocked(config: ConsentConfig, name: string): boolean {
  return blockedOfType(config, 'localcookie').some(
    ([, s]) => searchMatches(s, [name]) || (s.cookies || []).some((rule) => cookieMatcher(rule.name)(name)),
  );
}

/**
 * Cookie names present now that belong to services of blocked categories. A rule's `domain` needs
 * no special case: expiryWrites() covers the host and every parent domain anyway.
 */
export function cookiesToDelete(config: ConsentConfig, present: string[]): string[] {
  const out: string[] = [];
  for (const s of Object.values(config.services)) {
    // (values the check refused are gone by now: cookies is an array)
    if (categoryBlocked(config, s.category)) for (const rule of s.cookies || []) out.push(...present.filter(cookieMatcher(rule?.name)));
  }
  return [...new Set(out)];
}

/** Names of the cookies in a `document.cookie` string. */
export const cookieNames = (all: string): string[] =>
  all
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean);

/**
 * The Domain values a cookie visible on `host` may have been set with: host-only (''), the host and
 * every parent domain, each with and without a leading dot. (For an IP address the "parents" are
 * meaningless and the browser ignores those writes.)
 */
export function domainVariants(host: string): string[] {
  const out = [''];
  for (let labels = host.split('.'); labels.length > 1; labels = labels.slice(1)) out.push(labels.join('.'), '.' + labels.join('.'));
  return out;
}

/** '/' and every prefix of the current path, with and without the trailing slash. */
export function pathVariants(pathname: string): string[] {
  const out = ['/'];
  let prefix = '';
  for (const part of pathname.split('/').slice(1)) {
    if (!part) continue;
    prefix += '/' + part;
    out.push(prefix, prefix + '/');
  }
  return out;
}

/** Every `document.cookie` assignment that expires `name` wherever it may live. */
export function expiryWrites(name: string, host: string, pathname: string): string[] {
  const out: string[] = [];
  for (const d of domainVariants(host)) {
    for (const p of pathVariants(pathname)) out.push(name + '=; max-age=0; path=' + p + (d ? '; domain=' + d : ''));
  }
  return out;
}
