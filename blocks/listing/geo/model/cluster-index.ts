// Hierarchical point clustering for the map, built once per geo search and queried at every move.
//
// Why not ol/source/Cluster: it re-clusters every point and rebuilds an ol Feature per cluster at
// each zoom change; with 20 000 points that is 100–400 ms per zoom (measured), a frozen page.
// Here, as in supercluster, each zoom level is computed once from the level above it (the points
// themselves sit at maxZoom + 1): greedy grouping of everything within `radius` px of a seed, on a
// grid of radius-sized cells, so a level costs O(n). Levels are built top-down in small steps the
// caller can spread over several frames; a query is a scan of one level's typed arrays, and only
// the clusters in view ever become map features. Pure: no DOM, no OpenLayers.
import { resolutionAt, WORLD_HALF, type Extent } from './project';

export interface ClusterOptions {
  /** Cluster radius in px (the original's markercluster: 80). */
  radius: number;
  /** Highest zoom shown; points closer than `radius` there stay clustered (spread on click). */
  maxZoom: number;
}

/** One cluster (or single point) of one zoom level. */
export interface ClusterRef {
  zoom: number;
  index: number;
  /** Stable while the index lives: `{zoom}:{index}`. */
  key: string;
  /** Weighted centre, in metres (EPSG:3857). */
  x: number;
  y: number;
  /** Points inside. */
  count: number;
  /** Bounds of the points inside. */
  extent: Extent;
  /** The point index when `count` is 1, else -1. */
  point: number;
}

interface Level {
  n: number;
  x: Float64Array;
  y: Float64Array;
  count: Int32Array;
  ext: Float64Array;
  point: Int32Array;
  /** Children of item i in the level above: childIdx[childStart[i] … childStart[i + 1]). */
  childStart: Int32Array;
  childIdx: Int32Array;
  /** Parent of item i in the level below (set when that level is built). */
  parent: Int32Array;
}

/** A level being built from the one above it; `cursor` lets the work stop and resume anywhere. */
interface Pending {
  zoom: number;
  src: Level;
  r2: number;
  cell: number;
  span: number;
  grid: Map<number, number[]>;
  visited: Uint8Array;
  cursor: number;
  x: number[];
  y: number[];
  count: number[];
  ext: number[];
  point: number[];
  childStart: number[];
  childIdx: number[];
}

export interface ClusterIndex {
  /** Points indexed. */
  readonly size: number;
  readonly maxZoom: number;
  /** The lowest zoom built so far (maxZoom + 1: none yet). */
  readonly builtTo: number;
  /** Bounds of every point, or null when there is none. */
  readonly extent: Extent | null;
  /** Does at most `budget` units of work towards the levels down to `downTo` (default 0); true once they exist. */
  step(budget: number, downTo?: number): boolean;
  /** Builds (synchronously) every level down to `zoom`. */
  buildTo(zoom: number): void;
  /** Clusters of the integer zoom level whose centre lies in `extent`. */
  clusters(zoom: number, extent: Extent): ClusterRef[];
  /** Point indices inside a cluster (at most `limit`). */
  leaves(ref: ClusterRef, limit?: number): number[];
  /** The lowest zoom from which the point is drawn on its own (Infinity: clustered even at maxZoom). */
  aloneFrom(point: number): number;
}

function leafLevel(xs: ArrayLike<number>, ys: ArrayLike<number>): Level {
  const n = xs.length;
  const level: Level = {
    n,
    x: Float64Array.from(xs),
    y: Float64Array.from(ys),
    count: new Int32Array(n).fill(1),
    ext: new Float64Array(n * 4),
    point: new Int32Array(n),
    childStart: new Int32Array(n + 1),
    childIdx: new Int32Array(0),
    parent: new Int32Array(n).fill(-1),
  };
  for (let i = 0; i < n; i++) {
    level.point[i] = i;
    level.ext.set([level.x[i], level.y[i], level.x[i], level.y[i]], i * 4);
  }
  return level;
}

