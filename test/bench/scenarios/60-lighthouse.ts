// Lighthouse, as Italy's validator runs it (lighthouse.ts): the original's listing page and
// piazza's, the same block, alternated in one run, both profiles (issue 31, item 6); and the
// layout shift of every demo page (item 5), with the elements that moved (read in the page: layout-shifts.ts).
import { demoPages } from '../../browser/a11y/kit';
import { pageShifts, type ShiftSource } from '../layout-shifts';
import { lighthouseRun, type LighthouseFigures } from '../lighthouse';
import type { Profile } from '../pages';
import type { BenchContext, Scenario } from '../run';
import { median } from '../stats';

const METRICS: Array<[key: keyof LighthouseFigures, label: string, unit: string, better: 'higher' | 'lower']> = [
  ['score', 'performance score', 'count', 'higher'],
  ['lcp', 'LCP', 'ms', 'lower'],
  ['tbt', 'TBT', 'ms', 'lower'],
  ['cls', 'CLS', 'ratio', 'lower'],
  ['fcp', 'FCP', 'ms', 'lower'],
  ['si', 'Speed Index', 'ms', 'lower'],
  ['unusedJs', 'unused JS', 'B', 'lower'],
  ['totalBytes', 'total bytes', 'B', 'lower'],
];
const PROFILES: Profile[] = ['block', 'portal'];
const key = (profile: Profile, side: string, label: string) => `${profile} profile, ${side}: ${label}`;

let turn = 0;
const bothPages: Scenario = {
  name: 'Lighthouse 12.2.3 (mobile, simulated throttling): the original listing page vs piazza',
  runs: 5,
  units: Object.fromEntries(
    PROFILES.flatMap((p) => ['original', 'piazza'].flatMap((side) => METRICS.map(([, label, unit]) => [key(p, side, label), unit]))),
  ),
  async run(ctx: BenchContext) {
    if (!ctx.original || !ctx.piazza) return {};
    const site = ctx.original;
    const out: Record<string, number> = {};
    for (const profile of PROFILES) {
      const sides: Array<[string, string]> = [
        ['original', site.url + '?profile=' + profile],
        ['piazza', ctx.piazza.page[profile]],
      ];
      if (turn++ % 2) sides.reverse();
      for (const [side, url] of sides) {
        const f = await lighthouseRun(ctx.browser, url);
        for (const [k, label] of METRICS) out[key(profile, side, label)] = f[k];
      }
    }
    return out;
  },
  report(samples, ctx) {
    if (!ctx.original) return `## Lighthouse, the original vs piazza\n\nSkipped: ${ctx.originalMissing}.\n`;
    const fmt = (v: number, unit: string) =>
      Number.isNaN(v)
        ? '–'
        : unit === 'B'
          ? Math.round(v / 1024) + ' KiB'
          : unit === 'ratio'
            ? v.toFixed(3)
            : unit === 'ms'
              ? (v / 1000).toFixed(2) + ' s'
              : String(Math.round(v));
    const parts = PROFILES.map((profile) => {
      const rows = METRICS.map(([, label, unit, better]) => {
        const o = median(samples[key(profile, 'original', label)] ?? []);
        const p = median(samples[key(profile, 'piazza', label)] ?? []);
        const ahead = better === 'higher' ? p > o : p < o || (p === 0 && o === 0);
        return `| ${label} | ${fmt(o, unit)} | ${fmt(p, unit)} | ${ahead ? '✓' : '✗'} |`;
      });
      const n = samples[key(profile, 'piazza', 'performance score')]?.length ?? 0;
      return `### ${profile} profile (${n} runs each, medians)\n\n| metric | original | piazza | piazza ahead |\n| --- | ---: | ---: | --- |\n${rows.join('\n')}\n`;
    });
    return (
      `## Lighthouse, the original vs piazza\n\nLighthouse 12.2.3 as pa-website-validator-ng runs it (default config: mobile, simulated throttling; performance category), ` +
      `the two pages alternated in one run on this host. Target: piazza ≥ 95 and ahead of the original on every metric.\n\n${parts.join('\n')}`
    );
  },
};

const pages = demoPages();
const cls: Scenario = {
  name: 'Lighthouse 12.2.3 (mobile): layout shift of every demo page',
  runs: 1,
  units: Object.fromEntries(pages.map((p) => ['CLS /' + p, 'ratio'])),
  async run(ctx) {
    const out: Record<string, number> = {};
    for (const path of pages) {
      const f = await lighthouseRun(ctx.browser, ctx.portal.url + path, ['cumulative-layout-shift']);
      out['CLS /' + path] = f.cls;
      shifts['/' + path] = (await pageShifts(ctx.browser, ctx.portal.url + path)).sources;
    }
    return out;
  },
  report(samples) {
    const rows = pages.map((p) => {
      const v = Math.max(...(samples['CLS /' + p] ?? [NaN]));
      const worst = (shifts['/' + p] ?? [])
        .slice(0, 3)
        .map((s) => `${s.score.toFixed(3)} ${s.node}`)
        .join('; ');
      return `| /${p} | ${v.toFixed(3)} ${v <= 0.02 ? '✓' : '✗'} | ${worst.replace(/\|/g, '\\|')} |`;
    });
    return (
      `## Layout shift of every demo page (Lighthouse mobile, target ≤ 0.02)\n\nCLS from Lighthouse; the elements that moved from a load of the same page on the same screen, ` +
      `read in the page (layout-shift entries' sources, each with the sum of the shifts it took part in).\n\n| page | CLS | elements that moved (last run) |\n| --- | --- | --- |\n${rows.join('\n')}\n`
    );
  },
};
const shifts: Record<string, ShiftSource[]> = {};

export default [bothPages, cls];
