// schemas/*.schema.json are the single source of truth for block configs. From each one this
// writes, under schemas/generated/ (git-ignored, rebuilt by `npm run build` and `npm test`):
//   <name>.d.ts          the TypeScript type of the config (json-schema-to-typescript)
//   <name>.validate.js   a standalone validator (ajv): no eval at run time, so strict CSP holds;
//                        it also fills in the schema's defaults.
//   <name>.legacy.js     the keys of the original jQuery plugins the schema accepts but ignores
//                        (`"deprecated": true`), with what to do instead: {it, en}, from their
//                        "x-description-it" and "description" (admin messages are Italian first).
// and, from the blocks registry (blocks/registry.json, scripts/blocks.mjs), the one table of them:
//   blocks.validate.js   type → { validate, legacy } of every block (the configurator, `npm run validate`);
//   blocks.schemas.js    type → its schema with the form's words (the configurator's form);
//   blocks.d.ts          `BlockType`, `BlockConfigs` and each config type (types/piazza.d.ts).
// A registry named by PIAZZA_BLOCKS (a test's) is written to PIAZZA_GENERATED.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import Ajv from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';
import { generatedDir, readBlocks, root } from './blocks.mjs';

const dir = join(root, 'schemas');
const out = generatedDir();
mkdirSync(out, { recursive: true });
const blocks = readBlocks();
const standaloneCode = standalone.default || standalone;

// The configurator's words (`title`, `x-title-it`, `x-help`, `x-help-it`: a field's name and its
// one-line help) are documentation too.
const FORM_KEYS = ['title', 'x-title-it', 'x-help', 'x-help-it'];
const DOC_KEYS = new Set(['description', 'x-description-it', 'examples', '$comment', ...FORM_KEYS]);
function stripKeys(node, keys) {
  if (Array.isArray(node)) return node.map((n) => stripKeys(n, keys));
  if (!node || typeof node !== 'object') return node;
  // Keys inside "properties" and "definitions" are names, not keywords: keep them all.
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !keys.has(k))
      .map(([k, v]) => [
        k,
        k === 'properties' || k === 'definitions'
          ? Object.fromEntries(Object.entries(v).map(([pk, pv]) => [pk, stripKeys(pv, keys)]))
          : stripKeys(v, keys),
      ]),
  );
}
const stripDocs = (schema) => stripKeys(schema, DOC_KEYS);

const pascal = (s) => s.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());

// schemas/*.schema.json (consent's too) and every registered block's, wherever it lives
const files = new Set([
  ...readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => join(dir, f)),
  ...blocks.map((b) => b.schema),
]);
for (const path of files) {
  const file = basename(path);
  const name = file.replace('.schema.json', '');
  const schema = JSON.parse(readFileSync(path, 'utf8'));
  // messages: false — problems are worded from their keyword and parameters (schemas/problems.js,
  // runtime/messages.ts), never from ajv's English text, which was 430 B gzip of a listing page.
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, messages: false, code: { source: true, esm: true } });
  // Documentation keywords are for editors and the TS types; leaving them out keeps the validator
  // (which embeds the schema) small in the block chunks.
  let code = standaloneCode(ajv, ajv.compile(stripDocs(schema)));
  // ajv's ESM output still require()s its small runtime helpers; turn them into imports that
  // work both in the bundle (rollup commonjs) and under Node/vitest.
  let n = 0;
  code = code.replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (_, id, mod) => {
    n++;
    return `import * as ${id}_ns from "${mod}.js";const ${id} = ${id}_ns.default?.default ?? ${id}_ns.default;`;
  });
  if (/require\(/.test(code)) throw new Error(name + ': unexpected require() left in the validator');
  writeFileSync(join(out, name + '.validate.js'), '// generated from ' + file + ' — do not edit\n' + code);
  writeFileSync(
    join(out, name + '.validate.d.ts'),
    "import type { ValidateFunction } from 'ajv';\ndeclare const validate: ValidateFunction;\nexport default validate;\n",
  );
  // Keys kept from the jQuery plugins (`"deprecated": true`): accepted, and reported with their
  // description in the admin's language; a missing Italian text fails here, not in a portal's console.
  const legacy = Object.fromEntries(
    Object.entries(schema.properties || {})
      .filter(([, v]) => v.deprecated)
      .map(([k, v]) => {
        if (!v['x-description-it'] || !v.description)
          throw new Error(name + ': deprecated /' + k + ' needs "description" and "x-description-it"');
        return [k, { it: v['x-description-it'], en: v.description }];
      }),
  );
  writeFileSync(
    join(out, name + '.legacy.js'),
    '// generated from ' + file + ' — do not edit\nexport default ' + JSON.stringify(legacy) + ';\n',
  );
  writeFileSync(
    join(out, name + '.legacy.d.ts'),
    'declare const legacy: Record<string, { it: string; en: string }>;\nexport default legacy;\n',
  );
  const type = pascal(name) + 'Config';
  // A legacy key holds whatever the old template wrote: `unknown` (json-schema-to-typescript's tsType).
  // A nested `title` would make json-schema-to-typescript name a type after it (`ElementiPerPagina`):
  // the form's words stay out of the types.
  const words = stripKeys(schema, new Set(FORM_KEYS));
  const typed = {
    ...words,
    title: type,
    properties: Object.fromEntries(
      Object.entries(words.properties || {}).map(([k, v]) => [k, v.deprecated ? { ...v, tsType: 'unknown' } : v]),
    ),
  };
  const ts = await compile(typed, type, {
    bannerComment: '// generated from ' + file + ' — do not edit',
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: false,
  });
  writeFileSync(join(out, name + '.d.ts'), ts);
  console.log('schemas: ' + name + ' → ' + type + (n ? ' (' + n + ' runtime helpers)' : ''));
}

