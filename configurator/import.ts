// "Start from what the portal has": what a pasted text holds, and the piazza config it becomes.
// - a piazza config, or a page's piazza block or #piazza-consent script;
// - an eZ block's attributes: the eZ form piazza's overrides write (`{"openpa": …}`), eZ Flow's page
//   XML (`<block>…<custom_attributes>…`), the attributes as JSON, or as the block editor shows them
//   (`Elementi per pagina: 6`), mapped by the block's one eZ mapping (its loadOpenpaMapping, blocks/<type>/public.ts);
// - the original jQuery block: `remoteContentsGui({…})` and the theme's listing markup, the data
//   table's data-* (the attributes the template wrote them from, mapped the same way), or
//   `opendataDataTable({…})`, through the block's own handling of those settings.
// Nothing pasted is ever run (js-literal.ts reads the scripts' objects). Pure but for DOMParser; a
// chunk of its own, loaded when the admin first pastes.
import { relocate } from '../runtime/openpa';
import type { LegacyNote } from '../runtime/config';
import { adminMessages, type AdminLang } from '../runtime/messages';
import type { ConfigProblem } from '../runtime/types';
import { BLOCKS, CONFIG_TYPES, type Config, type ConfigType } from './blocks';
import { configTypeOf, EZ_ATTRIBUTE_NAMES, EZ_BLOCKS, EZ_IGNORED, ezBlock, checkboxValue } from './ez-blocks';
import { readCall, readLiteral, type Unreadable } from './js-literal';
import { forForm, namedType, titleOf, typeOf } from './model';
import type { Texts } from './texts';
import { datatableAttributes } from './theme-markup';

export interface EzBlockRef {
  id: string;
  type: string;
  view: string;
}
export interface EzSite {
  prefix: string;
  locale: string;
}

/** What a paste holds. */
export type Source =
  | { kind: 'piazza'; type: ConfigType | null; config: Config }
  | {
      kind: 'ez';
      /** The form piazza's overrides write, whole: block, attributes, site, tag trees. */
      form?: Record<string, unknown>;
      /** What the paste says of the block and the site (the admin gives the rest). */
      block?: EzBlockRef;
      site?: EzSite;
      attributes: Record<string, string>;
      /** Lines that name no attribute. */
      unread: string[];
      /** How many other blocks the pasted page XML holds. */
      others: number;
    }
  | { kind: 'jquery'; type: ConfigType; settings: Config; unreadable: Unreadable[]; blockId?: string; page: Document | null }
  | { kind: 'error'; error: string; detail?: string };

const isObject = (v: unknown): v is Config => !!v && typeof v === 'object' && !Array.isArray(v);
/** Keys of eZ attributes that no piazza config has: they tell an attributes object from a config. */
const PIAZZA_KEYS = new Set(CONFIG_TYPES.flatMap((t) => Object.keys(BLOCKS[t].schema.properties || {})));
const EZ_ONLY = [...EZ_ATTRIBUTE_NAMES].filter((k) => !PIAZZA_KEYS.has(k));
/** The plugins whose settings object a block table reads, by their call's name. */
const JQUERY_CALLS = CONFIG_TYPES.flatMap((t) => (BLOCKS[t].jquery ? [[BLOCKS[t].jquery!.call, t] as const] : []));

