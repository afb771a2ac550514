import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Same aliases as rollup.config.mjs, so unit tests run the code the bundle runs.
const alias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
];

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias },
  define: { __PIAZZA_VERSION__: JSON.stringify('test') },
  test: {
    reporters: ['default', r('./test/summary-reporter.ts')],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          css: false,
          server: { deps: { inline: ['react-data-grid', 'fslightbox-react', '@testing-library/preact', 'valtio'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Each file drives its own Chromium; on 2 cores one file at a time is faster and steadier.
          fileParallelism: false,
          globalSetup: [r('./test/browser/global-setup.ts')],
        },
      },
    ],
  },
});