// The registry's one table: what reads "every block" imports this, never a list of its own.
// blocks.validate.js: the validators (not published, like every *.validate.*); blocks.d.ts: the types.
const pascalOf = (t) => pascal(t) + 'Config';
const stem = (b) => basename(b.schema).replace('.schema.json', '');
const banner =
  '// generated from the blocks registry (' + relative(root, process.env.PIAZZA_BLOCKS || 'blocks/registry.json') + ') — do not edit\n';
writeFileSync(
  join(out, 'blocks.validate.js'),
  banner +
    blocks.map((b, i) => `import v${i} from './${stem(b)}.validate.js';\nimport l${i} from './${stem(b)}.legacy.js';\n`).join('') +
    'export default {\n' +
    blocks.map((b, i) => `  ${b.type}: { validate: v${i}, legacy: l${i} },\n`).join('') +
    '};\n',
);
writeFileSync(
  join(out, 'blocks.validate.d.ts'),
  banner +
    "import type { ValidateFunction } from 'ajv';\nimport type { BlockType } from './blocks';\n" +
    '/** Each registered block type → its standalone validator and its legacy keys. */\n' +
    'declare const blocks: Record<BlockType, { validate: ValidateFunction; legacy: Record<string, { it: string; en: string }> }>;\nexport default blocks;\n',
);
// blocks.schemas.js: each block's schema as written (titles, help, long texts), for the configurator's
// form; a JSON import its build reads (rollup's json-module, vite), never loaded by Node.
const from = (path) => {
  const r = relative(out, path).replace(/\\/g, '/');
  return r.startsWith('.') ? r : './' + r;
};
writeFileSync(
  join(out, 'blocks.schemas.js'),
  banner +
    blocks.map((b, i) => `import s${i} from '${from(b.schema)}';\n`).join('') +
    'export default {\n' +
    blocks.map((b, i) => `  ${b.type}: s${i},\n`).join('') +
    '};\n',
);
writeFileSync(
  join(out, 'blocks.schemas.d.ts'),
  banner +
    "import type { BlockType } from './blocks';\n" +
    "/** Each registered block type → its config schema (JSON Schema draft-07, with the form's words). */\n" +
    'declare const schemas: Record<BlockType, Record<string, any>>;\nexport default schemas;\n',
);
writeFileSync(
  join(out, 'blocks.d.ts'),
  banner +
    blocks.map((b) => `import type { ${pascalOf(stem(b))} } from './${stem(b)}';\nexport type { ${pascalOf(stem(b))} };\n`).join('') +
    '/** Each registered block type → its config. */\nexport interface BlockConfigs {\n' +
    blocks.map((b) => `  ${b.type}: ${pascalOf(stem(b))};\n`).join('') +
    '}\n' +
    'export type BlockType = keyof BlockConfigs;\n',
);
console.log('schemas: blocks registry → ' + blocks.map((b) => b.type).join(', '));
