// The configurator's pure side: what is wrong with a config (the very validators, problem codes and
// wording `npm run validate` uses), where in the form each problem sits and what that field is
// called, the markup a config goes into, the URL that reopens a configuration. Whatever depends on
// the type comes from the block table (blocks.ts). No DOM beyond DOMParser, no Preact.
import { escapeHtml } from '../runtime/escape';
import { legacyNotes } from '../runtime/config';
import { adminMessages, type AdminLang } from '../runtime/messages';
import type { ConfigProblem } from '../runtime/types';
import { BLOCKS, CONFIG_TYPES, type Config, type ConfigType } from './blocks';

export { BLOCKS, CONFIG_TYPES, type Config, type ConfigType };

/** What an admin starts from: the least each schema needs, and a `$schema` for editors and `npm run validate`. */
export const starter = (type: ConfigType): Config => BLOCKS[type].starter();

/** One line of the problem list: where (JSON path), what the field is called, and what is wrong, in the admin's language. */
export interface Problem extends ConfigProblem {
  message: string;
  /** The field's name in the form (`Filtri 1 › Campo`); empty for the config as a whole. */
  title: string;
  /** An accepted setting of the jQuery plugins, ignored: a warning, not an error. */
  warning?: boolean;
}

/**
 * The problems of a config, as `npm run validate` reports them (the schema's standalone validator
 * and `toProblems` for blocks, piazza.js's own check for consent, then the ignored legacy
 * settings), worded by runtime/messages.ts, each with the name of its field.
 */
export function problemsOf(type: ConfigType, config: unknown, lang: AdminLang): Problem[] {
  const say = adminMessages(lang);
  const kind = BLOCKS[type];
  const found: ConfigProblem[] =
    type !== 'consent' && (!config || typeof config !== 'object' || Array.isArray(config))
      ? [{ path: '/', code: 'type', types: ['object'] }]
      : kind.check(config as Config);
  const out: Problem[] = found.map((p) => ({ ...p, message: say.problem(p), title: titleOf(kind.schema, p.path, lang) }));
  for (const { key, note } of legacyNotes(config, kind.legacy)) {
    const path = key.startsWith('/') ? key : '/' + key;
    out.push({
      path,
      code: 'ignored',
      message: say.t('warning') + ': ' + say.ignored(key, note),
      title: titleOf(kind.schema, path, lang),
      warning: true,
    });
  }
  return out;
}

type Node = Record<string, any>;

/** A `#/definitions/x` reference resolved, and the alternative of a union that has `key` (a facet's `field`). */
function step(schema: Node, root: Node, key: string): Node | undefined {
  const at = (n: Node | undefined): Node | undefined =>
    n?.$ref ? { ...root.definitions?.[String(n.$ref).replace('#/definitions/', '')], ...n } : n;
  const node = at(schema);
  if (!node) return undefined;
  if (node.properties?.[key]) return at(node.properties[key]);
  const alts: Node[] = node.oneOf || node.anyOf || [];
  for (const alt of alts.map(at)) if (alt?.properties?.[key]) return at(alt.properties[key]);
  if (/^\d+$/.test(key) && node.items) return at(node.items);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return at(node.additionalProperties);
  return undefined;
}

const titleIn = (n: Node | undefined, lang: AdminLang) => (n ? (lang === 'it' && n['x-title-it']) || n.title || '' : '');

/**
 * The name of the field at a JSON path, as the form shows it: each level's title, an array's items
 * by number, a map's entries by their key (`Filtri 1 › Campo`, `Categorie › analytics › Necessaria`).
 */
