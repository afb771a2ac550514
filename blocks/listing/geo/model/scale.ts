// The scale bar: the longest round distance (1, 2, 3 or 5 × 10ⁿ m) that fits in `maxWidth` px at
// the map's centre, as Leaflet's scale control (maxWidth 100). Pure.
import { numberFormat } from '../../../../runtime/intl';
import { EARTH_RADIUS } from './project';

export interface Scale {
  /** px */
  width: number;
  metres: number;
}

/**
 * @param resolution metres per px of the projection (Web Mercator) at the view's zoom
 * @param y the view centre's projected y (the true scale shrinks with the latitude)
 */
export function scaleBar(resolution: number, y: number, maxWidth = 100): Scale | null {
  const lat = 2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2;
  const metresPerPx = resolution * Math.cos(lat);
  if (!(metresPerPx > 0) || !Number.isFinite(metresPerPx)) return null;
  const max = metresPerPx * maxWidth;
  const pow = 10 ** Math.floor(Math.log10(max));
  const lead = max / pow;
  const metres = pow * (lead >= 5 ? 5 : lead >= 3 ? 3 : lead >= 2 ? 2 : 1);
  return { width: Math.round(metres / metresPerPx), metres };
}

/**
 * The scale labels' number format (runtime/intl: made once): the map's tab makes it when it is
 * mounted (in idle time, hidden) rather than in the scale bar's first render, between the click
 * and the first places drawn.
 */
export const scaleFormat = (locale: string): Intl.NumberFormat => numberFormat(locale, { maximumFractionDigits: 2 });

/** `500 m`, `2 km`, in the visitor's number format. */
export function scaleLabel(metres: number, locale: string): string {
  const km = metres >= 1000;
  return scaleFormat(locale).format(km ? metres / 1000 : metres) + (km ? ' km' : ' m');
}
