// The places as the map draws them: the clusters around the view (features made from the cluster
// index, never one per place), a cluster spread out at max zoom with its legs, the area a hovered
// cluster covers, and what lies under the pointer. OpenLayers layers, no map of their own.
import Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type { ClusterIndex, ClusterRef } from '../model/cluster-index';
import { hitIndex, type Drawn, type Shape } from '../model/hit';
import { convexHull } from '../model/hull';
import type { MarkerSpec } from '../model/marker';
import type { Extent } from '../model/project';
import { spiderOffsets } from '../model/spider';
import { CLUSTER_RADIUS_PX, clusterStyle, coverageStyle, createMarkerStyles, kindOf, legStyle } from './styles';

export type Hit = { kind: 'spread'; point: number } | { kind: 'cluster'; ref: ClusterRef };

/** A cluster spread out at max zoom: its places around its centre. */
interface Spread {
  key: string;
  /** The resolution it was spread at: a zoom folds it back. */
  resolution: number;
  points: number[];
  at: Array<[number, number]>;
}

export interface ClusterLayersOptions {
  marker: MarkerSpec;
  /** A cluster was spread out (its number of places), or folded back (0). */
  onSpread?(count: number): void;
  /** The coverage of the hovered cluster is drawn (its corners), or gone (0). */
  onCoverage?(corners: number): void;
}

