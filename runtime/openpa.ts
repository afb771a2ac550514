// The eZ form of a block config: what piazza's OpenPA overrides write instead of a piazza config
// (integrations/openpa/extension/piazza/design/piazza/override/templates/block/piazza_*.tpl):
// the block's own attributes, as eZ Flow stores them, and what only the server knows. Each block
// turns it into its config through its one mapping (blocks/<type>/model/openpa.ts), in the page
// (runtime/manifest.ts), in `npm run validate` and in the configurator, so that an attribute means
// the same thing everywhere. Pure.
import type { ConfigProblem } from './types';

export interface TagOption {
  value: string;
  label: string;
  depth: number;
}

export interface OpenpaForm {
  /** eZ Flow's block: its id, type (OpendataRemoteContents, OpendataQueriedContents…) and view. */
  block: { id: string; type: string; view: string };
  /** `$block.custom_attributes`: every value a string, as eZ Flow reads it from the page XML. */
  attributes: Record<string, string>;
  /** The site access: `'/'|ezurl(no)` and the locale (`http_locale_code`, e.g. it-IT). */
  site: { prefix: string; locale: string };
  /** Tag trees: of each `Label:field:tree` facet's field (tag_root_from_attribute_identifier), or named by the template; api_tagtree's four levels. */
  tagTrees?: Record<string, TagOption[]>;
  /** The root tag's keyword of each tree. */
  tagTreeLabels?: Record<string, string>;
  /** What else a template knows that the mapping needs (e.g. `publicState`, the public privacy state's id). */
  context?: Record<string, unknown>;
  /** piazza.ini [Map], portal-wide (empty values left out). */
  map?: Record<string, string>;
}

/** The block config a mapping made, and where each of its keys came from (for problems). */
export interface Mapped<T> {
  config: T;
  /** config JSON path (`/itemsPerRow`) → the eZ form's path (`/openpa/attributes/items_per_row`). */
  origin: Record<string, string>;
  /** Attributes that cannot be read at all: the block is not mounted. */
  problems: ConfigProblem[];
}

/** A mapping module (`<type>-openpa` chunk): the eZ form → the block's config; the config's problems → the form's paths. */
export interface OpenpaMapping {
  fromOpenpa(form: unknown): Mapped<Record<string, unknown>>;
  relocate(problems: ConfigProblem[], origin: Record<string, string>): ConfigProblem[];
}

/** `{"openpa": {…}}`: the eZ form, as the overrides write it. */
export const isOpenpaForm = (config: unknown): config is { openpa: unknown } =>
  !!config && typeof config === 'object' && !Array.isArray(config) && 'openpa' in config;

/** An eZ template's truth for a string: '' and '0' are false (PHP), anything else true. */
export const ezTrue = (value: string | undefined) => value !== undefined && value !== '' && value !== '0';

/** Where an attribute sits in the eZ form. */
export const attributePath = (name: string) => '/openpa/attributes/' + name;

/**
 * The form's outline checked (block, attributes, site): what every mapping needs before it reads
 * an attribute. Problems name the form's own paths.
 */
export function readForm(raw: unknown): { form: OpenpaForm; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const value = isOpenpaForm(raw) ? raw.openpa : raw;
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const form = obj(value);
  // (PHP's json_encode writes an empty hash as [])
  if (form && Array.isArray(form.attributes) && !form.attributes.length) form.attributes = {};
  if (!form)
    return {
      form: { block: { id: '', type: '', view: '' }, attributes: {}, site: { prefix: '/', locale: '' } },
      problems: [{ path: '/openpa', code: 'type', types: ['object'] }],
    };
  const block = obj(form.block) || {};
  if (!obj(form.block)) problems.push({ path: '/openpa/block', code: 'required' });
  const attributes: Record<string, string> = {};
  const rawAttributes = obj(form.attributes);
  if (!rawAttributes) problems.push({ path: '/openpa/attributes', code: 'required' });
  for (const [k, v] of Object.entries(rawAttributes || {})) {
    // eZ Flow stores text; a number or boolean pasted by hand means the same text
    if (typeof v === 'string') attributes[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') attributes[k] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
    else if (v !== null) problems.push({ path: attributePath(k), code: 'type', types: ['string'] });
  }
  const site = obj(form.site) || {};
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const tagTrees = obj(form.tagTrees) as OpenpaForm['tagTrees'] | null;
  const tagTreeLabels = obj(form.tagTreeLabels) as OpenpaForm['tagTreeLabels'] | null;
  const context = obj(form.context);
  const map = obj(form.map) as OpenpaForm['map'] | null;
  return {
    form: {
      block: { id: text(block.id, ''), type: text(block.type, ''), view: text(block.view, 'default') || 'default' },
      attributes,
      site: { prefix: text(site.prefix, '/'), locale: text(site.locale, '') },
      ...(tagTrees ? { tagTrees } : {}),
      ...(tagTreeLabels ? { tagTreeLabels } : {}),
      ...(context ? { context } : {}),
      ...(map ? { map } : {}),
    },
    problems,
  };
}

/** Problems of the mapped config (its JSON paths) told at the attribute they came from. */
export function relocate(problems: ConfigProblem[], origin: Record<string, string>): ConfigProblem[] {
  return problems.map((p) => {
    let best = '';
    for (const key of Object.keys(origin)) if ((p.path === key || p.path.startsWith(key + '/')) && key.length > best.length) best = key;
    return best ? { ...p, path: origin[best] + (p.path === best ? '' : ' (' + p.path + ')') } : p;
  });
}