export function createClusterIndex(xs: ArrayLike<number>, ys: ArrayLike<number>, options: ClusterOptions): ClusterIndex {
  const { radius, maxZoom } = options;
  const leaves = leafLevel(xs, ys);
  /** levels[z] for z in [builtTo, maxZoom + 1]. */
  const levels: Level[] = [];
  levels[maxZoom + 1] = leaves;
  let builtTo = maxZoom + 1;
  let pending: Pending | null = null;

  let extent: Extent | null = null;
  for (let i = 0; i < leaves.n; i++) {
    const x = leaves.x[i];
    const y = leaves.y[i];
    if (!extent) extent = [x, y, x, y];
    else {
      if (x < extent[0]) extent[0] = x;
      if (y < extent[1]) extent[1] = y;
      if (x > extent[2]) extent[2] = x;
      if (y > extent[3]) extent[3] = y;
    }
  }

  function start(zoom: number): Pending {
    const src = levels[zoom + 1];
    const r = radius * resolutionAt(zoom);
    const span = Math.ceil((2 * WORLD_HALF) / r) + 3;
    const grid = new Map<number, number[]>();
    for (let i = 0; i < src.n; i++) {
      const key = Math.floor((src.x[i] + WORLD_HALF) / r) * span + Math.floor((src.y[i] + WORLD_HALF) / r);
      const bucket = grid.get(key);
      if (bucket) bucket.push(i);
      else grid.set(key, [i]);
    }
    return {
      zoom,
      src,
      r2: r * r,
      cell: r,
      span,
      grid,
      visited: new Uint8Array(src.n),
      cursor: 0,
      x: [],
      y: [],
      count: [],
      ext: [],
      point: [],
      childStart: [0],
      childIdx: [],
    };
  }

  /** Groups one seed of the level above with its unvisited neighbours. */
  function group(p: Pending, i: number): void {
    const { src, visited } = p;
    visited[i] = 1;
    const sx = src.x[i];
    const sy = src.y[i];
    const cx = Math.floor((sx + WORLD_HALF) / p.cell);
    const cy = Math.floor((sy + WORLD_HALF) / p.cell);
    const members = [i];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const bucket = p.grid.get((cx + dx) * p.span + cy + dy);
        if (!bucket) continue;
        for (const j of bucket) {
          if (visited[j]) continue;
          const ddx = src.x[j] - sx;
          const ddy = src.y[j] - sy;
          if (ddx * ddx + ddy * ddy <= p.r2) {
            visited[j] = 1;
            members.push(j);
          }
        }
      }
    }
    let total = 0;
    let wx = 0;
    let wy = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const j of members) {
      const c = src.count[j];
      total += c;
      wx += src.x[j] * c;
      wy += src.y[j] * c;
      minX = Math.min(minX, src.ext[j * 4]);
      minY = Math.min(minY, src.ext[j * 4 + 1]);
      maxX = Math.max(maxX, src.ext[j * 4 + 2]);
      maxY = Math.max(maxY, src.ext[j * 4 + 3]);
      src.parent[j] = p.x.length;
      p.childIdx.push(j);
    }
    p.x.push(members.length === 1 ? sx : wx / total);
    p.y.push(members.length === 1 ? sy : wy / total);
    p.count.push(total);
    p.ext.push(minX, minY, maxX, maxY);
    p.point.push(members.length === 1 ? src.point[i] : -1);
    p.childStart.push(p.childIdx.length);
  }

  function finish(p: Pending): void {
    const n = p.x.length;
    levels[p.zoom] = {
      n,
      x: Float64Array.from(p.x),
      y: Float64Array.from(p.y),
      count: Int32Array.from(p.count),
      ext: Float64Array.from(p.ext),
      point: Int32Array.from(p.point),
      childStart: Int32Array.from(p.childStart),
      childIdx: Int32Array.from(p.childIdx),
      parent: new Int32Array(n).fill(-1),
    };
    builtTo = p.zoom;
  }

  function step(budget: number, downTo = 0): boolean {
    let left = budget;
    while (left > 0 && builtTo > downTo) {
      if (!pending) {
        pending = start(builtTo - 1);
        left -= pending.src.n >> 2; // the grid costs about a quarter of the grouping
      }
      const p: Pending = pending;
      while (p.cursor < p.src.n && left > 0) {
        if (!p.visited[p.cursor]) {
          group(p, p.cursor);
          left--;
        }
        p.cursor++;
      }
      if (p.cursor >= p.src.n) {
        finish(p);
        pending = null;
      }
    }
    return builtTo <= downTo;
  }

  function buildTo(zoom: number): void {
    const target = Math.max(0, Math.min(maxZoom, Math.floor(zoom)));
    step(Infinity, target);
  }

  const ref = (zoom: number, level: Level, i: number): ClusterRef => ({
    zoom,
    index: i,
    key: zoom + ':' + i,
    x: level.x[i],
    y: level.y[i],
    count: level.count[i],
    extent: [level.ext[i * 4], level.ext[i * 4 + 1], level.ext[i * 4 + 2], level.ext[i * 4 + 3]],
    point: level.point[i],
  });

  const levelZoom = (zoom: number) => Math.max(0, Math.min(maxZoom, Math.floor(zoom + 1e-9)));

  return {
    size: leaves.n,
    maxZoom,
    get builtTo() {
      return builtTo;
    },
    extent,
    step,
    buildTo,
    clusters(zoom, e) {
      const z = levelZoom(zoom);
      buildTo(z);
      const level = levels[z];
      const out: ClusterRef[] = [];
      for (let i = 0; i < level.n; i++) {
        const x = level.x[i];
        const y = level.y[i];
        if (x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3]) out.push(ref(z, level, i));
      }
      return out;
    },
    leaves(r, limit = Infinity) {
      const out: number[] = [];
      const walk = (z: number, i: number) => {
        const level = levels[z];
        if (z === maxZoom + 1) {
          out.push(level.point[i]);
          return;
        }
        for (let k = level.childStart[i]; k < level.childStart[i + 1] && out.length < limit; k++) walk(z + 1, level.childIdx[k]);
      };
      walk(r.zoom, r.index);
      return out;
    },
    aloneFrom(point) {
      if (point < 0 || point >= leaves.n) return Infinity;
      buildTo(0);
      let i = leaves.parent[point];
      let alone = Infinity;
      for (let z = maxZoom; z >= 0; z--) {
        const level = levels[z];
        if (level.count[i] !== 1) break;
        alone = z;
        i = level.parent[i];
      }
      return alone;
    },
  };
}
