// `npm run bench`: runs named scenarios several times in one Chromium against the emulator and
// prints median / min / max (and ratios between metrics measured in the same run), then writes
// BENCHMARKS.md. A benchmark is not a test: it never fails the test command.
//   npm run bench                 all scenarios
//   npm run bench -- listing      only scenarios whose name contains "listing" (printed, BENCHMARKS.md left as is)
//   PIAZZA_BASELINE_DIST=dir …    also serve another build (e.g. the previous main's dist) on a second
//                                 emulator: scenarios that compare run both, interleaved, in the same run
//   PIAZZA_BENCH_RUNS=31 …        more runs than a scenario's own number (a noisy machine)
//   PIAZZA_BENCH_ENGINE=firefox … Firefox ESR (WebDriver BiDi) instead of Chromium, for the scenarios
//                                 that run there (those that need CDP, tracing or Lighthouse do not);
//                                 printed only, BENCHMARKS.md left as is
// Where ../shared/real/original-listing is there, the original jQuery listing block runs beside
// piazza's (original.ts, scenarios/15-side-by-side.ts); elsewhere that part says it was skipped.
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { launchFirefox } from '../browser/engines/puppeteer';
import { launch, projectRoot, startPortal, type Emulator } from '../browser/harness';
import { startOriginal, type OriginalSite } from './original';
import { benchPages } from './pages';
import { startPiazzaSite, type PiazzaSite } from './piazza-site';
import { median } from './stats';

export type BenchEngine = 'chromium' | 'firefox';

export interface BenchContext {
  browser: Browser;
  engine: BenchEngine;
  portal: Emulator;
  /** The same emulator serving PIAZZA_BASELINE_DIST, when given. */
  baseline?: Emulator;
  /** The original listing block's server (original.ts) and piazza's for the same block (piazza-site.ts), or null and why. */
  original: OriginalSite | null;
  piazza: PiazzaSite | null;
  originalMissing: string;
}

export interface Scenario {
  name: string;
  /** How many times to run (default 5). */
  runs?: number;
  /** Engines it can run in (default Chromium only: most use CDP, tracing or Lighthouse). */
  engines?: BenchEngine[];
  /** Unit per metric (default ms). */
  units?: Record<string, string>;
  /** [label, numerator metric, denominator metric]: ratio of the medians. */
  ratios?: Array<[string, string, string]>;
  /** One run: returns metric → value (a metric of unit 'ratio' is a ratio measured within the run). */
  run(ctx: BenchContext): Promise<Record<string, number>>;
  /** A section of its own, above the table (markdown), from every run's figures. */
  report?(samples: Record<string, number[]>, ctx: BenchContext): string;
}

const fmt = (v: number, unit: string) =>
  unit === 'B' ? v.toLocaleString('en-US') : unit === 'ratio' ? v.toFixed(3) : v.toFixed(v >= 100 ? 0 : 1);

async function main() {
  const filter = process.argv[2] || '';
  const engine = (process.env.PIAZZA_BENCH_ENGINE || 'chromium') as BenchEngine;
  if (engine !== 'chromium' && engine !== 'firefox') throw new Error(`PIAZZA_BENCH_ENGINE: chromium or firefox, not ${engine}`);
  const dir = join(import.meta.dirname, 'scenarios');
  const scenarios: Scenario[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = await import(join(dir, file));
    scenarios.push(...(mod.default as Scenario[]));
  }
  const portal = await startPortal();
  const baselineDist = process.env.PIAZZA_BASELINE_DIST;
  const baseline = baselineDist ? await startPortal({ distDir: resolve(baselineDist) }) : undefined;
  const original = await startOriginal(portal);
  let piazza: PiazzaSite | null = null;
  let originalMissing = typeof original === 'string' ? original : '';
  if (typeof original !== 'string') {
    try {
      piazza = await startPiazzaSite(portal, benchPages(original.block));
    } catch (e) {
      originalMissing =
        "piazza's page for the block could not be made (php of ../shared/real/ez-render): " + (e as Error).message.split('\n')[0];
      await original.close();
    }
  }
  const ctx: BenchContext = {
    browser: engine === 'firefox' ? await launchFirefox() : await launch(),
    engine,
    portal,
    baseline,
    piazza,
    originalMissing,
    original: piazza && typeof original !== 'string' ? original : null,
  };
  const { browser } = ctx;
  const rows: string[][] = [];
  const sections: string[] = [];
  const version = await browser.version();
  try {
    for (const scenario of scenarios.filter((s) => s.name.includes(filter))) {
      if (!(scenario.engines ?? ['chromium']).includes(engine)) {
        process.stderr.write(`bench: ${scenario.name} skipped (it does not run in ${engine})\n`);
        continue;
      }
      const samples: Record<string, number[]> = {};
      const runs = Number(process.env.PIAZZA_BENCH_RUNS) || scenario.runs || 5;
      process.stderr.write(`bench: ${scenario.name} (${runs} runs)\n`);
      for (let i = 0; i < runs; i++) {
        const result = await scenario.run(ctx);
        for (const [k, v] of Object.entries(result)) (samples[k] ||= []).push(v);
      }
      for (const [metric, xs] of Object.entries(samples)) {
        const unit = scenario.units?.[metric] ?? 'ms';
        rows.push([
          scenario.name,
          metric,
          unit,
          fmt(median(xs), unit),
          fmt(Math.min(...xs), unit),
          fmt(Math.max(...xs), unit),
          String(xs.length),
        ]);
      }
      for (const [label, a, b] of scenario.ratios ?? []) {
        if (samples[a] && samples[b])
          rows.push([scenario.name, label, 'ratio', fmt(median(samples[a]) / median(samples[b]), 'ratio'), '', '', '']);
      }
      if (scenario.report) sections.push(scenario.report(samples, ctx));
    }
  } finally {
    await browser.close();
    await portal.close();
    await baseline?.close();
    await ctx.original?.close();
    await ctx.piazza?.close();
  }
  const header = ['scenario', 'metric', 'unit', 'median', 'min', 'max', 'runs'];
  const table = [header, header.map(() => '---'), ...rows].map((r) => '| ' + r.join(' | ') + ' |').join('\n');
  const machine =
    (baselineDist ? `baseline build: ${baselineDist}; ` : '') +
    `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ${version}`;
  const above = sections.map((s) => s + '\n').join('');
  console.log(`${machine}\n\n` + above + table);
  // a partial run (or another engine's) would overwrite the whole table with a part of it
  if (filter || engine !== 'chromium') return;
  writeFileSync(
    join(projectRoot, 'BENCHMARKS.md'),
    `# Benchmarks\n\nWritten by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; ${machine}.\n` +
      `Production build, emulator on loopback, headless Chromium, a fresh browser context per run (cold cache).\n\n${above}## Every figure\n\n${table}\n`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
