// Third-party tiles wait for the visitor's consent: until then the tab shows this instead of the
// map (no tile is requested) and the places are still listed beside it.
import type { I18n } from '../../../../runtime/i18n';

interface Props {
  i18n: I18n;
  service: string;
  /** Load the map for this page view. */
  onAllow(): void;
  /** Open the consent settings, when the page has them. */
  onSettings?: () => void;
}

export function ConsentPlaceholder({ i18n, service, onAllow, onSettings }: Props) {
  const { t } = i18n;
  return (
    <div class="piazza-geo-placeholder d-flex flex-column justify-content-center align-items-start p-4" data-consent-service={service}>
      <p class="mb-3">{t('geo.consent.text', { service })}</p>
      <div class="d-flex flex-wrap gap-2">
        <button type="button" class="btn btn-primary btn-sm" onClick={onAllow}>
          {t('geo.consent.allow')}
        </button>
        {onSettings && (
          <button type="button" class="btn btn-outline-primary btn-sm" onClick={onSettings}>
            {t('geo.consent.settings')}
          </button>
        )}
      </div>
    </div>
  );
}
