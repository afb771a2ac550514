// The OpenLayers map behind the geo tab, imperative and free of Preact: tiles (only once allowed),
// the places (map/clusters.ts), the popup's anchor, the visitor's position. The tab renders every
// control and text itself; the engine reports where the view settled, and which place or cluster
// was chosen.
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import { noModifierKeys } from 'ol/events/condition';
import { hasArea } from 'ol/size';
import type { Geometry } from 'ol/geom';
import Point from 'ol/geom/Point';
import type Polygon from 'ol/geom/Polygon';
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
import { createClusterIndex, type ClusterIndex, type ClusterRef } from '../model/cluster-index';
import { CLUSTER_RADIUS } from '../model/places';
import { popupOffset, type MarkerSpec } from '../model/marker';
import { fitZoom, type Extent } from '../model/project';
import { createClusterLayers } from './clusters';
import { afterPaint } from '../../../../runtime/dom';
import { inSlices, whenIdle } from './slices';
import { positionStyles, warmUpText } from './styles';

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
  /** The first frame with the places of a new search has been painted (and the tiles asked for). */
  onDrawn?(): void;
  /** A cluster was spread out (its number of places), or folded back (0). */
  onSpread?(count: number): void;
  /** The coverage of the hovered cluster is drawn (its corners), or gone (0). */
  onCoverage?(corners: number): void;
}

