import { describe, expect, it } from 'vitest';
import { createClusterIndex, type ClusterIndex } from '../../../blocks/listing/geo/model/cluster-index';
import { resolutionAt, toMercator, WORLD_HALF, type Extent } from '../../../blocks/listing/geo/model/project';

const WORLD: Extent = [-WORLD_HALF, -WORLD_HALF, WORLD_HALF, WORLD_HALF];
const options = { radius: 80, maxZoom: 18 };

function indexOf(lonLats: Array<[number, number]>, opts = options) {
  const xy = lonLats.map(([lon, lat]) => toMercator(lon, lat));
  return createClusterIndex(
    xy.map((p) => p[0]),
    xy.map((p) => p[1]),
    opts,
  );
}

/** A seeded cloud of points around Trento. */
function cloud(n: number, seed = 7): Array<[number, number]> {
  let s = seed;
  const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, () => [11 + rnd() * 0.4, 46 + rnd() * 0.3]);
}

const allLeaves = (index: ClusterIndex, zoom: number) =>
  index
    .clusters(zoom, WORLD)
    .flatMap((c) => index.leaves(c))
    .sort((a, b) => a - b);

describe('cluster index', () => {
  it('holds every point exactly once at every zoom, counts adding up', () => {
    const index = indexOf(cloud(2000));
    for (let z = 0; z <= 18; z++) {
      const clusters = index.clusters(z, WORLD);
      expect(clusters.reduce((n, c) => n + c.count, 0)).toBe(2000);
      expect(allLeaves(index, z)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
      for (const c of clusters) expect(index.leaves(c)).toHaveLength(c.count);
    }
  });

  it('fewer clusters as the zoom goes down, one point per cluster at high zoom', () => {
    const index = indexOf(cloud(500));
    const counts = [4, 8, 10, 12, 14, 18].map((z) => index.clusters(z, WORLD).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]);
    expect(counts[0]).toBe(1);
    // 500 random points over 30 km: a pair or two may still be within 80 px (48 m) at zoom 18.
    expect(counts.at(-1)).toBeGreaterThan(495);
  });

  it('groups points within the radius in px of the zoom, not beyond', () => {
    // Two points 50 px apart at zoom 10 are 100 px apart at zoom 11.
    const [x, y] = toMercator(11.12, 46.07);
    const d = 50 * resolutionAt(10);
    const index = createClusterIndex([x, x + d], [y, y], options);
    expect(index.clusters(10, WORLD)).toHaveLength(1);
    expect(index.clusters(10, WORLD)[0].count).toBe(2);
    expect(index.clusters(11, WORLD)).toHaveLength(2);
    expect(index.aloneFrom(0)).toBe(11);
    expect(index.aloneFrom(1)).toBe(11);
  });

  it('a cluster sits at the weighted centre of its points and its extent covers them', () => {
    const [x, y] = toMercator(11, 46);
    const r = resolutionAt(12);
    const index = createClusterIndex([x, x + 10 * r, x + 20 * r, x], [y, y, y, y + 30 * r], options);
    const [c] = index.clusters(12, WORLD);
    expect(c.count).toBe(4);
    expect(c.point).toBe(-1);
    expect(c.x).toBeCloseTo(x + 7.5 * r, 3);
    expect(c.y).toBeCloseTo(y + 7.5 * r, 3);
    expect(c.extent).toEqual([x, y, x + 20 * r, y + 30 * r]);
  });

  it('places at the same spot stay together even at max zoom (they are spread on click)', () => {
    const index = indexOf([
      [11.12, 46.07],
      [11.12, 46.07],
      [11.12, 46.07],
      [11.5, 46.2],
    ]);
    const atMax = index.clusters(18, WORLD);
    expect(atMax.map((c) => c.count).sort()).toEqual([1, 3]);
    expect(index.aloneFrom(0)).toBe(Infinity);
    expect(index.aloneFrom(3)).toBeLessThan(18);
    const single = atMax.find((c) => c.count === 1)!;
    expect(single.point).toBe(3);
  });

  it('returns the clusters whose centre is in the extent', () => {
    const index = indexOf([
      [11, 46],
      [12, 46],
      [13, 46],
    ]);
    const [x1] = toMercator(11.5, 0);
    const [x2] = toMercator(12.5, 0);
    const [, y1] = toMercator(0, 45);
    const [, y2] = toMercator(0, 47);
    const inView = index.clusters(14, [x1, y1, x2, y2]);
    expect(inView.map((c) => c.point)).toEqual([1]);
  });

  it('lists clusters in the order of their first point (the API order)', () => {
    const index = indexOf(cloud(3000));
    for (const z of [6, 9, 12, 15]) {
      const clusters = index.clusters(z, WORLD);
      const firsts = clusters.map((c) => Math.min(...index.leaves(c)));
      expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
      clusters.forEach((c) => expect(index.leaves(c, 1)[0]).toBe(Math.min(...index.leaves(c))));
    }
  });

  it('builds in small steps with the same result as at once', () => {
    const points = cloud(1500, 3);
    const whole = indexOf(points);
    whole.buildTo(0);
    const sliced = indexOf(points);
    let steps = 0;
    while (!sliced.step(100)) steps++;
    expect(steps).toBeGreaterThan(10);
    expect(sliced.builtTo).toBe(0);
    for (const z of [0, 5, 10, 15, 18]) {
      expect(sliced.clusters(z, WORLD).map((c) => [c.count, c.x, c.y])).toEqual(whole.clusters(z, WORLD).map((c) => [c.count, c.x, c.y]));
    }
  });

  it('builds a level on demand, down from the ones already built', () => {
    const index = indexOf(cloud(300));
    expect(index.builtTo).toBe(19);
    index.clusters(12, WORLD);
    expect(index.builtTo).toBe(12);
    index.buildTo(3);
    expect(index.builtTo).toBe(3);
  });

  it('an empty index has no clusters and no extent', () => {
    const index = createClusterIndex([], [], options);
    expect(index.extent).toBeNull();
    expect(index.clusters(3, WORLD)).toEqual([]);
    expect(index.step(10)).toBe(true);
  });

  it('knows the extent of all points', () => {
    const index = indexOf([
      [11, 46],
      [12, 47],
    ]);
    const [x1, y1] = toMercator(11, 46);
    const [x2, y2] = toMercator(12, 47);
    expect(index.extent).toEqual([x1, y1, x2, y2]);
  });

  it('clusters 20 000 points', () => {
    const index = indexOf(cloud(20000, 11));
    while (!index.step(5000));
    expect(index.clusters(0, WORLD)).toHaveLength(1);
    expect(index.clusters(0, WORLD)[0].count).toBe(20000);
    expect(index.clusters(18, WORLD).reduce((n, c) => n + c.count, 0)).toBe(20000);
  });
});
