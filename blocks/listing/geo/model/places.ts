// A geo search's places, projected and indexed for the map (Web Mercator, clusters of 80 px as the
// original's markercluster). Pure; `project` works on a range so a caller can spread it over tasks.
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

/** Projects points [from, to) into xs, ys. */
export function project(points: readonly GeoPoint[], xs: Float64Array, ys: Float64Array, from = 0, to = points.length): void {
  for (let i = from; i < to; i++) [xs[i], ys[i]] = toMercator(points[i].lon, points[i].lat);
}

/** The places once projected (levels of the index are built later, on demand or in slices). */
export const placesOf = (points: GeoPoint[], xs: Float64Array, ys: Float64Array, maxZoom: number): Places => ({
  points,
  xs,
  ys,
  index: points.length ? createClusterIndex(xs, ys, { radius: CLUSTER_RADIUS, maxZoom }) : null,
});

export function indexPlaces(points: GeoPoint[], maxZoom: number): Places {
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  project(points, xs, ys);
  return placesOf(points, xs, ys, maxZoom);
}
