// The blocks registry (blocks/registry.json) as the build's scripts read it: rollup's entries,
// gen-schemas' validators, `npm run validate`, the size budgets. PIAZZA_BLOCKS names another
// registry file (a test adds a block without touching this tree); paths are the repository's.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/** The registry file in force: PIAZZA_BLOCKS, else blocks/registry.json. */
export const registryFile = () => resolve(root, process.env.PIAZZA_BLOCKS || 'blocks/registry.json');

/** Where gen-schemas writes (and the scripts read) the generated validators, types and tables. */
export const generatedDir = () => resolve(root, process.env.PIAZZA_GENERATED || 'schemas/generated');

/**
 * Every block: its type, folder, schema (absolute paths), its optional chunks (early, openpa: the
 * file when present), its contract to tools (public: blocks/<type>/public.ts when present, the one
 * file of the block that validate and the configurator may import) and its budgets.
 */
export function readBlocks() {
  const { blocks } = JSON.parse(readFileSync(registryFile(), 'utf8'));
  return Object.entries(blocks).map(([type, b]) => {
    if (!/^[a-z][a-z0-9]*$/.test(type))
      throw new Error('blocks registry: "' + type + '" is not a block type (lowercase letters and digits)');
    const dir = resolve(root, b.dir || join('blocks', type));
    const schema = resolve(root, b.schema || join('schemas', type + '.schema.json'));
    const file = (name) => (existsSync(join(dir, name)) ? join(dir, name) : null);
    if (!file('index.ts')) throw new Error('blocks registry: ' + type + ' has no ' + relative(root, join(dir, 'index.ts')));
    if (!existsSync(schema)) throw new Error('blocks registry: ' + type + ' has no schema ' + relative(root, schema));
    return {
      type,
      dir,
      schema,
      index: file('index.ts'),
      early: file('early.ts'),
      openpa: file('openpa.ts'),
      public: file('public.ts'),
      budgets: b.budgets || [],
    };
  });
}