export function titleOf(schema: Node, path: string, lang: AdminLang): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const names: string[] = [];
  let node: Node | undefined = schema;
  for (const key of parts) {
    const next: Node | undefined = node ? step(node, schema, key) : undefined;
    const isIndex = /^\d+$/.test(key) && !!node?.items;
    const isEntry = !isIndex && !!node && !node.properties?.[key] && !!node.additionalProperties;
    if (isIndex) names[names.length - 1] = `${names[names.length - 1] || ''} ${Number(key) + 1}`.trim();
    else if (isEntry) names.push(key);
    else names.push(titleIn(next, lang) || key);
    node = next;
  }
  return names.join(' › ');
}

/** A problem as the list shows it: the field's name, its JSON path, the message (`Elementi per pagina (limitPagination) deve essere ≤ 100`). */
export const problemLine = (p: Problem) =>
  p.title ? `${p.title} (${p.path.replace(/^\//, '') || '/'}) ${p.message}` : `${p.path || '/'} ${p.message}`;

/** The form's id of the field at a JSON path (@rjsf/core: `root` + `_` + each segment). */
export function fieldIdOf(path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return ['root', ...parts].join('_');
}

/**
 * JSON inside `<script>`: a `</script` or `<!--` in a string would end or bend the element; their
 * `<` written `\u003c` (these can only occur inside JSON strings) reads back the same.
 */
export const scriptSafe = (json: string) => json.replace(/<(\/script|!--)/gi, '\\u003c$1');
const attr = escapeHtml;

export const configJson = (config: unknown) => JSON.stringify(config, null, 2);

/**
 * The markup a portal template takes: the block element with its config script and a no-JS
 * fallback, or the consent script that goes before piazza.js.
 */
export function configHtml(type: ConfigType, config: Config, fallback: string): string {
  const json = scriptSafe(configJson(config));
  if (BLOCKS[type].preview === 'consent') return `<script type="application/json" id="piazza-consent">\n${json}\n</script>`;
  const id = typeof config.blockId === 'string' && config.blockId ? ` id="${attr(config.blockId)}"` : '';
  return `<div data-piazza-block="${type}"${id}>\n<script type="application/json">\n${json}\n</script>\n<p>${attr(fallback)}</p>\n</div>`;
}

/** What the URL's fragment keeps: `#tipo=listing&lingua=it&config={…}` (another portal to read from is in the config). */
export interface UrlState {
  type: ConfigType;
  lang: AdminLang;
  config: Config;
}

export function encodeState(s: UrlState): string {
  const p = new URLSearchParams();
  p.set('tipo', s.type);
  p.set('lingua', s.lang);
  p.set('config', JSON.stringify(s.config));
  return '#' + p.toString();
}

/** The state a link holds, or null when it holds none (or a config that is not a JSON object). */
export function decodeState(hash: string): UrlState | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const type = p.get('tipo') as ConfigType;
  if (!CONFIG_TYPES.includes(type)) return null;
  let config: unknown;
  try {
    config = JSON.parse(p.get('config') || 'null');
  } catch {
    config = null;
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) config = starter(type);
  return { type, lang: p.get('lingua') === 'en' ? 'en' : 'it', config: config as Config };
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

/** A pasted config as the form can hold it, meaning the same (the block table's forForm). */
export const forForm = (type: ConfigType, config: Config): Config => BLOCKS[type].forForm?.(config) ?? config;

/**
 * The type a config's `$schema` names (`…/listing.schema.json`): one of CONFIG_TYPES, the blocks
 * registry's and consent — never a list of names written here.
 */
export function namedType(config: Config): ConfigType | null {
  const name = typeof config.$schema === 'string' ? /(?:^|\/)([a-z][a-z0-9]*)\.schema\.json$/.exec(config.$schema)?.[1] : null;
  return name && CONFIG_TYPES.includes(name as ConfigType) ? (name as ConfigType) : null;
}

/** The type a config names (`$schema`), or the one its keys can only belong to. */
export function typeOf(config: unknown): ConfigType | null {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return null;
  const c = config as Config;
  return namedType(c) ?? CONFIG_TYPES.find((t) => BLOCKS[t].keys.some((k) => k in c)) ?? null;
}
