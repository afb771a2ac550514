// A place's popup (max height 360, min width 300): a spinner, then the first hit of the detail
// request (its server view, the `templates.popup` template, or the built-in card), and a link to
// the content's full view in a new tab. A non-modal dialog: Escape or Close returns focus.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isCancelled, type RequestError } from '../../../../runtime/http';
import type { Words } from '../../../../runtime/types';
import type { I18n } from '../../../../runtime/i18n';
import { Icon } from '../../../../runtime/ui/icons';
import type { GeoPoint, Hit } from '../../model/response';
import type { ListingSettings } from '../../model/types';
import { HitItem } from '../../views/HitItem';
import { Spinner } from '../../views/Spinner';
import type { DetailLoader } from '../detail';
import { fullViewUrl } from '../model/urls';

interface Props {
  place: GeoPoint;
  settings: ListingSettings;
  /** The block's texts (the hit's card) and the tab's own. */
  listingI18n: I18n;
  i18n: I18n;
  detail: DetailLoader;
  /** Move focus into the popup (it was opened from the keyboard list). */
  focus: boolean;
  onClose(): void;
  onError(error: RequestError, what: Words): void;
  /** The content's size changed: keep the popup inside the map. */
  onResize(): void;
}

type Detail = { state: 'loading' } | { state: 'ready'; hit: Hit | null } | { state: 'error' };

export function Popup({ place, settings, listingI18n, i18n, detail, focus, onClose, onError, onResize }: Props) {
  const { t } = i18n;
  const [state, setState] = useState<Detail>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setState({ state: 'loading' });
    detail.load(place.id).then(
      (hit) => live && setState({ state: 'ready', hit }),
      (e) => {
        if (!live || isCancelled(e)) return;
        onError(e as RequestError, { it: 'del popup', en: 'popup' });
        setState({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [place, attempt]);

  useLayoutEffect(() => {
    if (focus) box.current?.focus();
  }, [place]);
  useLayoutEffect(onResize, [state]);

  // The popup shows the popup template when there is one (the list's item template otherwise).
  const cardSettings = { ...settings, templates: { ...settings.templates, item: settings.templates.popup ?? settings.templates.item } };
  const href = fullViewUrl(settings, place.mainNodeId, place.id);
  return (
    <div
      ref={box}
      class="piazza-geo-popup card shadow"
      role="dialog"
      aria-label={place.name}
      tabIndex={-1}
      data-place={String(place.id)}
      data-piazza-status={state.state}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <button
        type="button"
        class="btn btn-sm piazza-geo-popup-close"
        aria-label={t('geo.popup.close')}
        title={t('geo.popup.close')}
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
      <div class="piazza-geo-popup-body">
        {state.state === 'loading' && (
          <div class="d-flex justify-content-center py-4">
            <Spinner label={t('loading')} />
          </div>
        )}
        {state.state === 'error' && (
          <div class="piazza-geo-popup-error">
            <p class="mb-2">{t('geo.popup.error')}</p>
            <button type="button" class="btn btn-outline-primary btn-sm" onClick={() => setAttempt(attempt + 1)}>
              {t('error.retry')}
            </button>
          </div>
        )}
        {state.state === 'ready' && state.hit && <HitItem hit={state.hit} settings={cardSettings} i18n={listingI18n} />}
        {state.state === 'ready' && !state.hit && <p class="fw-semibold mb-0">{place.name}</p>}
      </div>
      <p class="piazza-geo-popup-link mb-0">
        <a href={href} target="_blank" rel="noopener">
          {t('geo.popup.link')}{' '}
          <span class="visually-hidden">
            {place.name} {t('geo.popup.newTab')}
          </span>
        </a>
      </p>
    </div>
  );
}
