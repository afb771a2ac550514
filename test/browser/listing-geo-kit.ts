// Helpers for the geo tab's browser tests: the tab's state as its DOM reports it, the companion
// list's entries (with where each is drawn on the map), and what the emulator answers and logged.
import type { Page } from 'puppeteer-core';
import { nextVersion } from './harness';

export interface GeoShown {
  status: string;
  points: number;
  total: number;
  skipped: number;
  version: number;
  drawn: number;
  zoom: number | null;
  spread: number;
  coverage: number;
  /** Places in the map's view, as the companion list counts them. */
  inView: number | null;
}

export function geoShown(page: Page, blockId: string): Promise<GeoShown> {
  return page.$eval('#' + blockId + ' .piazza-geo', (el) => {
    const map = el.querySelector<HTMLElement>('.piazza-geo-map');
    const count = el.querySelector('[data-places]');
    const n = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));
    return {
      status: el.getAttribute('data-piazza-status') || '',
      points: Number(el.getAttribute('data-points')),
      total: Number(el.getAttribute('data-total')),
      skipped: Number(el.getAttribute('data-skipped')),
      version: Number(el.getAttribute('data-version')),
      drawn: Number(el.getAttribute('data-drawn')),
      zoom: n(map?.getAttribute('data-zoom')),
      spread: Number(map?.getAttribute('data-spread') || 0),
      coverage: Number(map?.getAttribute('data-coverage') || 0),
      inView: n(count?.getAttribute('data-places')),
    };
  });
}

/** Waits until the tab has shown a search after `version` and drawn it (or ended in an error / no places). */
export async function geoReady(page: Page, blockId: string, version = 0, drawn = 0): Promise<GeoShown> {
  const tab = '#' + blockId + ' .piazza-geo';
  await nextVersion(page, tab, version);
  await page.waitForFunction(
    (sel, d) => {
      const el = document.querySelector(sel)!;
      const status = el.getAttribute('data-piazza-status');
      if (status === 'error') return true;
      if (status !== 'ready') return false;
      return (
        !el.querySelector('.piazza-geo-map') || Number(el.getAttribute('data-points')) === 0 || Number(el.getAttribute('data-drawn')) > d
      );
    },
    { timeout: 20_000 },
    tab,
    drawn,
  );
  return geoShown(page, blockId);
}

/**
 * The tab once its companion list counts every place of the search in view (a search that fits
 * the map to its places): the list follows the map's view, which settles after the draw, so its
 * count can come a frame or more after `data-drawn`. Waits for it (bounded), then reads what the
 * tab shows: the caller's assertion says what was there instead.
 */
export async function geoFitted(page: Page, blockId: string): Promise<GeoShown> {
  const tab = '#' + blockId + ' .piazza-geo';
  await page
    .waitForFunction(
      (sel) => {
        const el = document.querySelector(sel);
        const count = el?.querySelector('[data-places]')?.getAttribute('data-places');
        return !!el && count === el.getAttribute('data-points');
      },
      { timeout: 5000 },
      tab,
    )
    .catch(() => undefined);
  return geoShown(page, blockId);
}

export interface Entry {
  kind: 'place' | 'group';
  /** Places in it. */
  count: number;
  point: number | null;
  id: string | null;
  /** Where it is drawn, px from the map's top left. */
  at: [number, number] | null;
  text: string;
}

export function entries(page: Page, blockId: string): Promise<Entry[]> {
  return page.$$eval('#' + blockId + ' .piazza-geo-list > li', (lis) =>
    lis.map((li) => {
      const at = li.getAttribute('data-at');
      const point = li.getAttribute('data-point');
      return {
        kind: point === null ? ('group' as const) : ('place' as const),
        count: point === null ? Number(li.getAttribute('data-count')) : 1,
        point: point === null ? null : Number(point),
        id: li.getAttribute('data-id'),
        at: at ? (at.split(',').map(Number) as [number, number]) : null,
        text: (li.querySelector('a, button')?.textContent || '').trim(),
      };
    }),
  );
}

/** Viewport coordinates of a point `at` px inside the block's map (scrolled into view first). */
export async function mapPoint(page: Page, blockId: string, at: [number, number]): Promise<[number, number]> {
  const box = await page.$eval('#' + blockId + ' .piazza-geo-map', (el) => {
    let r = el.getBoundingClientRect();
    // The mouse only reaches what is in the viewport.
    if (r.top < 0 || r.bottom > innerHeight) {
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      r = el.getBoundingClientRect();
    }
    return [r.left, r.top, r.width, r.height];
  });
  return [box[0] + at[0], box[1] + at[1]];
}

export const mapSize = (page: Page, blockId: string) =>
  page.$eval('#' + blockId + ' .piazza-geo-map', (el) => [el.clientWidth, el.clientHeight] as [number, number]);

/** Waits for the map's zoom attribute to differ from `zoom`. */
export async function zoomChanged(page: Page, blockId: string, zoom: number | null): Promise<number> {
  await page.waitForFunction(
    (id, z) => {
      const v = document.querySelector('#' + id + ' .piazza-geo-map')?.getAttribute('data-zoom');
      return v !== null && v !== undefined && Number(v) !== z;
    },
    { timeout: 10_000 },
    blockId,
    zoom,
  );
  return (await geoShown(page, blockId)).zoom!;
}

/** The RGB of the map canvas at `at` (the topmost layer canvas that is painted there). */
export function pixel(page: Page, blockId: string, at: [number, number]): Promise<[number, number, number]> {
  return page.$eval(
    '#' + blockId + ' .piazza-geo-map',
    (el, [x, y]) => {
      const canvases = Array.from(el.querySelectorAll('canvas')) as HTMLCanvasElement[];
      // Layers share one canvas unless ol needs more; compose them top-down.
      for (const c of canvases.reverse()) {
        const ratio = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d')!.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
        if (d[3] > 0) return [d[0], d[1], d[2]];
      }
      return [0, 0, 0];
    },
    at,
  ) as Promise<[number, number, number]>;
}

/** The features with usable coordinates the emulator has for a GeoJSON URL (every page at once). */
export async function featuresOf(url: string): Promise<Array<{ id: number; coordinates: [number, number] }>> {
  const body = (await (await fetch(url)).json()) as { features: Array<{ id: number; geometry: { coordinates: [number, number] } }> };
  return body.features
    .map((f) => ({ id: f.id, coordinates: f.geometry.coordinates.map(Number) as [number, number] }))
    .filter(({ coordinates: [lon, lat] }) => Number.isFinite(lon) && Number.isFinite(lat) && !(lon === 0 && lat === 0));
}

/** Opens the geo tab of a block whose first tab is another one. */
export async function showGeoTab(page: Page, blockId: string) {
  await page.click('#' + blockId + '-geo-tab');
  await page.waitForSelector('#' + blockId + ' .piazza-geo');
}
