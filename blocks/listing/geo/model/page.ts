// One geo response: the listing's normaliseGeo, plus how many features it had to leave out
// (missing, out-of-range or 0,0 coordinates, no id), which the tab reports to admins. Pure.
import { normaliseGeo, type GeoPage } from '../../model/response';

export interface GeoPageRead extends GeoPage {
  /** Features in the body that are not on the map. */
  skipped: number;
}

export function readGeoPage(body: unknown): GeoPageRead | null {
  const page = normaliseGeo(body);
  if (!page) return null;
  const features = (body as { features: unknown[] }).features.length;
  return { ...page, skipped: features - page.points.length };
}
