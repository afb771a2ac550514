// Size budgets (gzip) of the built files, `npx size-limit` after `npm run build`. The runtime's
// own files are listed in scripts/budgets.mjs; each block's chunks come from its line of the blocks
// registry (blocks/registry.json, `budgets`), so a new block brings its budget with it. Each budget
// names its chunks exactly (`datatable` is datatable-<hash>.js, not datatable-openpa-…); a name
// that matches no built file, or two, stops the run here with the budget and the chunk named.
import { budgets, file, unmatched } from './scripts/budgets.mjs';

const all = budgets();
const problems = unmatched(all);
if (problems.length) throw new Error('size budgets that do not match the build:\n' + problems.join('\n'));

export default all.map(({ name, chunks, dir, limit }) => ({
  name,
  path: chunks.length === 1 ? file(chunks[0], dir) : chunks.map((c) => file(c, dir)),
  limit,
  gzip: true,
}));
