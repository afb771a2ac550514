// The geo tab: the places of the block's filters on an OpenLayers map, with the companion list
// that makes them reachable without a mouse. The map is created when the tab is first shown and
// only once its tiles are allowed (a consent-governed tile service waits for the visitor).
import { render, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useStore } from '../../../../runtime/block/use-store';
import { useStyle } from '../../../../runtime/ui/style';
import { createI18n } from '../../../../runtime/i18n';
import type { BlockContext } from '../../../../runtime/types';
import { ErrorNotice } from '../../../../runtime/ui/ErrorNotice';
import type { TabViewProps } from '../../tab-contract';
import { Spinner } from '../../views/Spinner';
import { createDetailLoader } from '../detail';
import { catalog } from '../i18n';
import { locate } from '../map/locate';
import { createMapEngine, type MapEngine, type ViewState } from '../map/engine';
import { makiMarker } from '../model/marker';
import { WORLD_HALF } from '../model/project';
import { scaleFormat } from '../model/scale';
import type { GeoController, GeoResults } from '../geo.controller';
import css from '../style.css';
import { Companion, type CompanionView } from './Companion';
import { ConsentPlaceholder } from './ConsentPlaceholder';
import { Attribution, MapControls, ScaleBar } from './MapChrome';
import { Popup } from './Popup';

const WORLD: [number, number, number, number] = [-WORLD_HALF, -WORLD_HALF, WORLD_HALF, WORLD_HALF];

/** Are the tiles allowed? A consent service governs them when the config names one. */
function useTilesAllowed(ctx: BlockContext, service: string): [allowed: boolean, allowOnce: () => void] {
  const check = () => !service || (ctx.consent ? ctx.consent.allows(service) : false);
  const [allowed, setAllowed] = useState(check);
  const [once, setOnce] = useState(false);
  useEffect(() => (service ? ctx.events.on('consent:change', () => setAllowed(check())) : undefined), []);
  return [allowed || once, () => setOnce(true)];
}

/** Renders into an element OpenLayers owns (the popup's overlay); preact/compat's createPortal would cost a chunk. */
function Portal({ into, children }: { into: HTMLElement | null; children: ComponentChildren }) {
  useEffect(() => {
    if (into) render(children as any, into);
  });
  useEffect(
    () => () => {
      if (into) render(null, into);
    },
    [into],
  );
  return null;
}

interface OpenPopup {
  point: number;
  /** Opened from the list: focus goes into the popup, and back to `trigger` when it closes. */
  trigger: HTMLElement | null;
}

