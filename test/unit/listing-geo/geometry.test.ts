import { describe, expect, it } from 'vitest';
import { fromLonLat, toLonLat as olToLonLat } from 'ol/proj';
import { convexHull } from '../../../blocks/listing/geo/model/hull';
import { fitZoom, MAX_LATITUDE, resolutionAt, toLonLat, toMercator, zoomOf, WORLD_HALF } from '../../../blocks/listing/geo/model/project';
import { scaleBar, scaleLabel } from '../../../blocks/listing/geo/model/scale';
import { spiderOffsets } from '../../../blocks/listing/geo/model/spider';

describe('projection', () => {
  it.each([
    [11.1211, 46.0679],
    [-74.006, 40.7128],
    [151.2, -33.87],
    [0, 0],
    [179.9, 84],
  ])('projects %f,%f as OpenLayers does, and back', (lon, lat) => {
    const [x, y] = toMercator(lon, lat);
    const [ox, oy] = fromLonLat([lon, lat]);
    expect(x).toBeCloseTo(ox, 6);
    expect(y).toBeCloseTo(oy, 6);
    const back = toLonLat(x, y);
    expect(back[0]).toBeCloseTo(olToLonLat([x, y])[0], 9);
    expect(back[1]).toBeCloseTo(lat, 9);
  });

  it('clamps latitudes to about 85.05° (the square world)', () => {
    expect(toMercator(0, 90)[1]).toBeCloseTo(WORLD_HALF, 0);
    expect(toMercator(0, -89)[1]).toBeCloseTo(-WORLD_HALF, 0);
    expect(toLonLat(0, WORLD_HALF)[1]).toBeCloseTo(MAX_LATITUDE, 6);
  });

  it('resolution of 256 px tiles', () => {
    expect(resolutionAt(0)).toBeCloseTo(156543.034, 2);
    expect(resolutionAt(18)).toBeCloseTo(0.597, 3);
    expect(zoomOf(resolutionAt(7.5))).toBeCloseTo(7.5, 9);
  });

  it('fit zoom: the extent fits inside the padded view, capped at max zoom', () => {
    const extent: [number, number, number, number] = [0, 0, 1000 * resolutionAt(10), 500 * resolutionAt(10)];
    expect(fitZoom(extent, 1000, 500, 0, 18)).toBeCloseTo(10, 9);
    expect(fitZoom(extent, 540, 540, 20, 18)).toBeCloseTo(9, 9);
    expect(fitZoom([5, 5, 5, 5], 800, 600, 20, 17)).toBe(17);
  });
});

describe('spider offsets', () => {
  it('a circle for fewer than 9 points, all at the same distance', () => {
    const offsets = spiderOffsets(6);
    expect(offsets).toHaveLength(6);
    const d = offsets.map(([x, y]) => Math.hypot(x, y));
    d.forEach((v) => expect(v).toBeCloseTo(d[0], 9));
    expect(d[0]).toBeCloseTo((25 * 8) / (2 * Math.PI), 9);
  });

  it('a spiral from 9 on, growing outwards, no two points on top of each other', () => {
    const offsets = spiderOffsets(30);
    expect(offsets).toHaveLength(30);
    const d = offsets.map(([x, y]) => Math.hypot(x, y));
    expect(d[29]).toBeLessThan(d[0]);
    for (let i = 0; i < 30; i++) {
      for (let j = i + 1; j < 30; j++) {
        expect(Math.hypot(offsets[i][0] - offsets[j][0], offsets[i][1] - offsets[j][1])).toBeGreaterThan(10);
      }
    }
  });

  it('nothing to spread', () => {
    expect(spiderOffsets(0)).toEqual([]);
  });
});

describe('convex hull', () => {
  it('keeps the corners, drops the inside', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 0.5],
      [1, 2],
    ]);
    expect(hull.sort()).toEqual([
      [0, 0],
      [0, 2],
      [2, 0],
      [2, 2],
    ]);
  });

  it('fewer than 3 points are returned as they are', () => {
    expect(
      convexHull([
        [1, 1],
        [0, 0],
      ]),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});

describe('scale bar', () => {
  it('the longest round distance within 100 px', () => {
    // At the equator, zoom with 1 m/px: 100 m fit in 100 px.
    expect(scaleBar(1, 0)).toEqual({ width: 100, metres: 100 });
    expect(scaleBar(0.7, 0)).toEqual({ width: 71, metres: 50 });
    expect(scaleBar(35, 0)).toEqual({ width: 86, metres: 3000 });
  });

  it('accounts for the latitude', () => {
    const [, y] = toMercator(0, 60);
    expect(scaleBar(2, y)).toEqual({ width: 100, metres: 100 });
  });

  it('labels in the visitor format', () => {
    expect(scaleLabel(500, 'it-IT')).toBe('500 m');
    expect(scaleLabel(2000, 'it-IT')).toBe('2 km');
    expect(scaleLabel(3000000, 'de-DE')).toBe('3.000 km');
  });
});
