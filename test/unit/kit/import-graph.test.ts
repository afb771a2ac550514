// Issue 29's "done when" for the layout, kept by a test: the import graph of runtime/, blocks/ and
// configurator/ has no circle, and no file imports from a layer above its own (runtime/ is below the
// blocks, the blocks below the configurator), nor from another block's folder.
// The edges are the TypeScript compiler's own: `tsc --explainFiles` says, for every file of the
// project, which file imports it and how it resolved (static, dynamic and type-only imports alike,
// `typeof import('…')` too), so no hand-written resolver can disagree with the build's.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const LAYERS = ['runtime', 'blocks', 'configurator'] as const;
type Graph = Map<string, Set<string>>;

/** importer → the files it imports, both repository paths, from `tsc --explainFiles`'s lines. */
export function graphOf(explained: string, inScope = (f: string) => LAYERS.some((l) => f.startsWith(l + '/'))): Graph {
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

/** Imports that go up a layer, or into another block's folder. */
export function layerBreaches(graph: Graph): string[] {
  const rank = (f: string) => LAYERS.findIndex((l) => f.startsWith(l + '/'));
  const blockOf = (f: string) => /^blocks\/([^/]+)\//.exec(f)?.[1];
  const out: string[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      if (rank(to) > rank(from)) out.push(`${from} → ${to} (${LAYERS[rank(from)]}/ is below ${LAYERS[rank(to)]}/)`);
      else if (blockOf(from) && blockOf(to) && blockOf(from) !== blockOf(to)) out.push(`${from} → ${to} (another block's files)`);
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

describe('the import graph of runtime/, blocks/ and configurator/', () => {
  let graph: Graph;
  beforeAll(async () => {
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    // --noCheck: resolution only (the type check is `npm run typecheck`'s); tsc's exit status says
    // whether the types check, so the output is read whatever it is.
    const out = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '--noCheck', '--explainFiles', '-p', 'tsconfig.json'], { cwd: root, maxBuffer: 64 << 20 })
      .catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
    graph = graphOf(out.stdout);
  }, 120_000);

  it('is the compiler\'s (known edges are there)', () => {
    // if tsc's wording changed, the graph would be empty and every check below would pass
    expect(graph.get('blocks/listing/index.ts')).toContain('runtime/block/kit.ts');
    expect(graph.get('blocks/listing/tabs.ts')).toContain('blocks/listing/geo/geo.controller.ts'); // a dynamic import
    expect([...graph.values()].reduce((n, s) => n + s.size, 0)).toBeGreaterThan(300);
  });

  it('has no circle', () => {
    expect(circles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('never imports up a layer (runtime/ → blocks/ → configurator/), nor another block\'s files', () => {
    expect(layerBreaches(graph)).toEqual([]);
  });
});
