// Every file of the built runtime starts with V8's compile hint (rollup.config.mjs COMPILE_HINT):
// a minifier that drops comments, or a new output without the banner, would silently give the
// first results their compile time back (issue 31). Reads dist/ as `npm run build` wrote it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = 'dist';
const HINT = '//# allFunctionsCalledOnLoad\n';

describe('the built runtime', () => {
  it('has the compile hint on its first line, in piazza.js and every chunk', () => {
    expect(existsSync(join(DIST, 'piazza.js')), 'no dist/piazza.js: run `npm run build` first').toBe(true);
    const files = [
      'piazza.js',
      ...readdirSync(join(DIST, 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => 'chunks/' + f),
    ];
    expect(files.length).toBeGreaterThan(10);
    const without = files.filter((f) => !readFileSync(join(DIST, f), 'utf8').startsWith(HINT));
    expect(without).toEqual([]);
  });
});
