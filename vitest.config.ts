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
    // `date` marks a test whose outcome depends on the day, the weekday or the zone: the time-travel
    // runs (scripts/time-travel.mjs) repeat exactly those, with --tags-filter=date, at each instant.
    tags: [{ name: 'date', description: 'depends on the run\'s instant or the visitor\'s zone: repeated by the time-travel runs' }],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          isolate: false,
          // Unit files first (they fail fastest), then the browser files with their own worker count.
          sequence: { groupOrder: 0 },
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
          // Each file drives its own Chromium and emulator. A browser file spends most of its time
          // waiting for pages (the whole suite keeps about half a core busy), so files run two at a
          // time (PIAZZA_BROWSER_WORKERS overrides it; 1 runs them one by one).
          maxWorkers: Number(process.env.PIAZZA_BROWSER_WORKERS || 2),
          sequence: { groupOrder: 1 },
          globalSetup: [r('./test/browser/global-setup.ts')],
        },
      },
    ],
  },
});
