import { describe, expect, it } from 'vitest';
import { companionEntries, groupPlaces } from '../../../blocks/listing/geo/model/companion';
import { hitIndex, type Drawn } from '../../../blocks/listing/geo/model/hit';
import {
  DEFAULT_IMAGE_PATH,
  MAKI_ICONS,
  isMakiIcon,
  makiMarker,
  normaliseColor,
  popupOffset,
} from '../../../blocks/listing/geo/model/marker';
import { featureCount, readGeoPage } from '../../../blocks/listing/geo/model/page';
import { indexPlaces } from '../../../blocks/listing/geo/model/places';
import { WORLD_HALF, type Extent } from '../../../blocks/listing/geo/model/project';
import type { GeoPoint } from '../../../blocks/listing/model/response';

const WORLD: Extent = [-WORLD_HALF, -WORLD_HALF, WORLD_HALF, WORLD_HALF];

describe('Maki marker helper', () => {
  it('defaults: #0a0, circle-stroked, size m; every size 25×41 with the popup 26 px above the centre; the extension images', () => {
    const m = makiMarker();
    expect(m).toMatchObject({
      color: '#00aa00',
      icon: 'circle-stroked',
      size: 'm',
      iconSize: [25, 41],
      popupAnchor: [0, -26],
      className: 'maki-marker',
      iconUrl: DEFAULT_IMAGE_PATH + 'marker-icon.png',
      iconRetinaUrl: DEFAULT_IMAGE_PATH + 'marker-icon-2x.png',
      pin: 'pin-m-circle-stroked+0a0',
    });
    expect(DEFAULT_IMAGE_PATH).toBe('/extension/ocopendata/design/standard/javascript/images/');
    for (const size of ['s', 'l']) expect(makiMarker({ size })).toMatchObject({ size, iconSize: [25, 41], popupAnchor: [0, -26] });
  });

  it('the 114 Maki names of the original; an unknown icon or size falls back, null icon or colour as there', () => {
    expect(MAKI_ICONS).toHaveLength(114);
    expect(new Set(MAKI_ICONS).size).toBe(114);
    expect(isMakiIcon('museum')).toBe(true);
    expect(makiMarker({ icon: 'museum', color: '#b0b' })).toMatchObject({ icon: 'museum', color: '#bb00bb', pin: 'pin-m-museum+b0b' });
    expect(makiMarker({ icon: 'no-such-icon', size: 'xl' })).toMatchObject({ icon: 'circle-stroked', size: 'm' });
    expect(makiMarker({ icon: null, color: null })).toMatchObject({ icon: null, color: '#7e7e7e', pin: 'pin-m' });
    expect(makiMarker({ color: 'not a colour' }).color).toBe('#00aa00');
  });

  it('colours: short and long hex, with or without #', () => {
    expect(normaliseColor('0A0')).toBe('#00aa00');
    expect(normaliseColor('#0066CC')).toBe('#0066cc');
    expect(normaliseColor('#12345')).toBeNull();
  });

  it('another image folder, with or without the final slash', () => {
    expect(makiMarker({ imagePath: '/extension/x/images' }).iconUrl).toBe('/extension/x/images/marker-icon.png');
  });

  it('the popup sits 26 px above the icon centre, i.e. 46.5 px above the pin tip', () => {
    expect(popupOffset(makiMarker())).toEqual([0, -46.5]);
  });
});

