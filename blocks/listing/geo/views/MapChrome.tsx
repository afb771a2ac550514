// What sits on the map: zoom and locate buttons, the scale bar, the tiles' attribution (always
// shown, as OSM requires). Real buttons and text, so they work with the keyboard and are read out.
import type { I18n } from '../../../../runtime/i18n';
import { scaleBar, scaleLabel } from '../model/scale';

const ICONS = {
  plus: 'M12.5 11.5V5h-1v6.5H5v1h6.5V19h1v-6.5H19v-1z',
  minus: 'M5 11.5h14v1H5z',
  locate:
    'M12 9a3 3 0 1 0 3 3 3 3 0 0 0-3-3zm.5-6h-1v2.03a7 7 0 0 0-6.47 6.47H3v1h2.03a7 7 0 0 0 6.47 6.47V21h1v-2.03a7 7 0 0 0 6.47-6.47H21v-1h-2.03a7 7 0 0 0-6.47-6.47zM12 18a6 6 0 1 1 6-6 6 6 0 0 1-6 6z',
};

function ControlIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg class="icon icon-sm" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

interface ControlsProps {
  i18n: I18n;
  zoom: number | null;
  maxZoom: number;
  locating: boolean;
  onZoom(delta: number): void;
  onLocate(): void;
}

export function MapControls({ i18n, zoom, maxZoom, locating, onZoom, onLocate }: ControlsProps) {
  const { t } = i18n;
  const button = (label: string, icon: keyof typeof ICONS, onClick: () => void, disabled = false) => (
    <button
      type="button"
      class="btn btn-light btn-sm piazza-geo-control"
      aria-label={label}
      title={label}
      onClick={onClick}
      aria-disabled={disabled || undefined}
      data-control={icon}
    >
      <ControlIcon name={icon} />
    </button>
  );
  return (
    <div class="piazza-geo-controls" role="group" aria-label={t('geo.controls')}>
      {button(t('geo.zoomIn'), 'plus', () => zoom !== null && zoom < maxZoom && onZoom(1), zoom !== null && zoom >= maxZoom)}
      {button(t('geo.zoomOut'), 'minus', () => zoom !== null && zoom > 0 && onZoom(-1), zoom !== null && zoom <= 0)}
      <span aria-busy={locating || undefined}>{button(t('geo.locate'), 'locate', () => !locating && onLocate(), locating)}</span>
    </div>
  );
}

export function ScaleBar({ i18n, resolution, y }: { i18n: I18n; resolution: number; y: number }) {
  const scale = scaleBar(resolution, y);
  if (!scale) return null;
  const w = scale.width;
  // The bar is an SVG sized by attributes: no style is written (strict CSP).
  return (
    <div class="piazza-geo-scale" data-width={w}>
      <span class="visually-hidden">{i18n.t('geo.scale')}: </span>
      <span>{scaleLabel(scale.metres, i18n.locale)}</span>
      <svg width={w + 2} height="7" viewBox={'0 0 ' + (w + 2) + ' 7'} aria-hidden="true" focusable="false">
        <path d={'M1 0V6H' + (w + 1) + 'V0'} fill="none" stroke="currentColor" stroke-width="1.5" />
      </svg>
    </div>
  );
}

export function Attribution({ i18n, text, url }: { i18n: I18n; text: string; url: string }) {
  return (
    <div class="piazza-geo-attribution">
      <span class="visually-hidden">{i18n.t('geo.attribution')}: </span>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {text}
        </a>
      ) : (
        text
      )}
    </div>
  );
}
