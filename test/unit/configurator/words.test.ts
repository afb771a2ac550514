// Words, not keys: every property of every schema carries the name the configurator shows
// (`title`, `x-title-it`) and its one-line help (`x-help`, `x-help-it`), in both languages; the
// help is one sentence (the long text is the description, behind "Dettagli"); and those words
// stay out of the validators and the types (scripts/gen-schemas.mjs strips them).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '../../../schemas');
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));
type Node = Record<string, any>;

/** Every property of a schema (nested ones, array items' and map entries' too), by its JSON pointer. */
function properties(schema: Node): Array<[string, Node]> {
  const out: Array<[string, Node]> = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === 'properties' || k === 'definitions') {
        for (const [name, p] of Object.entries(v as Node)) {
          if (k === 'properties') out.push([`${path}/properties/${name}`, p as Node]);
          walk(p, `${path}/${k}/${name}`);
        }
      } else if (['items', 'additionalProperties', 'oneOf', 'anyOf', 'allOf', 'then', 'if'].includes(k)) walk(v, `${path}/${k}`);
    }
  };
  walk(schema, '');
  // `if`/`then` restate a property's rule (listing's remoteUrl → queryBuilder): not a field of their own
  return out.filter(([p]) => !/\/(if|then|allOf)\//.test(p));
}

/** One sentence: a single full stop (or ? !) at the end; dots inside code, numbers or `…` are fine. */
const oneSentence = (s: string) => /[.?!]$/.test(s) && !/[.?!]\s+[A-ZÀ-Ý«]/.test(s.slice(0, -1));

describe.each(files)('%s', (file) => {
  const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const props = properties(schema);

  it('every property has a short title and a one-line help, in Italian and in English', () => {
    expect(props.length).toBeGreaterThan(3);
    const missing = props.flatMap(([path, p]) =>
      ['title', 'x-title-it', 'x-help', 'x-help-it'].filter((k) => typeof p[k] !== 'string' || !p[k].trim()).map((k) => `${path}: ${k}`),
    );
    expect(missing).toEqual([]);
    const long = props.filter(([, p]) => p.title.length > 45 || p['x-title-it'].length > 45).map(([path]) => path);
    expect(long, 'titles are a few words').toEqual([]);
  });

  it('the help is one sentence, shorter than the description it sums up', () => {
    const bad = props.flatMap(([path, p]) =>
      ['x-help', 'x-help-it'].filter((k) => !oneSentence(p[k]) || p[k].length > 160).map((k) => `${path} ${k}: ${p[k]}`),
    );
    expect(bad).toEqual([]);
    // the key is no title: the form shows words
    const keys = props
      .filter(([path, p]) => {
        const key = path.split('/').pop()!;
        return key.length > 3 && (p.title === key || p['x-title-it'] === key);
      })
      .map(([path]) => path);
    expect(keys).toEqual([]);
  });
});

describe('the words stay out of what the schemas generate', () => {
  it('no title or help in the validators; the types name no type after a title', () => {
    for (const file of files) {
      const name = file.replace('.schema.json', '');
      const validator = readFileSync(join(dir, 'generated', name + '.validate.js'), 'utf8');
      expect(validator).not.toMatch(/x-title-it|x-help|Identificativo del blocco|Block id/);
      const types = readFileSync(join(dir, 'generated', name + '.d.ts'), 'utf8');
      // json-schema-to-typescript would export e.g. `ElementiPerPagina` for a titled property
      const exported = [...types.matchAll(/export (?:type|interface) (\w+)/g)].map((m) => m[1]);
      const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const titles = new Set(properties(schema).map(([, p]) => String(p.title).replace(/[^A-Za-z0-9]/g, '')));
      // (a definition's own name may match a title: consent's `texts`)
      const definitions = new Set(Object.keys(schema.definitions || {}).map((d) => d[0].toUpperCase() + d.slice(1)));
      expect(exported.filter((t) => titles.has(t) && !definitions.has(t) && !/Config$/.test(t))).toEqual([]);
    }
  });
});