export function TabView(props: TabViewProps) {
  const { settings: s, panelId, ctx } = props;
  const config = s.map;
  const maxZoom = config.maxZoom ?? 18;
  const i18n = useMemo(() => createI18n(catalog, s.locale, s.i18n), []);
  const { t } = i18n;
  const marker = useMemo(() => makiMarker(config.marker), []);
  useStyle('listing-geo', css, ctx.nonce);
  useEffect(() => void scaleFormat(i18n.locale), []); // (made now, not in the scale bar's first render)
  const controller = props.controller as GeoController;
  const detail = useMemo(() => createDetailLoader(s, props.api.link, ctx.nonce), []);
  useEffect(() => () => detail.cancel(), []);
  const res = useStore(controller.results) as GeoResults;
  const places = res.places;

  const [allowed, allowOnce] = useTilesAllowed(ctx, config.consentService || '');
  const target = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [view, setView] = useState<ViewState | null>(null);
  const [drawn, setDrawn] = useState(0);
  const [spread, setSpread] = useState(0);
  const [coverage, setCoverage] = useState(0);
  const [popup, setPopup] = useState<OpenPopup | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const onPlace = useRef((_point: number) => {});

  useEffect(() => {
    if (!allowed || !target.current) return;
    // The list follows the map in a task of its own, after the map's frame is painted: two short
    // tasks instead of one long one while the visitor pans, and the places are on screen before
    // the list of them is made (issue 31: a click on the tab paints the map first). It waits for
    // the frame after the one that draws the view: a task queued in that frame would still run
    // before anything that waits for its paint (the map's onDrawn, the tiles).
    let viewTimer: ReturnType<typeof setTimeout> | undefined;
    let viewFrame = 0;
    const e = createMapEngine({
      target: target.current,
      tileUrl: config.tileUrl!,
      maxZoom,
      marker,
      onView: (v) => {
        const follow = () => {
          clearTimeout(viewTimer);
          cancelAnimationFrame(viewFrame);
          viewTimer = setTimeout(() => setView(v));
        };
        clearTimeout(viewTimer);
        cancelAnimationFrame(viewFrame);
        viewFrame = requestAnimationFrame(() => (viewFrame = requestAnimationFrame(follow)));
        viewTimer = setTimeout(follow, 200); // (a page in the background paints no frame)
      },
      onPlace: (point) => onPlace.current(point),
      onDrawn: () => setDrawn((n) => n + 1),
      onSpread: setSpread,
      onCoverage: setCoverage,
    });
    setEngine(e);
    return () => {
      clearTimeout(viewTimer);
      cancelAnimationFrame(viewFrame);
      e.dispose();
      setEngine(null);
      setView(null);
      setPopup(null);
    };
  }, [allowed]);

  // Every geo search: the popup closes, the old places go, the new ones are fitted. In the commit
  // that shows them, not after the next paint: the answer's places reach the map a frame sooner.
  useLayoutEffect(() => {
    if (!engine) return;
    setPopup(null);
    void engine.setPoints(places.index, places.xs, places.ys);
  }, [engine, places]);

  // Tiles from the first answer on, after its places are drawn: before it, a frame of the whole
  // world and its tiles would be drawn for nothing, in the time the places could be.
  const answered = res.status !== 'idle';
  useLayoutEffect(() => engine?.setTiles(answered), [engine, answered]);

  const open = (point: number, trigger: HTMLElement | null) => {
    engine?.setPopup(point);
    setPopup({ point, trigger });
  };
  onPlace.current = (point) => open(point, null);
  const close = () => {
    engine?.setPopup(null);
    const back = popup?.trigger;
    const point = popup?.point;
    setPopup(null);
    if (!back) return;
    // The list follows the map: the entry that opened the popup may have been made again (its group
    // split when the map moved to the place); the place's own button then takes focus, else the map.
    const again = back.isConnected
      ? back
      : target.current
          ?.closest('.piazza-geo')
          ?.querySelector<HTMLElement>('.piazza-geo-companion li[data-point="' + point + '"] .piazza-geo-show');
    (again || target.current)?.focus();
  };
  const showPlace = async (point: number, trigger: HTMLElement) => {
    if (!engine) return;
    await engine.showPlace(point);
    open(point, trigger);
  };
  const onLocate = async () => {
    setLocating(true);
    setLocateError(null);
    const result = await locate();
    setLocating(false);
    if (result.ok) {
      engine?.showPosition(result.at, result.accuracy);
      props.announce(t('geo.locate.found'));
    } else {
      setLocateError(t('geo.locate.' + result.reason));
    }
  };

  const companionView = useMemo<CompanionView | null>(() => {
    // Only what the map draws: the view of an earlier search's index would list places that are gone.
    if (engine)
      return view?.index && view.index === places.index
        ? { index: view.index, extent: view.extent, zoom: view.zoom, resolution: view.resolution }
        : null;
    // No map yet (tiles not allowed): every place, grouped only where they share a spot.
    return places.index ? { index: places.index, extent: WORLD, zoom: maxZoom, resolution: null } : null;
  }, [engine, view, places]);

  // The list is about to change: a search on its way (the map starts it empty), or its places in
  // and the map's first view of them still to come (a frame or more: onView).
  const listBusy = res.loading || (!!engine && !!places.index && !companionView);

  const status = res.loading ? 'loading' : res.status;
  const id = panelId + '-map';
  const place = popup ? places.points[popup.point] : null;
  return (
    <div
      class="piazza-geo"
      data-piazza-status={status}
      data-points={res.points.length}
      data-total={res.totalCount}
      data-skipped={res.skipped}
      data-version={res.version}
      data-drawn={drawn}
    >
      {res.status === 'error' && !res.loading && <ErrorNotice i18n={i18n} onRetry={controller.retry} />}
      {locateError && (
        <div class="alert alert-warning py-2 mb-3 piazza-geo-locate-error" role="alert">
          {locateError}
        </div>
      )}
      <div class="row g-3">
        <div class="col-12 col-lg-8">
          <div class="piazza-geo-frame">
            {allowed ? (
              <>
                <div
                  ref={target}
                  id={id}
                  class="piazza-geo-map"
                  tabIndex={0}
                  role="application"
                  aria-label={t('geo.map.label')}
                  aria-describedby={id + '-help'}
                  data-zoom={view ? view.zoom : undefined}
                  data-spread={spread}
                  data-coverage={coverage}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape' && popup) close();
                  }}
                />
                <MapControls
                  i18n={i18n}
                  zoom={view ? view.zoom : null}
                  maxZoom={maxZoom}
                  locating={locating}
                  onZoom={(d) => engine?.zoomBy(d)}
                  onLocate={onLocate}
                />
                {view && <ScaleBar i18n={i18n} resolution={view.resolution} y={view.center[1]} />}
                <Attribution i18n={i18n} text={config.attribution!} url={config.attributionUrl ?? ''} />
                {res.loading && (
                  <div class="piazza-geo-loading">
                    <Spinner label={t('loading')} />
                    {res.received > 0 && <span aria-hidden="true">{t('geo.progress', { count: res.received })}</span>}
                  </div>
                )}
              </>
            ) : (
              <ConsentPlaceholder
                i18n={i18n}
                service={config.consentService!}
                onAllow={allowOnce}
                onSettings={ctx.consent ? () => ctx.consent!.open() : undefined}
              />
            )}
          </div>
          <p id={id + '-help'} class="visually-hidden">
            {t('geo.map.help')}
          </p>
          {res.status === 'ready' && !res.loading && res.points.length === 0 && <p class="mt-2 mb-0 piazza-geo-empty">{t('geo.empty')}</p>}
        </div>
        <div class="col-12 col-lg-4">
          <Companion
            id={panelId + '-places'}
            view={companionView}
            points={places.points}
            busy={listBusy}
            settings={s}
            i18n={i18n}
            mapShown={!!engine}
            onShow={showPlace}
            onZoom={(cluster) => engine?.openCluster(cluster)}
          />
        </div>
      </div>
      <Portal into={engine?.popupElement ?? null}>
        {engine && place && popup && (
          <Popup
            place={place}
            settings={s}
            listingI18n={props.i18n}
            i18n={i18n}
            detail={detail}
            focus={!!popup.trigger}
            onClose={close}
            onError={props.onError}
            onResize={() => engine.panIntoView()}
          />
        )}
      </Portal>
    </div>
  );
}
