// Browser tests need a build of the current source and a Chromium; fail early with a clear message
// rather than per test. A build older than any source file is made again (an edit, then
// `npm run test:browser`, tests the edit).
// The run's clock is fixed here, once, for every test file (clock.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { chromiumPath, distDir, projectRoot } from './harness';

/** The newest modification time under `dir` (ms), skipping generated and installed folders. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** The build is missing, or older than a source it is made of: the tests would run yesterday's code. */
function buildIsStale(): boolean {
  const built = join(distDir(), 'piazza.js');
  if (!existsSync(built)) return true;
  const sources = ['runtime', 'blocks', 'schemas', 'configurator'].map((d) => newest(join(projectRoot, d)));
  const config = ['rollup.config.mjs', 'package-lock.json'].map((f) => statSync(join(projectRoot, f)).mtimeMs);
  return Math.max(...sources, ...config) > statSync(built).mtimeMs;
}

export default function setup() {
  if (!chromiumPath()) {
    throw new Error(
      'No Chromium found. Run `bash scripts/ensure-chromium.sh` (Debian: apt-get install -y chromium) or set PIAZZA_CHROMIUM to a Chromium binary.',
    );
  }
  if (process.env.PIAZZA_DIST) {
    if (!existsSync(join(distDir(), 'piazza.js'))) throw new Error(`PIAZZA_DIST=${process.env.PIAZZA_DIST} holds no piazza.js`);
  } else if (buildIsStale() || process.env.PIAZZA_REBUILD === '1') {
    execSync('npm run build', { stdio: 'inherit' });
  }
  // Test files run in worker processes started after this: they inherit the instant.
  process.env.PIAZZA_NOW ||= new Date().toISOString();
}
