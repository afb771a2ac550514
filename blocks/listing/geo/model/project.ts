// Web Mercator (EPSG:3857) without OpenLayers, so the model stays pure and unit-tested. Latitudes
// are clamped to ±85.0511° (the square world of 256 px tiles), as Leaflet's projection did.
export const EARTH_RADIUS = 6378137;
export const MAX_LATITUDE = 85.0511287798;
/** Half the side of the projected world, in metres. */
export const WORLD_HALF = Math.PI * EARTH_RADIUS;
export const TILE_SIZE = 256;

const clampLat = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));

export function toMercator(lon: number, lat: number): [number, number] {
  const phi = (clampLat(lat) * Math.PI) / 180;
  return [(EARTH_RADIUS * lon * Math.PI) / 180, EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

export function toLonLat(x: number, y: number): [number, number] {
  return [(x / EARTH_RADIUS) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI)];
}

/** Metres per pixel at the equator for zoom z (256 px tiles). */
export const resolutionAt = (z: number) => (2 * WORLD_HALF) / (TILE_SIZE * 2 ** z);

/** The (fractional) zoom of a resolution. */
export const zoomOf = (resolution: number) => Math.log2((2 * WORLD_HALF) / (TILE_SIZE * resolution));

/** [minX, minY, maxX, maxY] in metres. */
export type Extent = [number, number, number, number];

export const containsXY = (e: Extent, x: number, y: number) => x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3];

/**
 * The highest zoom (≤ maxZoom) at which `extent` fits in a `width`×`height` px view with `padding`
 * px on every side: the zoom a `fit` of the markers lands on.
 */
export function fitZoom(extent: Extent, width: number, height: number, padding: number, maxZoom: number): number {
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height - 2 * padding);
  const res = Math.max((extent[2] - extent[0]) / w, (extent[3] - extent[1]) / h);
  if (res <= 0) return maxZoom;
  return Math.max(0, Math.min(maxZoom, zoomOf(res)));
}
