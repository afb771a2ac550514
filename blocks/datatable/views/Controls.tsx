// Free-text search (400 ms debounce, like DataTables' searchDelay in server mode), rows per page,
// and a sort select for the card view, which has no column headers to click.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import { Icon } from '../../../runtime/ui/icons';
import type { ColumnSpec, Sort } from '../model/types';

export const SEARCH_DELAY = 400;

export function SearchBox({ id, value, i18n, onSearch }: { id: string; value: string; i18n: I18n; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committed = useRef(value);
  // Back/Forward changed the search: show it, without searching again.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (v: string) => {
    clearTimeout(timer.current);
    if (v.trim() === committed.current.trim()) return;
    committed.current = v;
    onSearch(v);
  };
  return (
    <div class="piazza-datatable-search">
      <label class="piazza-facet-label" for={id}>
        {i18n.t('search.label')}
      </label>
      <div class="input-group">
        <span class="input-group-text" aria-hidden="true">
          <Icon name="search" />
        </span>
        <input
          type="search"
          class="form-control"
          id={id}
          value={text}
          autocomplete="off"
          enterkeyhint="search"
          onInput={(e) => {
            const v = (e.currentTarget as HTMLInputElement).value;
            setText(v);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(v), SEARCH_DELAY);
          }}
          onKeyDown={(e) => {
            // (an Enter that ends an input method's composition picks the word, it does not search)
            if (e.key === 'Enter' && !e.isComposing) {
              e.preventDefault();
              commit((e.currentTarget as HTMLInputElement).value);
            }
          }}
        />
      </div>
    </div>
  );
}

export function PageSize({
  id,
  value,
  options,
  i18n,
  onChange,
}: {
  id: string;
  value: number;
  options: number[];
  i18n: I18n;
  onChange(size: number): void;
}) {
  return (
    <div class="piazza-datatable-size">
      <label class="piazza-facet-label" for={id}>
        {i18n.t('pageSize.label')}
      </label>
      <select
        id={id}
        class="form-select"
        value={String(value)}
        onChange={(e) => onChange(Number((e.currentTarget as HTMLSelectElement).value))}
      >
        {options.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SortSelect({
  id,
  sort,
  columns,
  i18n,
  onChange,
}: {
  id: string;
  sort: Sort | null;
  columns: ColumnSpec[];
  i18n: I18n;
  onChange(sort: Sort | null): void;
}) {
  const sortable = columns.filter((c) => c.sortable);
  const value = sort ? sort.field + ':' + sort.dir : '';
  return (
    <div class="piazza-datatable-sort">
      <label class="piazza-facet-label" for={id}>
        {i18n.t('sort.label')}
      </label>
      <select
        id={id}
        class="form-select"
        value={value}
        onChange={(e) => {
          const m = /^(.+):(asc|desc)$/.exec((e.currentTarget as HTMLSelectElement).value);
          onChange(m ? { field: m[1], dir: m[2] as Sort['dir'] } : null);
        }}
      >
        <option value="">{i18n.t('sort.none')}</option>
        {sortable.flatMap((c) =>
          (['asc', 'desc'] as const).map((dir) => (
            <option key={c.field + dir} value={c.field + ':' + dir}>
              {i18n.t('sort.' + dir, { title: c.title })}
            </option>
          )),
        )}
      </select>
    </div>
  );
}
