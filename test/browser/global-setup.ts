// Browser tests need a build and a Chromium; fail early with a clear message rather than per test.
// The run's clock is fixed here, once, for every test file (clock.ts).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromiumPath, distDir } from './harness';

export default function setup() {
  if (!chromiumPath()) {
    throw new Error('No Chromium found. Run `bash scripts/ensure-chromium.sh` (Debian: apt-get install -y chromium) or set PIAZZA_CHROMIUM to a Chromium binary.');
  }
  if (!existsSync(distDir() + '/piazza.js') || process.env.PIAZZA_REBUILD === '1') {
    execSync('npm run build', { stdio: 'inherit' });
  }
  // Test files run in worker processes started after this: they inherit the instant.
  process.env.PIAZZA_NOW ||= new Date().toISOString();
}
