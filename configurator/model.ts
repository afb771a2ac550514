// The configurator's pure side: which schema, what is wrong with a config (the very validators,
// problem codes and wording `npm run validate` uses), the markup a config goes into, the URL that
// reopens a configuration, and what a pasted text holds. No DOM beyond DOMParser, no Preact.
import listingSchema from '../schemas/listing.schema.json';
import datatableSchema from '../schemas/datatable.schema.json';
import consentSchema from '../schemas/consent.schema.json';
import blocks from '../schemas/generated/blocks.validate.js';
import { toProblems } from '../schemas/problems.js';
import { checkConsentConfig } from '../runtime/consent/config';
import { legacyNotes } from '../runtime/config';
import { escapeHtml } from '../runtime/escape';
import { adminMessages, type AdminLang } from '../runtime/messages';
import type { ConfigProblem } from '../runtime/types';

export type ConfigType = 'listing' | 'datatable' | 'consent';
export const CONFIG_TYPES: ConfigType[] = ['listing', 'datatable', 'consent'];
export type Config = Record<string, unknown>;

export const SCHEMAS: Record<ConfigType, Record<string, any>> = {
  listing: listingSchema,
  datatable: datatableSchema,
  consent: consentSchema,
};

/** What an admin starts from: the least each schema needs, and a `$schema` for editors and `npm run validate`. */
export function starter(type: ConfigType): Config {
  const $schema = `../schemas/${type}.schema.json`;
  if (type === 'listing') return { $schema, blockId: 'elenco', query: '', tabs: ['list'] };
  if (type === 'datatable') return { $schema, blockId: 'tabella', query: '' };
  return { $schema, categories: { necessary: { needed: true, wanted: true } }, services: {} };
}

/** One line of the problem list: where (JSON path), and what, in the admin's language. */
export interface Problem extends ConfigProblem {
  message: string;
  /** An accepted setting of the jQuery plugins, ignored: a warning, not an error. */
  warning?: boolean;
}

/**
 * The problems of a config, as `npm run validate` reports them: the schema's standalone validator
 * and `toProblems` for blocks, piazza.js's own hand check for consent, then the ignored legacy
 * settings; all worded by runtime/messages.ts.
 */
export function problemsOf(type: ConfigType, config: unknown, lang: AdminLang): Problem[] {
  const say = adminMessages(lang);
  let found: ConfigProblem[];
  if (type === 'consent') found = checkConsentConfig(config);
  else if (!config || typeof config !== 'object' || Array.isArray(config)) found = [{ path: '/', code: 'type', types: ['object'] }];
  else {
    // the blocks registry's table (gen-schemas): each block type's own validator, never another's
    const { validate } = blocks[type];
    // The validator fills in defaults: a copy keeps the admin's config as written.
    found = validate(structuredClone(config)) ? [] : toProblems(validate.errors);
  }
  const out: Problem[] = found.map((p) => ({ ...p, message: say.problem(p) }));
  if (type !== 'consent') {
    for (const { key, note } of legacyNotes(config, blocks[type].legacy)) {
      out.push({ path: key.startsWith('/') ? key : '/' + key, code: 'ignored', message: say.t('warning') + ': ' + say.ignored(key, note), warning: true });
    }
  }
  return out;
}

/** A problem's path as `npm run validate` prints it: `/facets/0 deve essere …`. */
export const problemLine = (p: Problem) => `${p.path || '/'} ${p.message}`;

/** The form's id of the field at a JSON path (@rjsf/core: `root` + `_` + each segment). */
export function fieldIdOf(path: string): string {
  const parts = path.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return ['root', ...parts].join('_');
}

/**
 * JSON inside `<script>`: a `</script` or `<!--` in a string would end or bend the element; their
 * `<` written `\u003c` (these can only occur inside JSON strings) reads back the same.
 */
const scriptSafe = (json: string) => json.replace(/<(\/script|!--)/gi, '\\u003c$1');
const attr = escapeHtml;

export const configJson = (config: unknown) => JSON.stringify(config, null, 2);

/**
 * The markup a portal template takes: the block element with its config script and a no-JS
 * fallback, or the consent script that goes before piazza.js.
 */
