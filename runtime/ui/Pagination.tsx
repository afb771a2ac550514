// The one pagination view (Bootstrap Italia markup). Page numbers are real links when the block
// can express a page as a URL, so they can be opened in a new tab and shared.
import type { I18n } from '../i18n';
import { pageWindow } from '../pagination';
import { Icon } from './icons';

export interface PaginationProps {
  page: number;
  count: number;
  i18n: I18n;
  onPage(page: number): void;
  hrefFor?: (page: number) => string;
  /** id prefix so two blocks on one page never share ids. */
  idPrefix: string;
}

export function Pagination({ page, count, i18n, onPage, hrefFor, idPrefix }: PaginationProps) {
  if (count <= 1) return null;
  const { t } = i18n;
  const go = (p: number) => (e: Event) => {
    e.preventDefault();
    if (p >= 0 && p < count && p !== page) onPage(p);
  };
  const link = (p: number, label: string, content: any, current = false, disabled = false) =>
    disabled ? (
      <span class="page-link" aria-disabled="true">
        {content}
        <span class="visually-hidden">{label}</span>
      </span>
    ) : (
      <a
        class="page-link"
        href={hrefFor ? hrefFor(p) : '#' + idPrefix + '-page-' + (p + 1)}
        onClick={go(p)}
        aria-current={current ? 'page' : undefined}
        aria-label={current ? undefined : label}
      >
        {content}
        {current && <span class="visually-hidden">{t('pagination.pageOf', { page: p + 1, count })}</span>}
      </a>
    );
  return (
    <nav class="pagination-wrapper justify-content-center piazza-pagination" aria-label={t('pagination.label')}>
      <ul class="pagination">
        <li class={'page-item' + (page === 0 ? ' disabled' : '')}>
          {link(page - 1, t('pagination.prev'), <Icon name="chevron-left" className="icon-primary" />, false, page === 0)}
        </li>
        {pageWindow(page, count).map((item) =>
          'ellipsis' in item ? (
            <li class="page-item" key={item.key} aria-hidden="true">
              <span class="page-link">…</span>
            </li>
          ) : (
            <li class={'page-item' + (item.current ? ' active' : '')} key={item.page}>
              {link(
                item.page,
                t('pagination.page', { page: item.page + 1 }),
                item.current ? <span aria-hidden="true">{item.page + 1}</span> : item.page + 1,
                item.current,
              )}
            </li>
          ),
        )}
        <li class={'page-item' + (page >= count - 1 ? ' disabled' : '')}>
          {link(page + 1, t('pagination.next'), <Icon name="chevron-right" className="icon-primary" />, false, page >= count - 1)}
        </li>
      </ul>
    </nav>
  );
}