export function readSource(text: string): Source {
  const t = text.trim();
  if (!t) return { kind: 'error', error: 'empty' };
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return fromJson(JSON.parse(t));
    } catch (e) {
      // not JSON: the plugin's settings as a template writes them (`{'query': "…", limitPagination: 6}`)
      try {
        const literal = readLiteral(t);
        if (isObject(literal.value)) return fromSettings(literal.value, literal.unreadable, t, null);
      } catch {
        /* neither */
      }
      return { kind: 'error', error: 'json', detail: (e as Error).message };
    }
  }
  if (t.startsWith('<') && /<custom_attributes\b/.test(t)) return fromXml(t);
  if (t.startsWith('<')) {
    const page = new DOMParser().parseFromString(t, 'text/html');
    const consent = page.querySelector('script#piazza-consent');
    const block = page.querySelector('[data-piazza-block]');
    const script = consent || block?.querySelector(':scope > script[type="application/json"]');
    if (script) {
      const kind = consent ? 'consent' : block!.getAttribute('data-piazza-block');
      if (!CONFIG_TYPES.includes(kind as ConfigType)) return { kind: 'error', error: 'blockType', detail: kind || '' };
      try {
        const config = JSON.parse(script.textContent || '');
        if (isObject(config) && 'openpa' in config) return fromJson(config);
        return { kind: 'piazza', type: kind as ConfigType, config: isObject(config) ? config : {} };
      } catch (e) {
        return { kind: 'error', error: 'json', detail: (e as Error).message };
      }
    }
    // the theme's data table: its data-* (its script builds the plugin's settings at run time, from them)
    const table = datatableAttributes(page);
    if (table)
      return {
        kind: 'ez',
        block: { id: table.blockId, type: 'OpendataRemoteContents', view: 'datatable' },
        attributes: table.attributes,
        unread: [],
        others: 0,
      };
    const fromScript = jquerySettings(t, page);
    if (fromScript) return fromScript;
    return { kind: 'error', error: 'noConfigInHtml' };
  }
  return jquerySettings(t, null) || fromLines(t);
}

function fromJson(json: unknown): Source {
  if (!isObject(json)) return { kind: 'error', error: 'notObject' };
  if ('openpa' in json) {
    const form = isObject(json.openpa) ? json.openpa : {};
    const block = isObject(form.block) ? (form.block as unknown as EzBlockRef) : undefined;
    return {
      kind: 'ez',
      form: json,
      block,
      site: isObject(form.site) ? (form.site as unknown as EzSite) : undefined,
      attributes: texts(form.attributes),
      unread: [],
      others: 0,
    };
  }
  // a block as eZ Flow holds it: {id, name, type, view, custom_attributes}
  if (isObject(json.custom_attributes)) {
    const block = {
      id: String(json.id ?? '').replace(/^id_/, ''),
      type: String(json.type ?? ''),
      view: String(json.view ?? 'default') || 'default',
    };
    return { kind: 'ez', block: block.type ? block : undefined, attributes: texts(json.custom_attributes), unread: [], others: 0 };
  }
  if (Object.keys(json).some((k) => EZ_ONLY.includes(k)) && Object.values(json).every((v) => v === null || typeof v !== 'object')) {
    return { kind: 'ez', attributes: texts(json), unread: [], others: 0 };
  }
  const type = typeOf(json);
  // the plugin's own settings (a listing's legacy keys, or the data table's builder/datatable): taken through the block's handling.
  // A config that names piazza's schema is piazza's, whatever keys it holds: the problem list says what the block ignores, and it keeps them as written
  if (!namedType(json))
    for (const [, t] of JQUERY_CALLS)
      if (BLOCKS[t].jquery!.recognise(json)) return { kind: 'jquery', type: t, settings: json, unreadable: [], page: null };
  return { kind: 'piazza', type, config: json };
}

/** eZ's text of each attribute (numbers and booleans pasted by hand mean the same text). */
function texts(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(isObject(v) ? v : {})) {
    if (typeof x === 'string') out[k] = x;
    else if (typeof x === 'number') out[k] = String(x);
    else if (typeof x === 'boolean') out[k] = x ? '1' : '';
  }
  return out;
}