export function configHtml(type: ConfigType, config: Config, fallback: string): string {
  const json = scriptSafe(configJson(config));
  if (type === 'consent') return `<script type="application/json" id="piazza-consent">\n${json}\n</script>`;
  const id = typeof config.blockId === 'string' && config.blockId ? ` id="${attr(config.blockId)}"` : '';
  return `<div data-piazza-block="${type}"${id}>\n<script type="application/json">\n${json}\n</script>\n<p>${attr(fallback)}</p>\n</div>`;
}

/** What the URL's fragment keeps: `#tipo=listing&lingua=it&api=…&config={…}`. */
export interface UrlState {
  type: ConfigType;
  lang: AdminLang;
  /** Origin of the portal whose API the pickers and the preview use; empty: this page's. */
  api: string;
  config: Config;
}

export function encodeState(s: UrlState): string {
  const p = new URLSearchParams();
  p.set('tipo', s.type);
  p.set('lingua', s.lang);
  if (s.api) p.set('api', s.api);
  p.set('config', JSON.stringify(s.config));
  return '#' + p.toString();
}

/** The state a link holds, or null when it holds none (or a config that is not a JSON object). */
export function decodeState(hash: string): UrlState | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const type = p.get('tipo') as ConfigType;
  if (!CONFIG_TYPES.includes(type)) return null;
  let config: unknown;
  try { config = JSON.parse(p.get('config') || 'null'); } catch { config = null; }
  if (!config || typeof config !== 'object' || Array.isArray(config)) config = starter(type);
  return { type, lang: p.get('lingua') === 'en' ? 'en' : 'it', api: p.get('api') || '', config: config as Config };
}

/** A portal origin as typed (`www.comune.it/` → `https://www.comune.it`); '' for this portal, null when unreadable. */
export function normalizeOrigin(text: string): string | null {
  const t = text.trim();
  if (!t) return '';
  try {
    const u = new URL(/^https?:\/\//i.test(t) ? t : 'https://' + t);
    return u.origin;
  } catch {
    return null;
  }
}

/** What a pasted text holds: a config and its type (from `$schema`, the markup, or its keys). */
export type Pasted = { type: ConfigType; config: unknown } | { error: string };

export function readPasted(text: string, current: ConfigType): Pasted {
  const t = text.trim();
  if (t.startsWith('<')) {
    const doc = new DOMParser().parseFromString(t, 'text/html');
    const consent = doc.querySelector('script#piazza-consent');
    const block = doc.querySelector('[data-piazza-block]');
    const kind = block?.getAttribute('data-piazza-block');
    const script = consent || block?.querySelector(':scope > script[type="application/json"]');
    if (!script) return { error: 'noConfigInHtml' };
    const type = consent ? 'consent' : kind;
    if (!CONFIG_TYPES.includes(type as ConfigType)) return { error: 'blockType:' + kind };
    return parseJson(script.textContent || '', type as ConfigType);
  }
  return parseJson(t, null, current);
}

function parseJson(text: string, type: ConfigType | null, current: ConfigType = 'listing'): Pasted {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (e) {
    return { error: 'json:' + (e as Error).message };
  }
  return { type: type || typeOf(config) || current, config };
}

/**
 * A pasted config as the form can hold it. `itemsPerRow: "3"` (the OpenPA template's text) becomes
 * 3, which the block reads the same: the form offers numbers and "auto", and would drop the text.
 */
export function forForm(type: ConfigType, config: Config): Config {
  if (type === 'listing' && typeof config.itemsPerRow === 'string' && /^[1-6]$/.test(config.itemsPerRow)) {
    return { ...config, itemsPerRow: Number(config.itemsPerRow) };
  }
  return config;
}

/** The type a config names (`$schema`), or the one its keys can only belong to. */
export function typeOf(config: unknown): ConfigType | null {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return null;
  const c = config as Config;
  const named = typeof c.$schema === 'string' ? /([a-z]+)\.schema\.json$/.exec(c.$schema)?.[1] : null;
  if (named && CONFIG_TYPES.includes(named as ConfigType)) return named as ConfigType;
  if ('categories' in c || 'services' in c) return 'consent';
  if (['columns', 'searchUrl', 'pageSize', 'class', 'classesUrl', 'linkTemplate'].some((k) => k in c)) return 'datatable';
  if (['tabs', 'limitPagination', 'fields', 'view', 'remoteUrl', 'queryBuilder'].some((k) => k in c)) return 'listing';
  return null;
}
