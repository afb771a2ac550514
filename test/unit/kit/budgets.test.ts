// The size budgets name each chunk exactly (scripts/budgets.mjs, read by .size-limit.js): a chunk
// name is its one file, name + rollup's 8-character hash, and a name that matches no built file or
// two stops `npx size-limit` with the budget and the chunk named, instead of counting 0 B or both.
import { describe, expect, it } from 'vitest';
import { type Budget, file, unmatched } from '../../../scripts/budgets.mjs';

// file names as rollup writes them: [name]-[hash].js, the hash 8 characters of base64url
const BUILT = [
  'datatable-BOqDU6rt.js',
  'datatable-openpa-DwZ55Bww.js',
  'i18n-BGtLVY0n.js',
  'i18n-CDi1NLBT.js',
  'listing-DXIbEISY.js',
  'listing-early-CUyyh5do.js',
  'x-a_b-c1234.js',
];
const budget = (chunks: string[]): Budget => ({ name: 'a budget', chunks, dir: 'dist/chunks', limit: '1 KB' });
const check = (chunks: string[]) =>
  unmatched(
    [budget(chunks)],
    (p) => p === 'dist' || p === 'dist/chunks' || p === 'dist/piazza.js',
    () => BUILT,
  );

describe('size budgets', () => {
  it('match a chunk name to its one file, not to a longer name that starts the same', () => {
    // the glob has no wildcard but its eight character classes: as a regular expression it reads the same
    const glob = new RegExp('^' + file('datatable').replace(/\./g, '\\.') + '$');
    expect(BUILT.map((f) => 'dist/chunks/' + f).filter((f) => glob.test(f))).toEqual(['dist/chunks/datatable-BOqDU6rt.js']);
    expect(file('dist/piazza.js')).toBe('dist/piazza.js');
    expect(check(['datatable', 'datatable-openpa', 'listing', 'listing-early', 'dist/piazza.js'])).toEqual([]);
  });

  it('name the budget and the chunk when a name matches no file (it would count 0 B)', () => {
    expect(check(['listing', 'results-map'])).toEqual([
      'size budget "a budget": chunk "results-map" is no file of dist/chunks/ (results-map-<hash>.js): renamed, merged into another chunk, or gone? Fix the budget\'s list.',
    ]);
    expect(check(['dist/gone.js'])).toEqual(['size budget "a budget": dist/gone.js does not exist']);
  });

  it('name the budget and the files when a name matches two (it would count both)', () => {
    expect(check(['i18n'])).toEqual([
      'size budget "a budget": chunk "i18n" names 2 files of dist/chunks/ (i18n-BGtLVY0n.js, i18n-CDi1NLBT.js): two modules of that name were split into chunks of their own; give one a name of its own (rollup.config.mjs chunkFileNames).',
    ]);
  });

  it('say once that there is no build', () => {
    expect(
      unmatched(
        [budget(['listing']), budget(['datatable'])],
        () => false,
        () => [],
      ),
    ).toEqual(['size budgets: no dist/ (run npm run build first)']);
  });

  it('refuse a name that is no chunk name', () => {
    expect(() => file('listing-*')).toThrow(/"listing-\*" is neither a chunk name/);
  });
});