export function createClusterLayers(o: ClusterLayersOptions) {
  const clusterSource = new VectorSource<Feature<Point>>();
  const spreadSource = new VectorSource<Feature<Geometry>>();
  const coverageSource = new VectorSource<Feature<Polygon>>();
  let spread: Spread | null = null;
  let index: ClusterIndex | null = null;
  /** The places' projected coordinates, by point index. */
  let xs: Float64Array = new Float64Array(0);
  let ys: Float64Array = new Float64Array(0);
  const features = new Map<string, Feature<Point>>();
  const hulls = new Map<string, Array<[number, number]>>();
  let hovered: string | null = null;

  const markers = createMarkerStyles(o.marker, () => {
    clusterLayer.changed();
    spreadLayer.changed();
  });
  const clusterLayer = new VectorLayer({
    source: clusterSource,
    style: (f) => {
      const count = f.get('count') as number;
      const dim = spread !== null && f.get('key') === spread.key;
      if (count === 1) return dim ? markers.dimmed() : markers.marker();
      return clusterStyle(count, dim);
    },
    updateWhileAnimating: false,
    updateWhileInteracting: false,
  });
  const spreadLayer = new VectorLayer({ source: spreadSource, style: (f) => (kindOf(f) === 'leg' ? legStyle : markers.marker()) });
  const coverageLayer = new VectorLayer({ source: coverageSource, style: coverageStyle });

  function unspread() {
    if (!spread) return;
    spread = null;
    spreadSource.clear(true);
    clusterLayer.changed();
    o.onSpread?.(0);
  }

  function clearCoverage() {
    hovered = null;
    if (!coverageSource.isEmpty()) {
      coverageSource.clear(true);
      o.onCoverage?.(0);
    }
  }

  function coverageOf(ref: ClusterRef): Array<[number, number]> {
    let hull = hulls.get(ref.key);
    if (!hull && index) {
      hull = convexHull(index.leaves(ref).map((p): [number, number] => [xs[p], ys[p]]));
      hulls.set(ref.key, hull);
    }
    return hull || [];
  }

  const pin: Shape = { kind: 'pin', size: o.marker.iconSize, anchor: o.marker.iconAnchor };
  const disc: Shape = { kind: 'disc', radius: CLUSTER_RADIUS_PX };

  return {
    /** Bottom to top. */
    layers: [coverageLayer, clusterLayer, spreadLayer],
    get index() {
      return index;
    },

    /** New places (or none): everything drawn before goes. */
    setPlaces(next: ClusterIndex | null, nextXs: Float64Array, nextYs: Float64Array) {
      unspread();
      clearCoverage();
      hulls.clear();
      features.clear();
      clusterSource.clear(true);
      index = next;
      xs = nextXs;
      ys = nextYs;
    },

    /** Draws the clusters of `zoom` whose centre is in `extent` (a few hundred at most). */
    draw(zoom: number | undefined, extent: Extent | null) {
      if (!index || !extent || zoom === undefined) {
        clusterSource.clear(true);
        features.clear();
        return;
      }
      const refs = index.clusters(zoom, extent);
      // The same clusters as drawn (a fit's own moveend, a move within the buffer): the source is
      // left alone, so the layer is not drawn again for nothing in the next frame.
      if (refs.length === features.size && refs.every((ref) => features.has(ref.key))) return;
      const next = new Map<string, Feature<Point>>();
      for (const ref of refs) {
        let f = features.get(ref.key);
        if (!f) {
          f = new Feature({ geometry: new Point([ref.x, ref.y]) });
          f.setProperties({ kind: 'cluster', key: ref.key, count: ref.count, ref }, true);
        }
        next.set(ref.key, f);
      }
      features.clear();
      next.forEach((f, k) => features.set(k, f));
      clusterSource.clear(true);
      clusterSource.addFeatures([...next.values()]);
    },

    /** Spreads a cluster's places around it (markercluster's spiderfy), at `resolution` m/px. */
    spread(ref: ClusterRef, resolution: number) {
      if (!index) return;
      unspread();
      const points = index.leaves(ref).sort((a, b) => a - b);
      const at = spiderOffsets(points.length).map(([dx, dy]): [number, number] => [ref.x + dx * resolution, ref.y - dy * resolution]);
      spread = { key: ref.key, resolution, points, at };
      const legs = at.map((p) => {
        const f = new Feature({ geometry: new LineString([[ref.x, ref.y], p]) });
        f.set('kind', 'leg', true);
        return f;
      });
      const leaves = at.map((p, i) => {
        const f = new Feature({ geometry: new Point(p) });
        f.setProperties({ kind: 'spread', point: points[i] }, true);
        return f;
      });
      spreadSource.addFeatures([...legs, ...leaves]);
      clusterLayer.changed();
      o.onSpread?.(points.length);
    },
    unspread,
    /** The key of the spread cluster and the resolution it was spread at, if any. */
    spreadState: () => (spread ? { key: spread.key, resolution: spread.resolution } : null),

    /**
     * What is under a pixel, from where things are drawn (`pixelOf` maps a coordinate to the
     * screen): see model/hit.ts for why not OpenLayers' hit detection.
     */
    hitAt(pixel: number[], pixelOf: (at: number[]) => number[] | null): Hit | null {
      const hits: Hit[] = [];
      const drawn: Drawn[] = [];
      const add = (x: number, y: number, shape: Shape, hit: Hit) => {
        const p = pixelOf([x, y]);
        if (!p) return;
        drawn.push({ x: p[0], y: p[1], shape });
        hits.push(hit);
      };
      features.forEach((f) => {
        const ref = f.get('ref') as ClusterRef;
        if (ref.key !== spread?.key) add(ref.x, ref.y, ref.count === 1 ? pin : disc, { kind: 'cluster', ref });
      });
      spread?.at.forEach(([x, y], i) => add(x, y, pin, { kind: 'spread', point: spread!.points[i] }));
      const i = hitIndex(pixel[0], pixel[1], drawn);
      return i >= 0 ? hits[i] : null;
    },

    /** The pointer is on `ref` (or on no cluster): draw the area it covers. */
    hover(ref: ClusterRef | null) {
      const key = ref && ref.count > 1 ? ref.key : null;
      if (key === hovered) return;
      clearCoverage();
      hovered = key;
      if (!ref || !key || spread?.key === key) return;
      const hull = coverageOf(ref);
      if (hull.length < 3) return;
      coverageSource.addFeature(new Feature({ geometry: new Polygon([[...hull, hull[0]]]) }));
      o.onCoverage?.(hull.length);
    },
    clearCoverage,

    /** Where a place is drawn now: its spread position when its cluster is spread out. */
    drawnAt(point: number): [number, number] {
      const i = spread ? spread.points.indexOf(point) : -1;
      return i >= 0 ? spread!.at[i] : [xs[point], ys[point]];
    },
  };
}

export type ClusterLayers = ReturnType<typeof createClusterLayers>;
