// A geo search's places, projected and indexed for the map (Web Mercator, clusters of 80 px as the
// original's markercluster). Pure.
import type { GeoPoint } from '../../model/response';
import { createClusterIndex, type ClusterIndex } from './cluster-index';
import { toMercator } from './project';

export const CLUSTER_RADIUS = 80;

export interface Places {
  points: GeoPoint[];
  xs: Float64Array;
  ys: Float64Array;
  /** null when there is no place. */
  index: ClusterIndex | null;
}

export function indexPlaces(points: GeoPoint[], maxZoom: number): Places {
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  points.forEach((p, i) => {
    [xs[i], ys[i]] = toMercator(p.lon, p.lat);
  });
  return { points, xs, ys, index: points.length ? createClusterIndex(xs, ys, { radius: CLUSTER_RADIUS, maxZoom }) : null };
}
