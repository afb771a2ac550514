// "Locate me": one position from the browser through ol/Geolocation (10 s timeout, as the
// original's Leaflet locate), or the reason there is none: the visitor sees the original's texts.
import Geolocation from 'ol/Geolocation';
import type Polygon from 'ol/geom/Polygon';

export const LOCATE_TIMEOUT = 10000;

export type LocateResult =
  | { ok: true; at: number[]; accuracy: Polygon | null }
  | { ok: false; reason: 'unsupported' | 'denied' | 'unavailable' | 'timeout' };

/** GeolocationPositionError codes → the reason shown to the visitor. */
const REASONS = { 1: 'denied', 2: 'unavailable', 3: 'timeout' } as const;

export function locate(projection = 'EPSG:3857'): Promise<LocateResult> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    return Promise.resolve({ ok: false, reason: 'unsupported' });
  }
  return new Promise((resolve) => {
    const geolocation = new Geolocation({
      projection,
      trackingOptions: { timeout: LOCATE_TIMEOUT, maximumAge: 0, enableHighAccuracy: false },
    });
    const done = (result: LocateResult) => {
      geolocation.setTracking(false);
      geolocation.dispose();
      resolve(result);
    };
    geolocation.once('change:position', () => {
      const at = geolocation.getPosition();
      if (at) done({ ok: true, at, accuracy: geolocation.getAccuracyGeometry() });
    });
    geolocation.once('error', (e) => done({ ok: false, reason: REASONS[e.code as 1 | 2 | 3] || 'unavailable' }));
    geolocation.setTracking(true);
  });
}
