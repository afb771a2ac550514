// One native select per facet: labelled, counts in the option texts, the tree depth shown by
// indentation, options without results disabled (or removed, by config).
import type { I18n } from '../../../runtime/i18n';
import { facetOptions } from '../model/facets';
import type { FacetCount } from '../model/response';
import type { FacetDef } from '../model/types';

interface Props {
  id: string;
  def: FacetDef;
  counts: FacetCount[] | null;
  selected: string[];
  loading: boolean;
  removeEmpty: boolean;
  i18n: I18n;
  onChange(values: string[]): void;
}

export function FacetSelect({ id, def, counts, selected, loading, removeEmpty, i18n, onChange }: Props) {
  const options = facetOptions(def, { counts, selected, locale: i18n.locale, removeEmpty });
  return (
    <div class="select-wrapper piazza-listing-facet">
      <label for={id}>{def.label}</label>
      <select
        id={id}
        aria-busy={loading || undefined}
        value={selected[0] ?? ''}
        onChange={(e) => {
          const value = (e.currentTarget as HTMLSelectElement).value;
          onChange(value ? [value] : []);
        }}
      >
        <option value="">{i18n.t('facet.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {'\u00a0\u00a0'.repeat(o.depth) + (o.count === null ? o.label : i18n.t('facet.option', { label: o.label, count: o.count }))}
          </option>
        ))}
      </select>
    </div>
  );
}
