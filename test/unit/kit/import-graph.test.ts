// Issue 29's "done when" for the layout, kept by a test: the import graph of the project's code has
// no circle, and no file imports from a layer above its own — runtime/ (the kit and what every part
// shares) is below the blocks and the features beside them (consent/, helpers/, gallery/), which are
// below the two that put them together (piazza.ts, the classic script's entry; configurator/) —
// nor from another block's or feature's folder.
// The edges are the TypeScript compiler's own: `tsc --explainFiles` says, for every file of the
// project, which file imports it and how it resolved (static, dynamic and type-only imports alike,
// `typeof import('…')` too), so no hand-written resolver can disagree with the build's.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
/** The layers, lowest first; the parts of one layer stand side by side and never import each other. */
const LAYERS = [['runtime'], ['consent', 'helpers', 'gallery', 'blocks'], ['piazza.ts', 'configurator']] as const;
const PARTS: readonly string[] = LAYERS.flat();
/** A file's part: its top folder (or piazza.ts itself). */
const partOf = (f: string) => PARTS.find((p) => f === p || f.startsWith(p + '/'));
type Graph = Map<string, Set<string>>;

/** importer → the files it imports, both repository paths, from `tsc --explainFiles`'s lines. */
export function graphOf(explained: string, inScope = (f: string) => partOf(f) !== undefined): Graph {
  const graph: Graph = new Map();
  let file = '';
  for (const line of explained.split('\n')) {
    if (!/^\s/.test(line)) {
      file = line.trim().replace(/\\/g, '/');
      continue;
    }
    const m = /^\s+Imported via (['"]).*?\1 from file '([^']+)'/.exec(line);
    const from = m?.[2].replace(/\\/g, '/');
    if (!from || !inScope(from) || !inScope(file)) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(file);
  }
  return graph;
}

/** Every circle of the graph, each as the path that closes it (`a → b → a`): one per strongly connected group. */
export function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length > 1 || graph.get(v)?.has(v)) found.push(pathThrough(graph, new Set(group), v));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One circle inside a strongly connected group, from `start` back to it (breadth first: the shortest). */
function pathThrough(graph: Graph, group: Set<string>, start: string): string[] {
  const back = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let x = v; x !== start; x = back.get(x)!) path.splice(1, 0, x);
        return [...path, start];
      }
      if (!back.has(w)) {
        back.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Imports that go up a layer, or into another block's or feature's folder. */
export function layerBreaches(graph: Graph): string[] {
  const rank = (f: string) => LAYERS.findIndex((layer) => (layer as readonly string[]).includes(partOf(f)!));
  const name = (part: string) => (part.endsWith('.ts') ? part : part + '/');
  // a block's folder is its own part: blocks/listing beside blocks/datatable
  const unitOf = (f: string) => (f.startsWith('blocks/') ? /^blocks\/[^/]+/.exec(f)?.[0] : partOf(f));
  const out: string[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      if (rank(to) > rank(from)) out.push(`${from} → ${to} (${name(partOf(from)!)} is below ${name(partOf(to)!)})`);
      else if (rank(to) === rank(from) && rank(from) === 1 && unitOf(from) !== unitOf(to)) {
        out.push(`${from} → ${to} (another ${partOf(from) === 'blocks' && partOf(to) === 'blocks' ? 'block' : 'feature'}'s files)`);
      }
    }
  }
  return out;
}

describe('the checks themselves', () => {
  const g = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
  it('find a circle, however long, and only circles', () => {
    expect(circles(g({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(circles(g({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
    expect(circles(g({ a: ['a'] }))).toEqual([['a', 'a']]);
  });
  it('find an import up a layer or across blocks, and allow one down', () => {
    const graph = g({
      'runtime/a.ts': ['blocks/listing/x.ts'],
      'blocks/listing/x.ts': ['configurator/c.ts', 'blocks/datatable/y.ts', 'runtime/b.ts', 'blocks/listing/z.ts'],
      'configurator/c.ts': ['blocks/listing/x.ts', 'runtime/b.ts'],
    });
    expect(layerBreaches(graph)).toEqual([
      'runtime/a.ts → blocks/listing/x.ts (runtime/ is below blocks/)',
      'blocks/listing/x.ts → configurator/c.ts (blocks/ is below configurator/)',
      "blocks/listing/x.ts → blocks/datatable/y.ts (another block's files)",
    ]);
    // the features beside the blocks, and the entry above them
    const features = g({
      'runtime/a.ts': ['consent/core.ts'],
      'consent/core.ts': ['helpers/masonry.ts', 'runtime/b.ts', 'consent/types.ts'],
      'gallery/index.ts': ['piazza.ts', 'blocks/listing/x.ts'],
      'piazza.ts': ['consent/core.ts', 'runtime/b.ts'],
      'configurator/c.ts': ['consent/config.ts'],
    });
    expect(layerBreaches(features)).toEqual([
      'runtime/a.ts → consent/core.ts (runtime/ is below consent/)',
      "consent/core.ts → helpers/masonry.ts (another feature's files)",
      'gallery/index.ts → piazza.ts (gallery/ is below piazza.ts)',
      "gallery/index.ts → blocks/listing/x.ts (another feature's files)",
    ]);
  });
  it("read tsc --explainFiles's lines", () => {
    const text = [
      'runtime/b.ts',
      "   Imported via './b' from file 'runtime/a.ts'",
      "   Imported via \"../../runtime/b\" from file 'blocks/listing/x.ts' with packageId 'x'",
      "   Imported via '../runtime/b' from file 'test/unit/b.test.ts'",
      "   Matched by include pattern 'runtime' in 'tsconfig.json'",
    ].join('\n');
    expect(graphOf(text)).toEqual(g({ 'runtime/a.ts': ['runtime/b.ts'], 'blocks/listing/x.ts': ['runtime/b.ts'] }));
  });
});

describe('the import graph of the project (runtime/, consent/, helpers/, gallery/, blocks/, piazza.ts, configurator/)', () => {
  let graph: Graph;
  beforeAll(async () => {
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    // --noCheck: resolution only (the type check is `npm run typecheck`'s); tsc's exit status says
    // whether the types check, so the output is read whatever it is.
    const out = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '--noCheck', '--explainFiles', '-p', 'tsconfig.json'], {
      cwd: root,
      maxBuffer: 64 << 20,
    }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
    graph = graphOf(out.stdout);
  }, 120_000);

  it("is the compiler's (known edges are there)", () => {
    // if tsc's wording changed, the graph would be empty and every check below would pass
    expect(graph.get('blocks/listing/index.ts')).toContain('runtime/block/kit.ts');
    expect(graph.get('blocks/listing/tabs.ts')).toContain('blocks/listing/geo/geo.controller.ts'); // a dynamic import
    expect(graph.get('piazza.ts')).toContain('consent/core.ts');
    expect(graph.get('gallery/index.ts')).toContain('runtime/log.ts');
    expect([...graph.values()].reduce((n, s) => n + s.size, 0)).toBeGreaterThan(300);
  });

  it('has no circle', () => {
    expect(circles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it("never imports up a layer (runtime/ → features and blocks → piazza.ts and configurator/), nor another block's or feature's files", () => {
    expect(layerBreaches(graph)).toEqual([]);
  });
});
