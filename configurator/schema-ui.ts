// The form's view of a schema: each field's short title (`x-title-it` / `title`) and one-line help
// (`x-help-it` / `x-help`), the long text behind "Dettagli" (`x-description-it` / `description`
// with its examples), the words for enum values, legacy jQuery keys and `$schema` kept out of
// sight; which fields apply to the config as it is; and the outputs' rule that a value equal to
// its schema default is not written. What is particular to a type comes from the block table.
import type { AdminLang } from '../runtime/messages';
import type { BlockKind, Config } from './blocks';

type Node = Record<string, any>;

const show = (v: unknown) => (typeof v === 'string' ? '`' + v + '`' : '`' + JSON.stringify(v) + '`');
/** Keywords whose value is data, not a schema: copied as they are. */
const DATA_KEYS = new Set(['examples', 'default', 'enum', 'const', 'required']);

/**
 * A copy of the schema for the form, in `lang`: `title` the field's name, `description` its
 * one-line help, `x-details` the long text (the schema's description and its examples) when it
 * says more than the help, `x-enum-labels` the words for its values. The jQuery plugins' keys
 * (`deprecated`) are left out — the problem list warns about them, and a pasted config keeps them.
 */
export function localizeSchema(kind: BlockKind, lang: AdminLang): Node {
  const en = lang === 'en';
  const exampleWord = en ? 'Example' : 'Esempio';
  const examplesWord = en ? 'Examples' : 'Esempi';
  const walk = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((n, i) => walk(n, pointer + '/' + i));
    if (!node || typeof node !== 'object') return node;
    const src = node as Node;
    const out: Node = {};
    for (const [k, v] of Object.entries(src)) {
      if (k === 'properties' || k === 'definitions') {
        // under these the keys are names, not keywords
        out[k] = Object.fromEntries(Object.entries(v as Node).map(([pk, pv]) => [pk, walk(pv, `${pointer}/${k}/${pk}`)]));
      } else if (!k.startsWith('x-') && k !== 'title' && k !== 'description') out[k] = DATA_KEYS.has(k) ? v : walk(v, pointer + '/' + k);
    }
    const title = (!en && src['x-title-it']) || src.title;
    if (title && pointer) out.title = title;
    const help = (!en && src['x-help-it']) || src['x-help'];
    const long = (!en && src['x-description-it']) || src.description;
    const ex = Array.isArray(src.examples)
      ? src.examples.filter((e: unknown) => e !== '' && (typeof e !== 'object' || e === null || JSON.stringify(e).length < 120))
      : [];
    const details = (long || '') + (ex.length ? ` ${ex.length > 1 ? examplesWord : exampleWord}: ${ex.map(show).join(', ')}.` : '');
    if (help) out.description = help;
    else if (long && pointer) out.description = long;
    // (also without a help of its own: a definition's long text reaches the fields that refer to it)
    if (details.trim()) out['x-details'] = details.trim();
    const labels = kind.enumLabels[pointer];
    if (labels) out['x-enum-labels'] = Object.fromEntries(Object.entries(labels).map(([v, w]) => [v, w[lang]]));
    return out;
  };
  const out = walk(kind.schema, '') as Node;
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

/** What the form hides or shows differently: the block's own widgets, and `$schema` out of sight. */
export function uiSchemaFor(kind: BlockKind): Node {
  return {
    'ui:submitButtonOptions': { norender: true },
    'ui:globalOptions': { enableMarkdownInDescription: true },
    $schema: { 'ui:widget': 'hidden' },
    ...kind.ui,
  };
}

/** Does `pointer` (a field's JSON pointer, or `picker:<kind>`) match a rule's pattern (`*` for any one segment)? */
const matches = (pattern: string, pointer: string) => {
  const a = pattern.split('/');
  const b = pointer.split('/');
  return a.length === b.length && a.every((s, i) => s === '*' || s === b[i]);
};

/** Whether the field (or picker) applies to the config as it is: the block table's rules; a field not listed always does. */
export function applies(kind: BlockKind, config: Config, pointer: string): boolean {
  for (const [pattern, rule] of Object.entries(kind.applies)) if (matches(pattern, pointer) && !rule(config, pointer)) return false;
  return true;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The config to write out: values equal to their schema default left out (the form shows every
 * default so what it shows is what the block does; the portal's JSON need not repeat them).
 * Required keys are always written (their insides lose defaults too); array items are kept as they are.
 */
export function withoutDefaults(schema: Node, value: unknown, root: Node = schema): unknown {
  const resolved = schema?.$ref ? (root.definitions?.[String(schema.$ref).replace('#/definitions/', '')] ?? schema) : schema;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  // A map (consent's categories, services): each entry by the schema of its values.
  const each = resolved?.additionalProperties && typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : null;
  if (!resolved?.properties)
    return each ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutDefaults(each, v, root)])) : value;
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