/** eZ Flow's page XML (ezpage): the first of our blocks, `<block id="id_…"><type>…<custom_attributes>`. */
function fromXml(t: string): Source {
  const doc = new DOMParser().parseFromString('<root>' + t.replace(/^<\?xml[^>]*\?>/, '') + '</root>', 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return { kind: 'error', error: 'xml' };
  const child = (el: Element, name: string) => [...el.children].find((c) => c.tagName === name)?.textContent?.trim() ?? '';
  const blocks = [...doc.getElementsByTagName('block')];
  const ours = blocks.filter((b) => ezBlock(child(b, 'type')));
  const block = ours[0] || blocks[0];
  const attributesEl = block
    ? [...block.children].find((c) => c.tagName === 'custom_attributes')
    : doc.getElementsByTagName('custom_attributes')[0];
  const attributes: Record<string, string> = {};
  for (const a of attributesEl ? [...attributesEl.children] : []) attributes[a.tagName] = a.textContent ?? '';
  const ref =
    block && child(block, 'type')
      ? { id: (block.getAttribute('id') || '').replace(/^id_/, ''), type: child(block, 'type'), view: child(block, 'view') || 'default' }
      : undefined;
  return { kind: 'ez', block: ref, attributes, unread: [], others: Math.max(0, ours.length - 1) };
}

/** Every label of the block editor, longest first (a label may start with another). */
const LABELS = EZ_BLOCKS.flatMap((b) => b.attributes.filter((a) => a.label).map((a) => [a.label!.toLowerCase(), a] as const)).sort(
  (a, b) => b[0].length - a[0].length,
);
const ATTRIBUTES = new Map(EZ_BLOCKS.flatMap((b) => b.attributes.map((a) => [a.name, a] as const)));

/** The attributes as the block editor shows them, one a line: `Label: value` or `identifier: value` (`=` or a tab also). */
function fromLines(t: string): Source {
  const attributes: Record<string, string> = {};
  const unread: string[] = [];
  for (const raw of t.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const lower = line.toLowerCase();
    const byLabel = LABELS.find(([label]) => lower.startsWith(label) && /^\s*[:=\t]/.test(line.slice(label.length)));
    let attr = byLabel?.[1];
    let value: string | undefined;
    if (byLabel) value = line.slice(byLabel[0].length).replace(/^\s*[:=\t]\s*/, '');
    else {
      const m = /^([a-z_]+)\s*[:=\t]\s*(.*)$/.exec(line);
      attr = m ? ATTRIBUTES.get(m[1]) : undefined;
      value = m?.[2];
    }
    if (!attr || value === undefined) {
      unread.push(line);
      continue;
    }
    const option = attr.options && Object.entries(attr.options).find(([label]) => label.toLowerCase() === value!.toLowerCase());
    attributes[attr.name] = attr.checkbox ? checkboxValue(value) : option ? option[1] : value;
  }
  if (!Object.keys(attributes).length) return { kind: 'error', error: 'unknown' };
  return { kind: 'ez', attributes, unread, others: 0 };
}

/** A plugin call in a script or a page (`.remoteContentsGui({…})`), with the page around it. */
function jquerySettings(t: string, page: Document | null): Source | null {
  for (const [call, type] of JQUERY_CALLS) {
    const literal = readCall(t, call);
    if (literal && isObject(literal.value)) {
      const id = BLOCKS[type].jquery!.idPattern.exec(t)?.[1];
      return { kind: 'jquery', type, settings: literal.value, unreadable: literal.unreadable, ...(id ? { blockId: id } : {}), page };
    }
  }
  return null;
}

function fromSettings(settings: Config, unreadable: Unreadable[], t: string, page: Document | null): Source {
  const known = JQUERY_CALLS.find(([, type]) => BLOCKS[type].jquery!.recognise(settings));
  const type = known?.[1] ?? typeOf(settings) ?? 'listing';
  const id = BLOCKS[type].jquery?.idPattern.exec(t)?.[1];
  return { kind: 'jquery', type, settings, unreadable, ...(id ? { blockId: id } : {}), page };
}

/** One line of what the import says: where (the pasted form's path) and what. */
export interface Note {
  path: string;
  message: string;
  /** A problem of the config made (an attribute that cannot be read, a value the block refuses), not only something left out. */
  problem?: boolean;
}

export interface Imported {
  type: ConfigType;
  config: Config;
  notes: Note[];
  /** What was read, for the status line. */
  source: 'piazza' | 'ez' | 'jquery';
}

/** The eZ block and site the admin gives when the paste does not say them. */
export interface EzContext {
  block: EzBlockRef;
  site: EzSite;
}

/** The config a source becomes, and what the admin should know about it. */
export async function importSource(
  src: Exclude<Source, { kind: 'error' }>,
  ctx: EzContext,
  current: ConfigType,
  t: Texts,
): Promise<Imported> {
  const say = adminMessages(t.lang);
  const ignoredNote = (n: LegacyNote): Note => ({ path: n.key, message: t('leftOut', { note: n.note[t.lang] || n.note.it }) });
  if (src.kind === 'piazza') {
    const type = src.type ?? current;
    return { type, config: forForm(type, src.config), notes: [], source: 'piazza' };
  }
  if (src.kind === 'jquery') {
    const kind = BLOCKS[src.type];
    const toConfig = await kind.jquery!.toConfig();
    const { config, ignored } = toConfig(src.settings, src.page, src.blockId);
    const notes = [
      ...ignored.map(ignoredNote),
      ...src.unreadable.map((u) => ({
        path: u.path,
        message: t('unreadable', { text: u.text.length > 60 ? u.text.slice(0, 57) + '…' : u.text }),
      })),
    ];
    return { type: src.type, config: forForm(src.type, config), notes, source: 'jquery' };
  }
  const block = src.block ?? ctx.block;
  const form = src.form ?? { openpa: { block, attributes: src.attributes, site: src.site ?? ctx.site } };
  const type = configTypeOf(block.type, block.view);
  const kind = BLOCKS[type];
  const mapped = (await kind.fromOpenpa!())(form);
  const config = { $schema: `../schemas/${type}.schema.json`, ...mapped.config };
  const notes: Note[] = [];
  for (const p of [...mapped.problems, ...relocate(kind.check(mapped.config), mapped.origin)])
    notes.push({ path: p.path, message: say.problem(p as ConfigProblem), problem: true });
  // attributes the mapping reads from the server, or that have no equivalent
  for (const [name, value] of Object.entries(src.attributes)) {
    const why = EZ_IGNORED[name];
    if (value && why) notes.push(ignoredNote({ key: '/openpa/attributes/' + name, note: why }));
  }
  if (!src.form && /:tree\b/.test(src.attributes.facets || ''))
    notes.push(ignoredNote({ key: '/openpa/attributes/facets', note: EZ_IGNORED[':tree'] }));
  for (const line of src.unread) notes.push({ path: '', message: t('unreadLine', { line }) });
  if (src.others) notes.push({ path: '', message: t('importOthers', { count: src.others }) });
  return { type, config: forForm(type, config), notes, source: 'ez' };
}

/**
 * A note's place: a key of the block's schema in the form's words with the key itself, as a problem
 * line names it (problemLine): the admin finds the key in what was pasted. A key of the pasted
 * settings' own (the eZ form, the DataTables settings) as it is.
 */
export function notePlace(type: ConfigType, path: string, lang: AdminLang): string {
  const own = !path || path === '/table' || /^\/(openpa|datatable|builder)\//.test(path);
  const title = own ? '' : titleOf(BLOCKS[type].schema, path, lang);
  // a key the schema does not name has no words but itself
  return title && title !== path.slice(1).split('/').join(' › ') ? `${title} (${path.slice(1)})` : path;
}

/** The block editor's block types and views, for the admin to say which a pasted block is. */
export const EZ_CHOICES = EZ_BLOCKS.flatMap((b) => b.views.map((v) => ({ value: b.type + '|' + v.view, label: `${b.name} — ${v.name}` })));
