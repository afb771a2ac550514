// How the map draws: clusters by size class (markercluster's colours, small < 10, medium < 100,
// large), single places with the open-data extension's marker (or a pin of the marker's colour
// when a portal lacks those images), spread points with their legs, a cluster's coverage, and the
// visitor's position. Styles are cached: the style function runs for every feature in every frame.
import type { FeatureLike } from 'ol/Feature';
import Circle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Icon from 'ol/style/Icon';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { MarkerSpec } from '../model/marker';

export type SizeClass = 'small' | 'medium' | 'large';
export const sizeClass = (count: number): SizeClass => (count < 10 ? 'small' : count < 100 ? 'medium' : 'large');

/** [outer halo, inner disc] per size class (Leaflet.markercluster's default look). */
const COLOURS: Record<SizeClass, [string, string]> = {
  small: ['rgba(181, 226, 140, 0.6)', 'rgba(110, 204, 57, 0.85)'],
  medium: ['rgba(241, 211, 87, 0.6)', 'rgba(240, 194, 12, 0.85)'],
  large: ['rgba(253, 156, 115, 0.6)', 'rgba(241, 128, 23, 0.85)'],
};
// A generic family: OpenLayers polls for a named web font and redraws every label when it arrives.
const FONT = '600 12px sans-serif';
/** The drawn radius of a cluster, px (its hit area too). */
export const CLUSTER_RADIUS_PX = 20;

const clusterCache = new Map<string, Style>();
/**
 * A cluster's symbol, drawn once per count into a canvas and then only copied each frame: text
 * and circles drawn by OpenLayers for every cluster in every frame cost most of a pan's time.
 */
export function clusterStyle(count: number, dimmed = false): Style {
  const key = count + (dimmed ? 'd' : '');
  let style = clusterCache.get(key);
  if (!style) {
    const ratio = Math.max(1, Math.round(globalThis.devicePixelRatio || 1));
    const size = CLUSTER_RADIUS_PX * 2;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size * ratio;
    const c = canvas.getContext('2d')!;
    c.scale(ratio, ratio);
    const [outer, inner] = COLOURS[sizeClass(count)];
    c.fillStyle = outer;
    c.beginPath();
    c.arc(size / 2, size / 2, CLUSTER_RADIUS_PX, 0, 2 * Math.PI);
    c.fill();
    c.fillStyle = inner;
    c.beginPath();
    c.arc(size / 2, size / 2, CLUSTER_RADIUS_PX - 5, 0, 2 * Math.PI);
    c.fill();
    c.font = FONT;
    c.fillStyle = '#1a1a1a';
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillText(String(count), size / 2, size / 2 + 0.5);
    style = new Style({ image: new Icon({ img: canvas, width: size, height: size, opacity: dimmed ? 0.3 : 1 }) });
    if (clusterCache.size > 2000) clusterCache.clear();
    clusterCache.set(key, style);
  }
  return style;
}

/**
 * The page's first text drawn into a canvas costs ~12 ms (the font made ready for canvases): done
 * once while the map waits for its places, not in the frame that draws the first cluster's count.
 */
export function warmUpText(): void {
  const c = document.createElement('canvas').getContext('2d');
  if (!c) return;
  c.font = FONT;
  c.fillText('0', 0, 10);
}

/** A pin of the marker's colour, with its icon reduced to a ring or a dot (no Maki glyphs are bundled). */
export function drawPin(m: MarkerSpec, ratio = Math.max(1, Math.round(globalThis.devicePixelRatio || 1))): HTMLCanvasElement {
  const [w, h] = m.iconSize;
  const canvas = document.createElement('canvas');
  canvas.width = w * ratio;
  canvas.height = h * ratio;
  const c = canvas.getContext('2d')!;
  c.scale(ratio, ratio);
  const r = w / 2 - 1;
  const cx = w / 2;
  const cy = r + 1;
  c.beginPath();
  c.moveTo(cx, h - 1);
  c.bezierCurveTo(cx - 2, h - 12, cx - r, cy + r * 0.9, cx - r, cy);
  c.arc(cx, cy, r, Math.PI, 0);
  c.bezierCurveTo(cx + r, cy + r * 0.9, cx + 2, h - 12, cx, h - 1);
  c.closePath();
  c.fillStyle = m.color;
  c.fill();
  c.lineWidth = 1.5;
  c.strokeStyle = 'rgba(0, 0, 0, 0.45)';
  c.stroke();
  if (m.icon) {
    c.beginPath();
    c.arc(cx, cy, m.icon.endsWith('-stroked') ? 5 : 4, 0, 2 * Math.PI);
    if (m.icon.endsWith('-stroked')) {
      c.lineWidth = 2.5;
      c.strokeStyle = '#fff';
      c.stroke();
    } else {
      c.fillStyle = '#fff';
      c.fill();
    }
  }
  return canvas;
}

/**
 * The single-place marker: the extension's image (2× on dense screens), anchored at the pin's tip.
 * If the image cannot be loaded, `onFallback` runs once the pin drawing is in place.
 */
export function createMarkerStyles(m: MarkerSpec, onFallback: () => void) {
  const retina = (globalThis.devicePixelRatio || 1) > 1;
  const [w, h] = m.iconSize;
  const anchor = { anchor: m.iconAnchor, anchorXUnits: 'pixels' as const, anchorYUnits: 'pixels' as const };
  let marker = new Style({ image: new Icon({ src: retina ? m.iconRetinaUrl : m.iconUrl, width: w, height: h, ...anchor }) });
  let dimmed: Style | null = null;
  const probe = new Image();
  probe.onerror = () => {
    marker = new Style({ image: new Icon({ img: drawPin(m), width: w, height: h, ...anchor }) });
    dimmed = null;
    onFallback();
  };
  probe.src = retina ? m.iconRetinaUrl : m.iconUrl;
  return {
    marker: () => marker,
    /** A place of a cluster that is spread out: the cluster itself fades. */
    dimmed() {
      if (!dimmed) {
        const img = marker.getImage()!.clone();
        img.setOpacity(0.3);
        dimmed = new Style({ image: img });
      }
      return dimmed;
    },
  };
}

export const legStyle = new Style({ stroke: new Stroke({ color: 'rgba(34, 34, 34, 0.6)', width: 1.5 }) });

export const coverageStyle = new Style({
  stroke: new Stroke({ color: 'rgba(0, 102, 204, 0.8)', width: 2 }),
  fill: new Fill({ color: 'rgba(0, 102, 204, 0.15)' }),
});

export const positionStyles = {
  accuracy: new Style({
    stroke: new Stroke({ color: 'rgba(0, 102, 204, 0.6)', width: 1 }),
    fill: new Fill({ color: 'rgba(0, 102, 204, 0.12)' }),
  }),
  position: new Style({
    image: new Circle({ radius: 7, fill: new Fill({ color: '#0066cc' }), stroke: new Stroke({ color: '#fff', width: 2.5 }) }),
  }),
};

/** A feature's drawn kind. */
export const kindOf = (f: FeatureLike) => f.get('kind') as 'cluster' | 'spread' | 'leg' | undefined;
