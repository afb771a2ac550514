// The OpenLayers map behind the geo tab, imperative and free of Preact: tiles (only once allowed),
// the clusters in view from the cluster index, spreading a cluster at max zoom, coverage on hover,
// the popup's anchor, the visitor's position. The tab renders every control and text itself; the
// engine reports where the view settled, and which place or cluster was chosen.
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import type { Geometry } from 'ol/geom';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { noModifierKeys } from 'ol/events/condition';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import DragPan from 'ol/interaction/DragPan';
import DragZoom from 'ol/interaction/DragZoom';
import KeyboardPan from 'ol/interaction/KeyboardPan';
import KeyboardZoom from 'ol/interaction/KeyboardZoom';
import PinchZoom from 'ol/interaction/PinchZoom';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import type { ClusterIndex, ClusterRef } from '../model/cluster-index';
import { hitIndex, type Drawn, type Shape } from '../model/hit';
import { convexHull } from '../model/hull';
import { popupOffset, type MarkerSpec } from '../model/marker';
import { fitZoom, type Extent } from '../model/project';
import { spiderOffsets } from '../model/spider';
import { inSlices } from './slices';
import { CLUSTER_RADIUS_PX, clusterStyle, coverageStyle, createMarkerStyles, kindOf, legStyle, positionStyles } from './styles';

/** Start view of the original map: the whole world. */
export const START = { center: [0, 0], zoom: 1 };
/** Keyboard pan step, px (Leaflet's; ol's default is 128). */
export const KEYBOARD_PAN = 80;
/** A fit never zooms closer than this (a single place keeps its surroundings). */
export const FIT_MAX_ZOOM = 16;
const FIT_PADDING = 40;
/** Clusters are drawn for half a view around the visible one, so short pans show no gap. */
const BUFFER = 0.5;

export interface ViewState {
  /** The index whose clusters are drawn (null while a new search's is being built). */
  index: ClusterIndex | null;
  /** The visible extent (metres, EPSG:3857). */
  extent: Extent;
  zoom: number;
  resolution: number;
  center: [number, number];
}

export interface MapEngineOptions {
  target: HTMLElement;
  tileUrl: string;
  maxZoom: number;
  marker: MarkerSpec;
  /** Where the view settled after any move, zoom or resize. */
  onView(view: ViewState): void;
  /** A single place was clicked on the map. */
  onPlace(point: number): void;
  /** The first frame with the places of a new search has been drawn. */
  onDrawn?(): void;
  /** A cluster was spread out (its number of places), or folded back (0). */
  onSpread?(count: number): void;
  /** The coverage of the hovered cluster is drawn (its corners), or gone (0). */
  onCoverage?(corners: number): void;
}

/** A cluster spread out at max zoom: its places around its centre. */
interface Spread {
  key: string;
  /** The resolution it was spread at: a zoom folds it back. */
  resolution: number | undefined;
  points: number[];
  at: Array<[number, number]>;
}

