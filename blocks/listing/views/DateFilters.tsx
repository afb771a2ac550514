// Time-interval radios and the date ranges: the published-date range and each `dateRanges` entry
// (from sets the min of to; to sets the max of from; a reset button appears once either date is valid).
// A range's fields are plain until `picker` (a frame after the block's first results: setup.ts
// datePickersAfterResults) unless they hold a date or take the focus.
import { useRef, useState } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import { parseYmd } from '../model/dates';
import { INTERVALS, type IntervalId } from '../model/types';

export function Intervals({
  idPrefix,
  value,
  i18n,
  onChange,
}: {
  idPrefix: string;
  value: IntervalId;
  i18n: I18n;
  onChange(v: IntervalId): void;
}) {
  return (
    <fieldset class="piazza-listing-intervals mb-3">
      <legend class="h6 fw-semibold">{i18n.t('interval.legend')}</legend>
      {INTERVALS.map((id) => (
        <div class="form-check form-check-inline" key={id}>
          <input
            type="radio"
            name={idPrefix + '-interval'}
            id={idPrefix + '-interval-' + id}
            value={id}
            checked={value === id}
            onChange={() => onChange(id)}
          />
          <label for={idPrefix + '-interval-' + id}>{i18n.t('interval.' + id)}</label>
        </div>
      ))}
    </fieldset>
  );
}

interface RangeProps {
  /** Unique in the page: the inputs' ids start with it. */
  idPrefix: string;
  legend: string;
  from: string;
  to: string;
  /** The fields may be date fields now (from then on: the block's date pickers are ready). */
  picker: boolean;
  i18n: I18n;
  onChange(from: string, to: string): void;
}

export function DateRange({ idPrefix, legend, from, to, picker, i18n, onChange }: RangeProps) {
  const { t } = i18n;
  const fromInput = useRef<HTMLInputElement>(null);
  // (focused before then: a date field at once — Chromium and Firefox keep the focus and the typing)
  const [focused, setFocused] = useState(false);
  const dated = picker || focused || from !== '' || to !== '';
  const onFocus = dated ? undefined : () => setFocused(true);
  const kind = dated ? ({ type: 'date' } as const) : ({ type: 'text' } as const);
  const validFrom = parseYmd(from) ? from : '';
  const validTo = parseYmd(to) ? to : '';
  const read = (e: Event) => (e.currentTarget as HTMLInputElement).value;
  return (
    <fieldset class="piazza-listing-published mb-3">
      <legend class="h6 fw-semibold">{legend}</legend>
      <div class="row g-3 align-items-end">
        <div class="col-12 col-sm-6 col-lg-4">
          <div class="form-group mb-0">
            <label for={idPrefix + '-from'} class="active">
              {t('published.from')}
            </label>
            <input
              ref={fromInput}
              {...kind}
              onFocus={onFocus}
              class="form-control"
              id={idPrefix + '-from'}
              value={from}
              max={validTo || undefined}
              onChange={(e) => onChange(read(e), to)}
            />
          </div>
        </div>
        <div class="col-12 col-sm-6 col-lg-4">
          <div class="form-group mb-0">
            <label for={idPrefix + '-to'} class="active">
              {t('published.to')}
            </label>
            <input
              {...kind}
              onFocus={onFocus}
              class="form-control"
              id={idPrefix + '-to'}
              value={to}
              min={validFrom || undefined}
              onChange={(e) => onChange(from, read(e))}
            />
          </div>
        </div>
        {(validFrom || validTo) && (
          <div class="col-12 col-lg-4">
            <button
              type="button"
              class="btn btn-outline-secondary btn-sm"
              onClick={() => {
                onChange('', '');
                fromInput.current?.focus();
              }}
            >
              {t('published.reset')}
            </button>
          </div>
        )}
      </div>
    </fieldset>
  );
}
