// One geo response, read a slice of features at a time (20 000 features are read over several
// tasks): the listing's normaliseGeo, plus how many features it had to leave out (missing,
// out-of-range or 0,0 coordinates, no id), which the tab reports to admins. Pure.
import { normaliseGeo, type GeoPage } from '../../model/response';

export interface GeoPageRead extends GeoPage {
  /** Features of the slice that are not on the map. */
  skipped: number;
}

/** Features [from, to) of a FeatureCollection, or null when the body is not one. */
export function readGeoPage(body: unknown, from = 0, to?: number): GeoPageRead | null {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { features?: unknown }).features)) return null;
  const features = (body as { features: unknown[] }).features.slice(from, to);
  const page = normaliseGeo({ ...body, features });
  return page && { ...page, skipped: features.length - page.points.length };
}

/** How many features a body has (0 when it is not a FeatureCollection). */
export const featureCount = (body: unknown): number =>
  body && typeof body === 'object' && Array.isArray((body as { features?: unknown }).features)
    ? (body as { features: unknown[] }).features.length
    : 0;