export function createMapEngine(o: MapEngineOptions) {
  const view = new View({ center: START.center, zoom: START.zoom, maxZoom: o.maxZoom, constrainResolution: true, showFullExtent: true });
  const clusterSource = new VectorSource<Feature<Point>>();
  const spreadSource = new VectorSource<Feature<Geometry>>();
  const coverageSource = new VectorSource<Feature<Polygon>>();
  const positionSource = new VectorSource<Feature<Geometry>>();
  let spread: Spread | null = null;

  const markers = createMarkerStyles(o.marker, () => {
    clusterLayer.changed();
    spreadLayer.changed();
  });
  const clusterLayer = new VectorLayer({
    source: clusterSource,
    style: (f) => {
      const count = f.get('count') as number;
      const dim = spread !== null && f.get('key') === spread.key;
      if (count === 1) return dim ? markers.dimmed() : markers.marker();
      return clusterStyle(count, dim);
    },
    updateWhileAnimating: false,
    updateWhileInteracting: false,
  });
  const spreadLayer = new VectorLayer({ source: spreadSource, style: (f) => (kindOf(f) === 'leg' ? legStyle : markers.marker()) });
  const coverageLayer = new VectorLayer({ source: coverageSource, style: coverageStyle });
  const positionLayer = new VectorLayer({
    source: positionSource,
    style: (f) => (f.getGeometry()?.getType() === 'Point' ? positionStyles.position : positionStyles.accuracy),
  });
  let tiles: TileLayer<XYZ> | null = null;

  const popupElement = document.createElement('div');
  popupElement.className = 'piazza-geo-popup-anchor';
  const popup = new Overlay({
    element: popupElement,
    positioning: 'bottom-center',
    offset: popupOffset(o.marker),
    stopEvent: true,
    autoPan: { animation: { duration: 200 }, margin: 16 },
  });

  const map = new OlMap({
    target: o.target,
    view,
    controls: [],
    // No wheel zoom (a page scroll must not zoom the map); everything else as the original.
    interactions: [
      new DragPan(),
      new PinchZoom(),
      new DoubleClickZoom(),
      new DragZoom(),
      // Keys move the map only when the map itself has focus, not a popup's link or button.
      new KeyboardPan({ pixelDelta: KEYBOARD_PAN, duration: 0, condition: (e) => e.originalEvent.target === o.target && noModifierKeys(e) }),
      new KeyboardZoom({ condition: (e) => e.originalEvent.target === o.target }),
    ],
    layers: [coverageLayer, clusterLayer, spreadLayer, positionLayer],
    overlays: [popup],
  });

  let index: ClusterIndex | null = null;
  let build: AbortController | null = null;
  /** The points' projected coordinates, by point index. */
  let xs: Float64Array = new Float64Array(0);
  let ys: Float64Array = new Float64Array(0);
  const hulls = new Map<string, Array<[number, number]>>();
  const features = new Map<string, Feature<Point>>();

  function visibleExtent(buffer = 0): Extent | null {
    const size = map.getSize();
    if (!size || !size[0] || !size[1]) return null;
    const e = view.calculateExtent(size) as Extent;
    const dx = (e[2] - e[0]) * buffer;
    const dy = (e[3] - e[1]) * buffer;
    return [e[0] - dx, e[1] - dy, e[2] + dx, e[3] + dy];
  }

  /** Only the clusters around the view become features (a few hundred at most). */
  function renderClusters() {
    const extent = visibleExtent(BUFFER);
    const zoom = view.getZoom();
    if (!index || !extent || zoom === undefined) {
      clusterSource.clear(true);
      features.clear();
      return;
    }
    const refs = index.clusters(zoom, extent);
    const next = new Map<string, Feature<Point>>();
    for (const ref of refs) {
      let f = features.get(ref.key);
      if (!f) {
        f = new Feature({ geometry: new Point([ref.x, ref.y]) });
        f.setProperties({ kind: 'cluster', key: ref.key, count: ref.count, ref }, true);
      }
      next.set(ref.key, f);
    }
    features.clear();
    next.forEach((f, k) => features.set(k, f));
    clusterSource.clear(true);
    clusterSource.addFeatures([...next.values()]);
  }

  function report() {
    const extent = visibleExtent();
    const zoom = view.getZoom();
    const resolution = view.getResolution();
    const center = view.getCenter();
    if (!extent || zoom === undefined || resolution === undefined || !center) return;
    o.onView({ index, extent, zoom, resolution, center: [center[0], center[1]] });
  }

  map.on('moveend', () => {
    // A zoom folds a spread cluster back (as markercluster does); a pan keeps it.
    if (spread && view.getResolution() !== spread.resolution) unspread();
    hovered = null;
    clearCoverage();
    renderClusters();
    report();
  });
  map.on('change:size', () => report());

  /** A cluster click: zoom to its places, or spread them when that cannot separate them. */
  function openCluster(ref: ClusterRef) {
    const [minX, minY, maxX, maxY] = ref.extent;
    const size = map.getSize();
    const zoom = view.getZoom() ?? 0;
    const target = size ? Math.floor(fitZoom(ref.extent, size[0], size[1], FIT_PADDING, o.maxZoom)) : o.maxZoom;
    if (zoom >= o.maxZoom || target <= zoom || (maxX - minX < 1e-6 && maxY - minY < 1e-6)) {
      spreadCluster(ref);
      return;
    }
    view.fit([minX, minY, maxX, maxY], { padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING], maxZoom: o.maxZoom, duration: reducedMotion() ? 0 : 300 });
  }

  function spreadCluster(ref: ClusterRef) {
    if (!index) return;
    unspread();
    const points = index.leaves(ref).sort((a, b) => a - b);
    const res = view.getResolution() ?? 1;
    const at = spiderOffsets(points.length).map(([dx, dy]): [number, number] => [ref.x + dx * res, ref.y - dy * res]);
    spread = { key: ref.key, resolution: view.getResolution(), points, at };
    const legs = at.map((p) => {
      const f = new Feature({ geometry: new LineString([[ref.x, ref.y], p]) });
      f.set('kind', 'leg', true);
      return f;
    });
    const leaves = at.map((p, i) => {
      const f = new Feature({ geometry: new Point(p) });
      f.setProperties({ kind: 'spread', point: points[i] }, true);
      return f;
    });
    spreadSource.addFeatures([...legs, ...leaves]);
    clusterLayer.changed();
    o.onSpread?.(points.length);
  }

  function unspread() {
    if (!spread) return;
    spread = null;
    spreadSource.clear(true);
    clusterLayer.changed();
    o.onSpread?.(0);
  }

  type Hit = { kind: 'spread'; point: number } | { kind: 'cluster'; ref: ClusterRef };
  const pin: Shape = { kind: 'pin', size: o.marker.iconSize, anchor: o.marker.iconAnchor };
  const disc: Shape = { kind: 'disc', radius: CLUSTER_RADIUS_PX };
  /** What is under a pixel, from where things are drawn (see model/hit.ts for why not ol's hit detection). */
  function hitAt(pixel: number[]): Hit | null {
    const hits: Hit[] = [];
    const drawn: Drawn[] = [];
    const add = (x: number, y: number, shape: Shape, hit: Hit) => {
      const p = map.getPixelFromCoordinate([x, y]);
      if (!p) return;
      drawn.push({ x: p[0], y: p[1], shape });
      hits.push(hit);
    };
    features.forEach((f) => {
      const ref = f.get('ref') as ClusterRef;
      if (ref.key !== spread?.key) add(ref.x, ref.y, ref.count === 1 ? pin : disc, { kind: 'cluster', ref });
    });
    spread?.at.forEach(([x, y], i) => add(x, y, pin, { kind: 'spread', point: spread!.points[i] }));
    const i = hitIndex(pixel[0], pixel[1], drawn);
    return i >= 0 ? hits[i] : null;
  }

  map.on('singleclick', (e) => {
    const hit = hitAt(e.pixel);
    if (!hit) return unspread();
    if (hit.kind === 'spread') return o.onPlace(hit.point);
    if (hit.ref.count === 1) return o.onPlace(hit.ref.point);
    openCluster(hit.ref);
  });

  let hoverFrame = 0;
  let hovered: string | null = null;
  map.on('pointermove', (e) => {
    if (e.dragging) return;
    const pixel = e.pixel;
    cancelAnimationFrame(hoverFrame);
    hoverFrame = requestAnimationFrame(() => {
      const hit = hitAt(pixel);
      o.target.classList.toggle('piazza-geo-pointer', !!hit);
      const ref = hit?.kind === 'cluster' && hit.ref.count > 1 ? hit.ref : null;
      if ((ref?.key ?? null) === hovered) return;
      hovered = ref?.key ?? null;
      clearCoverage();
      if (ref && spread?.key !== ref.key) {
        const hull = coverageOf(ref);
        if (hull.length >= 3) {
          coverageSource.addFeature(new Feature({ geometry: new Polygon([[...hull, hull[0]]]) }));
          o.onCoverage?.(hull.length);
        }
      }
    });
  });
  o.target.addEventListener('pointerleave', () => {
    hovered = null;
    clearCoverage();
  });

  function clearCoverage() {
    if (!coverageSource.isEmpty()) {
      coverageSource.clear(true);
      o.onCoverage?.(0);
    }
  }

  function coverageOf(ref: ClusterRef): Array<[number, number]> {
    let hull = hulls.get(ref.key);
    if (!hull && index) {
      hull = convexHull(index.leaves(ref).map((p): [number, number] => [xs[p], ys[p]]));
      hulls.set(ref.key, hull);
    }
    return hull || [];
  }

  const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  /** Where a place is drawn now: its spread position when its cluster is spread out. */
  function drawnAt(point: number): [number, number] {
    const i = spread ? spread.points.indexOf(point) : -1;
    return i >= 0 ? spread!.at[i] : [xs[point], ys[point]];
  }

  return {
    map,
    popupElement,

    /** Tiles on (once allowed) or off (consent withdrawn: none is requested any more). */
    setTiles(enabled: boolean) {
      if (enabled && !tiles) {
        tiles = new TileLayer({ source: new XYZ({ url: o.tileUrl, tileSize: 256, maxZoom: o.maxZoom }) });
        map.getLayers().insertAt(0, tiles);
      } else if (!enabled && tiles) {
        map.removeLayer(tiles);
        tiles.getSource()?.dispose();
        tiles.dispose();
        tiles = null;
      }
    },

    /**
     * New places (every geo search): the old ones go at once; the index is built in slices down
     * to the zoom that fits the new places, the view fits them and they are drawn, then the other
     * levels follow in the background. Resolves when the first clustered frame is on its way.
     */
    async setPoints(nextIndex: ClusterIndex | null, nextXs: Float64Array, nextYs: Float64Array): Promise<void> {
      build?.abort();
      const controller = (build = new AbortController());
      unspread();
      popup.setPosition(undefined);
      hulls.clear();
      features.clear();
      clearCoverage();
      index = null;
      xs = nextXs;
      ys = nextYs;
      renderClusters();
      report();
      if (!nextIndex || !nextIndex.extent) return;
      const size = map.getSize();
      const target = size && size[0] && size[1]
        ? Math.floor(fitZoom(nextIndex.extent, size[0], size[1], FIT_PADDING, Math.min(o.maxZoom, FIT_MAX_ZOOM)))
        : 0;
      if (!(await inSlices(() => nextIndex.step(1000, target), controller.signal))) return;
      index = nextIndex;
      const [minX, minY, maxX, maxY] = nextIndex.extent;
      // fit() moves the view: the moveend draws the clusters and reports the view.
      view.fit([minX, minY, maxX, maxY], { padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING], maxZoom: Math.min(o.maxZoom, FIT_MAX_ZOOM) });
      renderClusters();
      report();
      map.once('postrender', () => {
        if (controller.signal.aborted) return;
        // For the benchmark (and the browser's performance panel): the first frame with the new places.
        performance.mark?.('piazza-geo-drawn');
        o.onDrawn?.();
      });
      map.render();
      void inSlices(() => nextIndex.step(1000), controller.signal);
    },

    zoomBy(delta: number) {
      const zoom = view.getZoom() ?? START.zoom;
      view.animate({ zoom: Math.max(0, Math.min(o.maxZoom, Math.round(zoom + delta))), duration: reducedMotion() ? 0 : 250 });
    },

    openCluster,

    /**
     * Brings a place into view on its own (zooming in until it leaves its cluster, or spreading
     * the cluster at max zoom), centred. Resolves when the view has settled.
     */
    showPlace(point: number): Promise<void> {
      if (!index) return Promise.resolve();
      const alone = index.aloneFrom(point);
      const zoom = Math.max(view.getZoom() ?? 0, Math.min(o.maxZoom, alone));
      return new Promise((resolve) => {
        const settle = () => {
          // Draw (and report) the new view now: the popup's auto-pan may start right after.
          map.renderSync();
          if (alone > o.maxZoom && index) {
            const ref = index.clusters(zoom, visibleExtent(BUFFER) || [-Infinity, -Infinity, Infinity, Infinity])
              .find((c) => c.count > 1 && index!.leaves(c).includes(point));
            if (ref && spread?.key !== ref.key) spreadCluster(ref);
          }
          resolve();
        };
        view.animate({ center: [xs[point], ys[point]], zoom, duration: reducedMotion() ? 0 : 300 }, settle);
      });
    },

    /** Anchors the popup at a place (or hides it with null). */
    setPopup(point: number | null) {
      popup.setPosition(point === null ? undefined : drawnAt(point));
    },

    /** Re-anchors the open popup after its content changed size (auto-pan into view). */
    panIntoView() {
      const at = popup.getPosition();
      if (at) popup.setPosition(at.slice());
    },

    /** Marks the visitor's position (and accuracy) and zooms to it. */
    showPosition(at: number[], accuracy: Polygon | null) {
      positionSource.clear(true);
      if (accuracy) positionSource.addFeature(new Feature({ geometry: accuracy }));
      positionSource.addFeature(new Feature({ geometry: new Point(at) }));
      if (accuracy) view.fit(accuracy.getExtent(), { padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING], maxZoom: FIT_MAX_ZOOM, duration: reducedMotion() ? 0 : 300 });
      else view.animate({ center: at, zoom: FIT_MAX_ZOOM, duration: reducedMotion() ? 0 : 300 });
    },

    /** The tab became visible or its box changed. */
    updateSize() {
      map.updateSize();
    },

    /** The current view, when the map has a size. */
    viewState(): ViewState | null {
      const extent = visibleExtent();
      const zoom = view.getZoom();
      const resolution = view.getResolution();
      const center = view.getCenter();
      return extent && zoom !== undefined && resolution !== undefined && center ? { index, extent, zoom, resolution, center: [center[0], center[1]] } : null;
    },

    dispose() {
      build?.abort();
      cancelAnimationFrame(hoverFrame);
      map.setTarget(undefined);
      map.dispose();
    },
  };
}

export type MapEngine = ReturnType<typeof createMapEngine>;
