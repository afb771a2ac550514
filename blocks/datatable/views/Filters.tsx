// Facet filters above the table: a native select for single-value facets, a labelled disclosure
// with checkboxes for multiple ones (native multi-selects need Ctrl-click and are hard to use),
// and the active choices as removable chips.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import type { FacetOption } from '../model/draw';
import type { FacetSpec } from '../model/types';

export interface FacetView {
  facet: FacetSpec;
  options: FacetOption[];
}

export interface FiltersProps {
  facets: FacetView[];
  i18n: I18n;
  idPrefix: string;
  onChange(field: string, values: string[]): void;
  onClear(): void;
}

const optionText = (i18n: I18n, o: FacetOption) => i18n.t('filters.option', { value: o.value, count: o.count });

function SingleFacet({ view, i18n, id, onChange }: { view: FacetView; i18n: I18n; id: string; onChange(values: string[]): void }) {
  const current = view.options.find((o) => o.selected)?.value ?? '';
  return (
    <div class="piazza-facet">
      <label class="piazza-facet-label" for={id}>
        {view.facet.label}
      </label>
      <select
        id={id}
        class="form-select"
        value={current}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          onChange(v ? [v] : []);
        }}
      >
        <option value="">{i18n.t('filters.placeholder')}</option>
        {view.options.map((o) => (
          <option key={o.value} value={o.value}>
            {optionText(i18n, o)}
          </option>
        ))}
      </select>
    </div>
  );
}

function MultiFacet({ view, i18n, id, onChange }: { view: FacetView; i18n: I18n; id: string; onChange(values: string[]): void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const selected = view.options.filter((o) => o.selected).map((o) => o.value);

  // Closes when focus or a click goes elsewhere, so the panel never covers the table by surprise.
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <div
      class="piazza-facet piazza-multifacet"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <span class="piazza-facet-label" id={id + '-label'}>
        {view.facet.label}
      </span>
      <button
        type="button"
        ref={button}
        id={id}
        class="form-select text-start piazza-multifacet-button"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={id + '-panel'}
        aria-labelledby={id + '-label ' + id}
        onClick={() => setOpen(!open)}
      >
        {selected.length ? i18n.plural('filters.selected', selected.length) : i18n.t('filters.placeholder')}
      </button>
      <fieldset class="piazza-multifacet-panel" id={id + '-panel'} hidden={!open}>
        <legend class="visually-hidden">{view.facet.label}</legend>
        {view.options.map((o, i) => (
          <div class="form-check" key={o.value}>
            <input
              type="checkbox"
              id={id + '-' + i}
              checked={o.selected}
              onChange={(e) => toggle(o.value, (e.currentTarget as HTMLInputElement).checked)}
            />
            <label for={id + '-' + i}>{optionText(i18n, o)}</label>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

export function Filters({ facets, i18n, idPrefix, onChange, onClear }: FiltersProps) {
  const active = facets.flatMap((v) => v.options.filter((o) => o.selected).map((o) => ({ facet: v.facet, value: o.value })));
  return (
    <div class="piazza-datatable-filters">
      <div class="row g-3">
        {facets.map((v, i) => (
          <div class="col-12 col-md-6 col-lg-4" key={v.facet.field}>
            {v.facet.multiple ? (
              <MultiFacet view={v} i18n={i18n} id={idPrefix + '-facet-' + i} onChange={(values) => onChange(v.facet.field, values)} />
            ) : (
              <SingleFacet view={v} i18n={i18n} id={idPrefix + '-facet-' + i} onChange={(values) => onChange(v.facet.field, values)} />
            )}
          </div>
        ))}
      </div>
      {active.length > 0 && (
        <div class="piazza-datatable-active d-flex flex-wrap align-items-center gap-2 mt-3">
          <span class="fw-semibold" id={idPrefix + '-active'}>
            {i18n.t('filters.active')}
          </span>
          <ul class="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-labelledby={idPrefix + '-active'}>
            {active.map(({ facet, value }) => (
              <li key={facet.field + '\u0000' + value}>
                <button
                  type="button"
                  class="btn btn-outline-primary btn-xs piazza-chip"
                  aria-label={i18n.t('filters.remove', { label: facet.label, value })}
                  onClick={() =>
                    onChange(
                      facet.field,
                      (facets.find((f) => f.facet === facet)?.options || [])
                        .filter((o) => o.selected && o.value !== value)
                        .map((o) => o.value),
                    )
                  }
                >
                  {facet.label}: {value} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="btn btn-link btn-xs p-0" onClick={onClear}>
            {i18n.t('filters.clear')}
          </button>
        </div>
      )}
    </div>
  );
}
