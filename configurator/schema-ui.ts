// The form's view of a schema: help texts in the admin's language (`x-description-it` next to each
// `description`), examples added to them, legacy jQuery keys and `$schema` kept out of sight, and
// the outputs' rule that a value equal to its schema default is not written.
import type { AdminLang } from '../runtime/messages';
import type { ConfigType } from './model';

type Node = Record<string, any>;

const show = (v: unknown) => (typeof v === 'string' ? '`' + v + '`' : '`' + JSON.stringify(v) + '`');

/**
 * A copy of the schema for the form: descriptions in `lang`, each followed by its examples; the
 * jQuery plugins' keys (`deprecated`, typeless) left out — the problem list warns about them, and a
 * pasted config keeps them.
 */
export function localizeSchema(schema: Node, lang: AdminLang): Node {
  const exampleWord = lang === 'en' ? 'Example' : 'Esempio';
  const examplesWord = lang === 'en' ? 'Examples' : 'Esempi';
  const walk = (node: unknown, isProperties = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (!node || typeof node !== 'object') return node;
    const out: Node = {};
    for (const [k, v] of Object.entries(node)) {
      // Under "properties" and "definitions" the keys are names, not keywords.
      out[k] = k === 'properties' || k === 'definitions' ? Object.fromEntries(Object.entries(v as Node).map(([pk, pv]) => [pk, walk(pv, true)]))
        : k === 'examples' || k === 'default' || k === 'enum' || k === 'const' ? v : walk(v);
    }
    if (isProperties || 'description' in out) {
      const text = (lang === 'it' && out['x-description-it']) || out.description;
      const ex = Array.isArray(out.examples) ? out.examples.filter((e: unknown) => e !== '' && (typeof e !== 'object' || e === null || JSON.stringify(e).length < 120)) : [];
      if (text) out.description = text + (ex.length ? ` ${ex.length > 1 ? examplesWord : exampleWord}: ${ex.map(show).join(', ')}.` : '');
    }
    delete out['x-description-it'];
    return out;
  };
  const out = walk(schema) as Node;
  for (const [k, v] of Object.entries(out.properties || {})) out.properties[k] = scalarChoice(v as Node);
  out.properties = Object.fromEntries(Object.entries(out.properties || {}).filter(([, v]) => !(v as Node).deprecated));
  return out;
}

/**
 * A union of few scalar values (`itemsPerRow`: 1–6 or "auto") as one select of those values:
 * @rjsf/core draws a union as a "which form" select plus a field, and its default-filling picks the
 * one-value form ("auto") over the schema's default. An alternative with a description of its own
 * (the jQuery template's numbers as text) is a form for old configs: valid, not offered.
 */
function scalarChoice(prop: Node): Node {
  const alts: Node[] | undefined = prop.oneOf || prop.anyOf;
  if (!alts) return prop;
  const values: unknown[] = [];
  for (const a of alts) {
    if (a.description) continue;
    if (a.type === 'integer' && Number.isInteger(a.minimum) && Number.isInteger(a.maximum) && a.maximum - a.minimum <= 20) {
      for (let n = a.minimum; n <= a.maximum; n++) values.push(n);
    } else if (Array.isArray(a.enum) && (a.type === 'string' || a.type === 'integer')) values.push(...a.enum);
    else return prop;
  }
  const { oneOf, anyOf, ...rest } = prop;
  return { ...rest, enum: values };
}

/** What the form hides or shows differently, per type. */
export function uiSchemaFor(type: ConfigType): Node {
  const ui: Node = {
    'ui:submitButtonOptions': { norender: true },
    'ui:globalOptions': { enableMarkdownInDescription: true },
    $schema: { 'ui:widget': 'hidden' },
  };
  const area = { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
  if (type === 'listing') Object.assign(ui, { query: area, templates: { item: area, popup: area }, tabs: { 'ui:widget': 'checkboxes' } });
  if (type === 'datatable') Object.assign(ui, { query: area, linkTemplate: area });
  return ui;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The config to write out: values equal to their schema default left out (the form shows every
 * default so what it shows is what the block does; the portal's JSON need not repeat them).
 * Required keys are always written (their insides lose defaults too); array items are kept as they are.
 */
export function withoutDefaults(schema: Node, value: unknown, root: Node = schema): unknown {
  const resolved = schema?.$ref ? root.definitions?.[String(schema.$ref).replace('#/definitions/', '')] ?? schema : schema;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  // A map (consent's categories, services): each entry by the schema of its values.
  const each = resolved?.additionalProperties && typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : null;
  if (!resolved?.properties) return each ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutDefaults(each, v, root)])) : value;
  const required = new Set<string>(resolved.required || []);
  const out: Node = {};
  for (const [k, v] of Object.entries(value as Node)) {
    const prop = resolved.properties[k];
    if (v === undefined) continue;
    const inner = prop ? withoutDefaults(prop, v, root) : each ? withoutDefaults(each, v, root) : v;
    if (prop && !required.has(k)) {
      const empty = inner && typeof inner === 'object' && !Array.isArray(inner) && !Object.keys(inner).length;
      if ('default' in prop ? same(inner, prop.default) : empty && prop.properties) continue;
    }
    out[k] = inner;
  }
  return out;
}
