// The one visitor-facing error: short, polite, with a Retry. Admin details go to the console.
import type { I18n } from '../i18n';
import { Icon } from './icons';

export function ErrorNotice({ i18n, onRetry, message }: { i18n: I18n; onRetry(): void; message?: string }) {
  return (
    <div class="alert alert-danger d-flex align-items-center gap-3 piazza-error" role="alert">
      <Icon name="error" className="icon-danger" />
      <p class="mb-0 flex-grow-1">{message || i18n.t('error.load')}</p>
      <button type="button" class="btn btn-outline-primary btn-sm" onClick={onRetry}>
        {i18n.t('error.retry')}
      </button>
    </div>
  );
}