describe('reading a geo page', () => {
  it('counts the features left out', () => {
    const page = readGeoPage({
      type: 'FeatureCollection',
      features: [
        { id: 1, geometry: { type: 'Point', coordinates: [11, 46] }, properties: { id: 1, name: 'A', mainNodeId: 10001 } },
        { id: 1, geometry: { type: 'Point', coordinates: [11.1, 46.1] }, properties: { id: 1, name: 'A', mainNodeId: 10001 } },
        { id: 2, geometry: { type: 'Point', coordinates: [0, 0] }, properties: { id: 2 } },
        { id: 3, geometry: null, properties: { id: 3 } },
        { id: 4, geometry: { type: 'Point', coordinates: ['x', 46] }, properties: { id: 4 } },
      ],
      nextPageQuery: 'classes [event] limit 5 offset 5',
      totalCount: 12,
    })!;
    expect(page.points.map((p) => p.id)).toEqual([1, 1]);
    expect(page.skipped).toBe(3);
    expect(page.totalCount).toBe(12);
    expect(page.nextPageQuery).toBe('classes [event] limit 5 offset 5');
  });

  it('reads a slice of the features at a time', () => {
    const body = {
      features: Array.from({ length: 5 }, (_, i) => ({
        geometry: { type: 'Point', coordinates: [11 + i, i === 2 ? 0 : 46] },
        properties: { id: i + 1 },
      })),
      totalCount: 5,
    };
    expect(readGeoPage(body, 0, 2)!.points.map((p) => p.id)).toEqual([1, 2]);
    expect(readGeoPage(body, 2, 4)).toMatchObject({ skipped: 0, points: [{ id: 3 }, { id: 4 }] });
    expect(readGeoPage({ features: [{ geometry: { type: 'Point', coordinates: [0, 0] }, properties: { id: 9 } }] })!.skipped).toBe(1);
    expect(featureCount(body)).toBe(5);
    expect(featureCount(null)).toBe(0);
  });

  it('a body that is no FeatureCollection is null', () => {
    expect(readGeoPage({ searchHits: [] })).toBeNull();
    expect(readGeoPage('x')).toBeNull();
  });
});

describe('hit test', () => {
  const items: Drawn[] = [
    { x: 100, y: 100, shape: { kind: 'disc', radius: 20 } },
    { x: 110, y: 100, shape: { kind: 'pin', size: [25, 41], anchor: [12.5, 41] } },
  ];
  it('finds the topmost drawn item', () => {
    expect(hitIndex(110, 80, items)).toBe(1);
    expect(hitIndex(85, 100, items)).toBe(0);
    expect(hitIndex(100, 123, items)).toBe(0);
    expect(hitIndex(100, 130, items)).toBe(-1);
    expect(hitIndex(110, 102, items)).toBe(1);
    expect(hitIndex(110, 106, items, 0)).toBe(0);
  });
});

const point = (id: number, lon: number, lat: number): GeoPoint => ({
  id,
  name: 'P' + id,
  classIdentifier: 'place',
  mainNodeId: id + 10000,
  lon,
  lat,
  properties: {},
});

describe('companion entries', () => {
  const places = indexPlaces(
    [point(1, 11, 46), point(2, 11.0001, 46.0001), point(3, 12, 47), point(4, 11.00005, 46), point(5, 13, 45)],
    18,
  );
  const index = places.index!;

  it('single places and groups, in the order of their first place, counting every place', () => {
    const { entries, places: n, hidden } = companionEntries(index, index.clusters(10, WORLD));
    expect(n).toBe(5);
    expect(hidden).toBe(0);
    expect(entries.map((e) => (e.kind === 'place' ? 'p' + e.point : 'g' + e.count + ':' + e.sample.join(',')))).toEqual([
      'g3:0,1,3',
      'p2',
      'p4',
    ]);
  });

  it('at most `max` entries; the rest counted', () => {
    // At zoom 18 the three places within a few metres still share a cluster.
    const { entries, hidden, places: n } = companionEntries(index, index.clusters(18, WORLD), 2);
    expect(entries).toHaveLength(2);
    expect(hidden).toBe(1);
    expect(n).toBe(5);
  });

  it('a group lists its places in API order, at most `max`', () => {
    const group = index.clusters(10, WORLD).find((c) => c.count === 3)!;
    expect(groupPlaces(index, group)).toEqual({ points: [0, 1, 3], more: 0 });
    expect(groupPlaces(index, group, 2).more).toBe(1);
  });

  it('no places, no index', () => {
    expect(indexPlaces([], 18).index).toBeNull();
  });
});