export function createMapEngine(o: MapEngineOptions) {
  const view = new View({ center: START.center, zoom: START.zoom, maxZoom: o.maxZoom, constrainResolution: true, showFullExtent: true });
  const places = createClusterLayers({ marker: o.marker, onSpread: o.onSpread, onCoverage: o.onCoverage });
  const positionSource = new VectorSource<Feature<Geometry>>();
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
      new KeyboardPan({
        pixelDelta: KEYBOARD_PAN,
        duration: 0,
        condition: (e) => e.originalEvent.target === o.target && noModifierKeys(e),
      }),
      new KeyboardZoom({ condition: (e) => e.originalEvent.target === o.target }),
    ],
    // No layer until there is something to draw (issue 31): the map is sized as soon as its tab
    // is shown, and a frame of three empty vector layers (their canvases and executor groups
    // made) would then stand between the click and the answer's places.
    layers: [],
    overlays: [popup],
  });
  let layered = false;
  function addLayers() {
    if (layered) return;
    layered = true;
    map.getLayers().extend([...places.layers, positionLayer]);
  }
  let tilesWanted = false;
  /** A new search's places are on their way to the screen: the tiles wait for them (setTiles). */
  let placesFirst = false;
  let build: AbortController | null = null;
  /** The places' projected coordinates, by point index. */
  let xs: Float64Array = new Float64Array(0);
  let ys: Float64Array = new Float64Array(0);

  function visibleExtent(buffer = 0): Extent | null {
    const size = map.getSize();
    if (!size || !size[0] || !size[1]) return null;
    const e = view.calculateExtent(size) as Extent;
    const dx = (e[2] - e[0]) * buffer;
    const dy = (e[3] - e[1]) * buffer;
    return [e[0] - dx, e[1] - dy, e[2] + dx, e[3] + dy];
  }

  const draw = () => places.draw(view.getZoom(), visibleExtent(BUFFER));

  function viewState(): ViewState | null {
    const extent = visibleExtent();
    const zoom = view.getZoom();
    const resolution = view.getResolution();
    const center = view.getCenter();
    return extent && zoom !== undefined && resolution !== undefined && center
      ? { index: places.index, extent, zoom, resolution, center: [center[0], center[1]] }
      : null;
  }

  function report() {
    const state = viewState();
    if (state) o.onView(state);
  }

  /** A frame drawn only to make the drawing code ready: the view's listeners stay out of it. */
  let warming = false;
  /**
   * Draws a frame of three made-up places (a cluster of two and a single place) into the hidden map, then
   * clears it: the layers' canvases and OpenLayers' drawing code are made ready while the map
   * waits out of sight (tabs.controller.ts STAGED: mounted ahead of its tab), not in the frame of
   * the answer's places (~20 ms of a cold first frame, issue 31). Only hidden: nothing of it is
   * ever on screen, and only before any place was given.
   */
  function warmUp() {
    warmUpText();
    const size = map.getSize();
    if (layered || placesFirst || (size && hasArea(size))) return;
    warming = true;
    try {
      const wx = new Float64Array([-1.5e7, 1.5e7, 1.5e7 + 1]);
      const wy = new Float64Array([0, 0, 0]);
      map.getLayers().extend([...places.layers]);
      places.setPlaces(createClusterIndex(wx, wy, { radius: CLUSTER_RADIUS, maxZoom: o.maxZoom }), wx, wy);
      map.setSize([512, 256]);
      places.draw(START.zoom, visibleExtent(BUFFER));
      map.renderSync();
      places.setPlaces(null, xs, ys);
      for (const layer of places.layers) map.removeLayer(layer);
      map.setSize(size);
    } finally {
      warming = false;
    }
  }
  const cancelWarmUp = whenIdle(warmUp);

  map.on('moveend', () => {
    if (warming) return;
    // A zoom folds a spread cluster back (as markercluster does); a pan keeps it.
    const spread = places.spreadState();
    if (spread && view.getResolution() !== spread.resolution) places.unspread();
    places.clearCoverage();
    draw();
    report();
  });
  map.on('change:size', () => warming || report());

  /** A cluster click: zoom to its places, or spread them when that cannot separate them. */
  function openCluster(ref: ClusterRef) {
    const [minX, minY, maxX, maxY] = ref.extent;
    const size = map.getSize();
    const zoom = view.getZoom() ?? 0;
    const target = size ? Math.floor(fitZoom(ref.extent, size[0], size[1], FIT_PADDING, o.maxZoom)) : o.maxZoom;
    if (zoom >= o.maxZoom || target <= zoom || (maxX - minX < 1e-6 && maxY - minY < 1e-6)) {
      places.spread(ref, view.getResolution() ?? 1);
      return;
    }
    view.fit([minX, minY, maxX, maxY], {
      padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING],
      maxZoom: o.maxZoom,
      duration: reducedMotion() ? 0 : 300,
    });
  }

  const hitAt = (pixel: number[]) => places.hitAt(pixel, (at) => map.getPixelFromCoordinate(at));

  map.on('singleclick', (e) => {
    const hit = hitAt(e.pixel);
    if (!hit) return places.unspread();
    if (hit.kind === 'spread') return o.onPlace(hit.point);
    if (hit.ref.count === 1) return o.onPlace(hit.ref.point);
    openCluster(hit.ref);
  });

  let hoverFrame = 0;
  map.on('pointermove', (e) => {
    if (e.dragging) return;
    const pixel = e.pixel;
    cancelAnimationFrame(hoverFrame);
    hoverFrame = requestAnimationFrame(() => {
      const hit = hitAt(pixel);
      o.target.classList.toggle('piazza-geo-pointer', !!hit);
      places.hover(hit?.kind === 'cluster' ? hit.ref : null);
    });
  });
  o.target.addEventListener('pointerleave', () => places.clearCoverage());

  function applyTiles() {
    if (tilesWanted && !tiles) {
      tiles = new TileLayer({ source: new XYZ({ url: o.tileUrl, tileSize: 256, maxZoom: o.maxZoom }) });
      map.getLayers().insertAt(0, tiles);
    } else if (!tilesWanted && tiles) {
      map.removeLayer(tiles);
      tiles.getSource()?.dispose();
      tiles.dispose();
      tiles = null;
    }
  }

  const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  return {
    map,
    popupElement,

    /**
     * Tiles on (once allowed) or off (consent withdrawn: none is requested any more). Turned on
     * while a search's first places are being drawn, they come in the frame after those places
     * are painted: the places' frame is not also the tile layer's first one (issue 31).
     */
    setTiles(enabled: boolean) {
      tilesWanted = enabled;
      if (!placesFirst) applyTiles();
    },

    /**
     * New places (every geo search): the old ones go at once; the index is built in slices down
     * to the zoom that fits the new places, the view fits them and they are drawn, then the other
     * levels follow in the background. Resolves when the first clustered frame is on its way.
     */
    async setPoints(nextIndex: ClusterIndex | null, nextXs: Float64Array, nextYs: Float64Array): Promise<void> {
      build?.abort();
      const controller = (build = new AbortController());
      popup.setPosition(undefined);
      places.setPlaces(null, nextXs, nextYs);
      xs = nextXs;
      ys = nextYs;
      placesFirst = false;
      report();
      if (!nextIndex || !nextIndex.extent) {
        applyTiles(); // (no places to wait for: a search without any, or one replacing a search still being drawn)
        return;
      }
      placesFirst = true;
      // The size comes from OpenLayers' own observer of the target, after the browser's layout;
      // measured here only when the places came before it (a forced layout then, once).
      const measured = map.getSize();
      if (!measured || !hasArea(measured)) map.updateSize();
      const size = map.getSize();
      const target =
        size && hasArea(size) ? Math.floor(fitZoom(nextIndex.extent, size[0], size[1], FIT_PADDING, Math.min(o.maxZoom, FIT_MAX_ZOOM))) : 0;
      if (!(await inSlices(() => nextIndex.step(1000, target), controller.signal))) return;
      addLayers();
      places.setPlaces(nextIndex, nextXs, nextYs);
      const [minX, minY, maxX, maxY] = nextIndex.extent;
      view.fit([minX, minY, maxX, maxY], {
        padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING],
        maxZoom: Math.min(o.maxZoom, FIT_MAX_ZOOM),
      });
      draw();
      report();
      map.once('postrender', () => {
        // For the benchmark (and the browser's performance panel): the first frame with the new places.
        if (!controller.signal.aborted) performance.mark?.('piazza-geo-drawn');
      });
      // Drawn now, in this task, rather than in the next animation frame: the places are on the
      // canvas when the browser next paints (issue 31). Nothing else runs before that paint: the
      // tiles and the other zoom levels of the index come after it (the companion list and the
      // scale follow the view a task after its frame: onView).
      map.renderSync();
      void afterPaint().then(() => {
        if (controller.signal.aborted) return;
        placesFirst = false;
        if (tilesWanted && !tiles) {
          applyTiles();
          map.renderSync(); // (its tiles are asked for now, before the tab says it is drawn)
        }
        o.onDrawn?.();
        void inSlices(() => nextIndex.step(1000), controller.signal);
      });
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
      const index = places.index;
      if (!index) return Promise.resolve();
      const alone = index.aloneFrom(point);
      const zoom = Math.max(view.getZoom() ?? 0, Math.min(o.maxZoom, alone));
      return new Promise((resolve) => {
        const settle = () => {
          // Draw (and report) the new view now: the popup's auto-pan may start right after.
          map.renderSync();
          if (alone > o.maxZoom) {
            const ref = index
              .clusters(zoom, visibleExtent(BUFFER) || [-Infinity, -Infinity, Infinity, Infinity])
              .find((c) => c.count > 1 && index.leaves(c).includes(point));
            if (ref && places.spreadState()?.key !== ref.key) places.spread(ref, view.getResolution() ?? 1);
          }
          resolve();
        };
        view.animate({ center: [xs[point], ys[point]], zoom, duration: reducedMotion() ? 0 : 300 }, settle);
      });
    },

    /** Anchors the popup at a place (or hides it with null). */
    setPopup(point: number | null) {
      popup.setPosition(point === null ? undefined : places.drawnAt(point));
    },

    /** Re-anchors the open popup after its content changed size (auto-pan into view). */
    panIntoView() {
      const at = popup.getPosition();
      if (at) popup.setPosition(at.slice());
    },

    /** Marks the visitor's position (and accuracy) and zooms to it. */
    showPosition(at: number[], accuracy: Polygon | null) {
      addLayers();
      positionSource.clear(true);
      if (accuracy) positionSource.addFeature(new Feature({ geometry: accuracy }));
      positionSource.addFeature(new Feature({ geometry: new Point(at) }));
      if (accuracy)
        view.fit(accuracy.getExtent(), {
          padding: [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING],
          maxZoom: FIT_MAX_ZOOM,
          duration: reducedMotion() ? 0 : 300,
        });
      else view.animate({ center: at, zoom: FIT_MAX_ZOOM, duration: reducedMotion() ? 0 : 300 });
    },

    /** The current view, when the map has a size. */
    viewState,

    dispose() {
      cancelWarmUp();
      build?.abort();
      cancelAnimationFrame(hoverFrame);
      map.setTarget(undefined);
      map.dispose();
    },
  };
}

export type MapEngine = ReturnType<typeof createMapEngine>;
