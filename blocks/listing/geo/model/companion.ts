// The companion list: what the map shows in its current view, as DOM-friendly entries. The canvas
// map alone is unusable without a mouse or sight; this list is the same content, kept in sync
// with the view. Single places and clusters are listed in the API's order (the block's sort, as
// in the list tab), each cluster with a few of its places' names. Pure.
import type { ClusterIndex, ClusterRef } from './cluster-index';

export interface PlaceEntry {
  kind: 'place';
  key: string;
  point: number;
  /** Where it is drawn (metres, EPSG:3857). */
  x: number;
  y: number;
}

export interface GroupEntry {
  kind: 'group';
  key: string;
  cluster: ClusterRef;
  count: number;
  /** A few of the cluster's places (its first one first), for its summary. */
  sample: number[];
}

export type CompanionEntry = PlaceEntry | GroupEntry;

export interface Companion {
  entries: CompanionEntry[];
  /** Places in view (every cluster counted in full). */
  places: number;
  /** Entries left out beyond `max` (zoom in to see them). */
  hidden: number;
}

export const SAMPLE_SIZE = 3;

export function companionEntries(index: ClusterIndex, clusters: ClusterRef[], max = 100): Companion {
  // A level's items are created seed by seed in point order, so their index order is the order
  // of their first points: the API's order.
  const sorted = [...clusters].sort((a, b) => a.index - b.index);
  let places = 0;
  const entries: CompanionEntry[] = [];
  for (const c of sorted) {
    places += c.count;
    if (entries.length >= max) continue;
    entries.push(
      c.point >= 0
        ? { kind: 'place', key: 'p' + c.point, point: c.point, x: c.x, y: c.y }
        : { kind: 'group', key: 'g' + c.key, cluster: c, count: c.count, sample: index.leaves(c, SAMPLE_SIZE) },
    );
  }
  return { entries, places, hidden: sorted.length - entries.length };
}

/** The places of an opened group (at most `max`), in API order. */
export function groupPlaces(index: ClusterIndex, cluster: ClusterRef, max = 50): { points: number[]; more: number } {
  const points = index.leaves(cluster, max).sort((a, b) => a - b);
  return { points, more: Math.max(0, cluster.count - points.length) };
}
