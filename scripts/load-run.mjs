#!/usr/bin/env node
// The browser suite on a busy machine: two CPU hogs (stress-ng from Debian when present, else two
// busy node processes) run beside it, as other jobs share a CI runner's cores. Every test that fails
// there is run again on the quiet machine; one that passes there failed only because of the load —
// a test that waits on time rather than on what it is about. Not part of `npm test` (it takes as long
// as the browser suite, and its point is a second job on the cores).
//
//   node scripts/load-run.mjs                      the whole browser project
//   node scripts/load-run.mjs test/browser/x.test.ts …   some files
//   PIAZZA_LOAD_HOGS=3 node scripts/load-run.mjs    more hogs (default 2)
//
// Prints each failure with its class (load only / also quiet) and exits 1 when any test failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const files = process.argv.slice(2);
const hogs = Number(process.env.PIAZZA_LOAD_HOGS || 2);
const temp = mkdtempSync(join(tmpdir(), 'piazza-load-'));

function startHogs() {
  const stress = spawnSync('sh', ['-c', 'command -v stress-ng'], { encoding: 'utf8' }).stdout.trim();
  const procs = stress
    ? [spawn(stress, ['--cpu', String(hogs), '--cpu-method', 'matrixprod', '--quiet'], { stdio: 'ignore' })]
    : Array.from({ length: hogs }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  console.log(`load: ${hogs} CPU hogs (${stress ? 'stress-ng' : 'node busy loops'}) beside the tests`);
  return () => {
    for (const p of procs) p.kill('SIGKILL');
  };
}

/** Runs vitest's browser project on `args`; the failed tests as {file, name}. */
function vitest(args, label) {
  const out = join(temp, label + '.json');
  const t0 = Date.now();
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'browser', '--reporter=dot', '--reporter=json', '--outputFile.json=' + out, ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, FORCE_COLOR: '0' },
    },
  );
  let report;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    throw new Error(`${label}: vitest wrote no report (exit ${run.status})`);
  }
  const failed = report.testResults.flatMap((f) =>
    f.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => ({
        file: f.name.replace(process.cwd() + '/', ''),
        name: t.fullName,
        message: (t.failureMessages[0] || '').split('\n')[0],
      })),
  );
  // A file that failed to run at all (a hook, an import) has no failed test: count the file.
  for (const f of report.testResults)
    if (f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed')) {
      failed.push({ file: f.name.replace(process.cwd() + '/', ''), name: '(the file)', message: (f.message || '').split('\n')[0] });
    }
  console.log(`${label}: ${report.numPassedTests} passed, ${failed.length} failed (${Math.round((Date.now() - t0) / 1000)} s)`);
  return failed;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let status = 0;
try {
  const stop = startHogs();
  let underLoad;
  try {
    underLoad = vitest(files, 'under load');
  } finally {
    stop();
  }
  if (underLoad.length) {
    status = 1;
    // Again, quiet: each failed test by its file and full name.
    const again = vitest(
      [...new Set(underLoad.map((f) => f.file))].concat(['-t', underLoad.map((f) => '^' + escapeRegExp(f.name) + '$').join('|')]),
      'the failures again, quiet',
    );
    const stillFails = new Set(again.map((f) => f.file + ' › ' + f.name));
    console.log('\nfailed under load:');
    for (const f of underLoad) {
      const key = f.file + ' › ' + f.name;
      console.log(`  ${stillFails.has(key) ? 'ALSO QUIET' : 'LOAD ONLY '}  ${key}\n              ${f.message}`);
    }
  } else {
    console.log('\nload run: every test passed under load');
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
process.exit(status);
