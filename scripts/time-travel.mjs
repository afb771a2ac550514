#!/usr/bin/env node
// Time-travel runs: the date-sensitive unit and browser tests again at the instants where calendars
// go wrong, with the run's clock (PIAZZA_NOW: emulator dataset, every page's Date, the tests'
// expectations; test/browser/clock.ts) set to that instant, and the device (node's TZ and the
// browser's zone) in Rome and abroad. Part of `npm test`; the full suite already ran at "now".
//
//   node scripts/time-travel.mjs                 every instant below
//   node scripts/time-travel.mjs --only leap     the runs whose label contains "leap"
//   PIAZZA_TIME_TRAVEL_JOBS=1 node scripts/…      one instant at a time (default 2: a run mostly
//                                                waits for its pages)
//
// Prints one line per run and, last, "time travel: N passed, N failed"; exits 1 on any failure.
import { spawn } from 'node:child_process';

// Instants are Rome wall times unless an offset is written (parseInstant in test/browser/clock.ts).
const ROME = 'Europe/Rome';
const RUNS = [
  ['spring DST night (23-hour Sunday)', '2027-03-28 01:30', ROME],
  ['spring DST night, visitor in New York', '2027-03-28 01:30', 'America/New_York'],
  ['autumn DST, the repeated 02:30', '2026-10-25T02:30:00+01:00', ROME],
  ['autumn DST, visitor in Tokyo', '2026-10-25T02:30:00+02:00', 'Asia/Tokyo'],
  ['a Saturday', '2026-11-28 10:00', ROME],
  ['a Sunday', '2026-11-29 18:00', ROME],
  ['leap day', '2028-02-29 12:00', ROME],
  ["New Year's Eve 23:30", '2026-12-31 23:30', ROME],
  ["New Year's Eve 23:30, visitor in New York", '2026-12-31 23:30', 'America/New_York'],
  ["New Year's Eve 23:30, visitor in Tokyo (already 2027 there)", '2026-12-31 23:30', 'Asia/Tokyo'],
  ['last day of a 31-day month', '2027-08-31 08:00', ROME],
  ['a month over six weeks (May 2027)', '2027-05-15 12:00', ROME],
];

// What runs at each instant: the tests marked `date` (test/browser/clock.ts DATE) — the listing's
// intervals and published range, the agenda, the data table's dates, and the pure date models with
// their own zone loop (test/unit/time-travel) — selected by vitest's --tags-filter.
const DATE_FILES = [
  'test/unit/time-travel',
  'test/browser/listing.test.ts',
  'test/browser/listing-agenda.test.ts',
  'test/browser/datatable.test.ts',
];
// What depends on the device's zone but not on the instant (their dates are written in the test):
// the date models' own unit files, run once in each zone of RUNS rather than at every instant.
const ZONE_FILES = [
  'test/unit/listing/dates.test.ts',
  'test/unit/listing/query.test.ts',
  'test/unit/listing-agenda',
  'test/unit/datatable/dates.test.ts',
  'test/unit/datatable/cells.test.ts',
];

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
let passed = 0;
let failed = 0;
const started = Date.now();

/** One vitest run in `zone` at `instant`; prints its line (and what failed) and adds up its counts. */
async function run(label, instant, zone, args) {
  const t0 = Date.now();
  const child = spawn('npx', ['vitest', 'run', ...args], {
    env: { ...process.env, PIAZZA_NOW: instant, PIAZZA_BROWSER_TZ: zone, TZ: zone, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d) => {
    out += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d) => {
    out += d;
  });
  const status = await new Promise((done) => child.on('close', done));
  const counts = /vitest: (\d+) passed, (\d+) failed/.exec(out);
  const p = counts ? +counts[1] : 0;
  // No summary line: the run itself broke (a file that failed to load, a crash) — count it as a failure.
  let f = counts ? +counts[2] : 1;
  let report = `time travel ${instant} ${zone} — ${label}: ${p} passed, ${f} failed (${Math.round((Date.now() - t0) / 1000)} s)`;
  if (f || status !== 0) {
    // What failed, as vitest said it (the FAIL sections), so the log tells which date broke what.
    const lines = out.split('\n');
    const first = lines.findIndex((l) => /Failed Tests|FAIL /.test(l));
    report += '\n' + lines.slice(first === -1 ? -60 : first, first === -1 ? undefined : first + 120).join('\n');
    if (!f) f = 1;
  }
  console.log(report);
  passed += p;
  failed += f;
}

// The runs to make: every instant's date tests, and the zone files once per zone.
const todo = [];
const zonesDone = new Set();
for (const [label, instant, zone] of RUNS) {
  if (only && !label.includes(only)) continue;
  todo.push([label, instant, zone, ['--tags-filter=date', ...DATE_FILES]]);
  if (!zonesDone.has(zone)) {
    zonesDone.add(zone);
    todo.push([`the date models' unit files, device in ${zone}`, instant, zone, ['--project', 'unit', ...ZONE_FILES]]);
  }
}
const jobs = Math.max(1, Number(process.env.PIAZZA_TIME_TRAVEL_JOBS || 2));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (todo.length) await run(...todo.shift());
  }),
);
console.log(`time travel: ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`\ntime travel: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
