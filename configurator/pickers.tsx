// The pickers drawn inside the form's groups, fed by the portal's API: which contents (the class,
// the node under which, a tag, the order → the block's query), a class's fields as filters, card
// fields or columns, and another portal to read from. Each writes into the config; the form's own
// fields (the query among them) show the result.
import { useEffect, useState } from 'preact/hooks';
import type { BlockKind, Config, KnownService, PickerTarget } from './blocks';
import { fieldValues, type ClassSummary, type FieldSummary } from './api';
import { Field, Options } from './field';
import { normalizeOrigin } from './model';
import { parseQuery, withParts } from './query';
import type { Texts } from './texts';
import { RequestError, requestText } from '../runtime/http';
import { useLoad, type Load } from '../runtime/ui/load';

export { useLoad, type Load };

/** The class a config lists: the query's first class, or the data table's `class`. */
export function classOf(kind: BlockKind, config: Config): string {
  const named = kind.classKey && typeof config[kind.classKey] === 'string' ? (config[kind.classKey] as string) : '';
  return parseQuery(typeof config.query === 'string' ? config.query : '').classes[0] || named;
}

function Failed({ t, error, retry }: { t: Texts; error: unknown; retry: () => void }) {
  const text = error instanceof RequestError ? requestText(error) : String((error as Error)?.message || error);
  return (
    <div className="alert alert-danger" role="alert">
      {t('classesFailed', { error: text })}{' '}
      <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={retry}>
        {t('retry')}
      </button>
    </div>
  );
}

export interface PickerProps {
  t: Texts;
  kind: BlockKind;
  config: Config;
  onChange(config: Config): void;
  classes: Load<ClassSummary[]> | null;
  retryClasses(): void;
  fields: Load<FieldSummary[]> | null;
  retryFields(): void;
  /** The API portal's origin ('' for this one): where the tag values are read. */
  api: string;
}

const DATE_TYPES = new Set(['date', 'datetime']);

/** Which contents: the class, the node under which, one tag, the order — written into the query as ocopendata reads it. */
export function ContentPicker({ t, kind, config, onChange, classes, retryClasses, fields, retryFields, api }: PickerProps) {
  const query = typeof config.query === 'string' ? config.query : '';
  const parts = parseQuery(query);
  const chosen = classOf(kind, config);
  const setQuery = (change: Parameters<typeof withParts>[1], extra: Config = {}) =>
    onChange({ ...config, query: withParts(query, change), ...extra });
  const fieldList = fields?.state === 'ok' ? fields.value : [];
  const tagFields = fieldList.filter((f) => f.type === 'tags' || f.type === 'relations');
  // a field chosen and no value yet is not a clause: it waits here
  const [pending, setPending] = useState('');
  const tagField = parts.tag?.field || pending;
  const [values, retryValues] = useLoad<string[]>(chosen && tagField ? () => fieldValues(api, chosen, tagField) : null, [
    api,
    chosen,
    tagField,
  ]);

  const sortValue = parts.sort.length ? parts.sort.map(([f, d]) => `${f}=>${d}`).join(', ') : '';
  const sorts: Array<[string, string]> = [
    ['', t('sortNone')],
    ['published=>desc', t('sortPublishedDesc')],
    ['published=>asc', t('sortPublishedAsc')],
    ['modified=>desc', t('sortModifiedDesc')],
    ['name=>asc', t('sortNameAsc')],
    ['name=>desc', t('sortNameDesc')],
    ...fieldList
      .filter((f) => DATE_TYPES.has(f.type) || f.dataType === 'ocevent')
      .flatMap(
        (f): Array<[string, string]> => [
          [`${f.identifier}=>asc`, t('sortFieldAsc', { name: f.name })],
          [`${f.identifier}=>desc`, t('sortFieldDesc', { name: f.name })],
        ],
      ),
  ];
  if (sortValue && !sorts.some(([v]) => v === sortValue)) sorts.push([sortValue, t('sortByHand', { sort: sortValue })]);

  return (
    <fieldset className="configuratore-scelta" id="configuratore-contenuti">
      <legend className="h6">{t('contentLegend')}</legend>
      {classes?.state === 'loading' && <p role="status">{t('classesLoading')}</p>}
      {classes?.state === 'failed' && <Failed t={t} error={classes.error} retry={retryClasses} />}
      {classes?.state === 'ok' && (
        <Field id="configuratore-classe" label={t('classLabel')}>
          {(control) => (
            <select
              {...control}
              className="form-select"
              value={chosen}
              onChange={(e) => {
                const cls = (e.target as HTMLSelectElement).value;
                // a new class: the tag and an order on the old class's field no longer apply
                const own = parts.sort.every(([f]) => ['published', 'modified', 'name'].includes(f));
                setQuery(
                  { classes: cls ? [cls] : [], tag: null, ...(own ? {} : { sort: [] }) },
                  kind.classKey ? { [kind.classKey]: cls || undefined } : {},
                );
              }}
            >
              <option value="">{t('classNone')}</option>
              <Options items={classes.value.map((c) => [c.identifier, c.name])} />
            </select>
          )}
        </Field>
      )}
      <Field id="configuratore-sottoalbero" label={t('subtreeLabel')} help={t('subtreeHelp')}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            className="form-control"
            value={parts.subtree.join(', ')}
            onChange={(e) => setQuery({ subtree: (e.target as HTMLInputElement).value.split(/[\s,]+/).filter((s) => /^\d+$/.test(s)) })}
          />
        )}
      </Field>
      {fields?.state === 'loading' && <p role="status">{t('fieldsLoading')}</p>}
      {fields?.state === 'failed' && <Failed t={t} error={fields.error} retry={retryFields} />}
      {chosen && tagFields.length > 0 && (
        <div className="row g-2 mb-3">
          <Field id="configuratore-tag-campo" label={t('tagLabel')} className="col-sm-6">
            {(control) => (
              <select
                {...control}
                className="form-select"
                value={tagField}
                onChange={(e) => {
                  setPending((e.target as HTMLSelectElement).value);
                  setQuery({ tag: null });
                }}
              >
                <option value="">{t('tagFieldNone')}</option>
                <Options items={tagFields.map((f) => [f.identifier, f.name])} />
              </select>
            )}
          </Field>
          {tagField && (
            <Field id="configuratore-tag-valore" label={t('tagValueLabel')} className="col-sm-6">
              {(control) =>
                values?.state === 'failed' ? (
                  <Failed t={t} error={values.error} retry={retryValues} />
                ) : (
                  <select
                    {...control}
                    className="form-select"
                    value={parts.tag?.value || ''}
                    aria-busy={values?.state === 'loading'}
                    onChange={(e) => {
                      const v = (e.target as HTMLSelectElement).value;
                      setQuery({ tag: v ? { field: tagField, value: v } : null });
                    }}
                  >
                    <option value="">{values?.state === 'loading' ? t('tagValuesLoading') : t('tagValueNone')}</option>
                    <Options
                      items={[
                        ...new Set([...(values?.state === 'ok' ? values.value : []), ...(parts.tag?.value ? [parts.tag.value] : [])]),
                      ].map((v) => [v, v] as const)}
                    />
                  </select>
                )
              }
            </Field>
          )}
        </div>
      )}
      <Field id="configuratore-ordine" label={t('sortLabel')}>
        {(control) => (
          <select
            {...control}
            className="form-select"
            value={sortValue}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              setQuery({ sort: v ? v.split(', ').map((s) => s.split('=>') as [string, string]) : [] });
            }}
          >
            <Options items={sorts} />
          </select>
        )}
      </Field>
    </fieldset>
  );
}

/** An entry's field, whichever form it is written in (`field|sort|limit`, `*field`, `{field}`). */
const fieldOfEntry = (e: unknown) => (typeof e === 'string' ? e.replace(/^\*/, '').split('|')[0] : (e as { field?: string })?.field);

/** A class's fields as entries of one list of the config (filters, card fields, columns): one check box each. */
export function FieldsPicker({ t, kind, config, onChange, fields, retryFields, target, classes }: PickerProps & { target: PickerTarget }) {
  const chosen = classOf(kind, config);
  const className = classes?.state === 'ok' ? classes.value.find((c) => c.identifier === chosen)?.name || chosen : chosen;
  const list = Array.isArray(config[target.key]) ? (config[target.key] as unknown[]) : [];
  const has = (field: string) => list.some((e) => fieldOfEntry(e) === field);
  function toggle(f: FieldSummary, on: boolean) {
    const rest = list.filter((e) => fieldOfEntry(e) !== f.identifier);
    onChange({ ...config, [target.key]: on ? [...rest, target.entry(f)] : rest, ...(kind.classKey ? { [kind.classKey]: chosen } : {}) });
  }
  const legend = t(`picker_${target.kind}` as 'picker_facets', { name: className });
  if (!chosen)
    return (
      <p className="small configuratore-scelta" id={'configuratore-scelta-' + target.kind}>
        {t('pickerNoClass')}
      </p>
    );
  return (
    <fieldset className="configuratore-scelta" id={'configuratore-scelta-' + target.kind}>
      <legend className="h6">{legend}</legend>
      {fields?.state === 'loading' && <p role="status">{t('fieldsLoading')}</p>}
      {fields?.state === 'failed' && <Failed t={t} error={fields.error} retry={retryFields} />}
      {fields?.state === 'ok' && (
        <div className="configuratore-campi">
          {fields.value.map((f) => {
            const id = `scegli-${target.key}-${f.identifier}`;
            return (
              <div className="form-check" key={f.identifier}>
                <input
                  type="checkbox"
                  className="form-check-input"
                  id={id}
                  checked={has(f.identifier)}
                  onChange={(e) => toggle(f, (e.target as HTMLInputElement).checked)}
                />
                <label className="form-check-label" htmlFor={id}>
                  {f.name}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** Another portal to read from: the block table's keys for it (a listing's remoteUrl, a table's searchUrl and jsonp). */
export function PortalPicker({ t, api, onApply }: { t: Texts; api: string; onApply(origin: string): void }) {
  const [text, setText] = useState(api);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(api), [api]);
  const apply = () => {
    const origin = normalizeOrigin(text);
    setInvalid(origin === null);
    if (origin !== null) {
      setText(origin);
      onApply(origin);
    }
  };
  return (
    <Field
      id="configuratore-api"
      label={t('apiLabel')}
      help={t('apiHelp')}
      error={invalid ? t('apiInvalid') : undefined}
      className="configuratore-scelta mb-3"
    >
      {(control) => (
        <div className="d-flex flex-wrap gap-2">
          <input
            {...control}
            type="text"
            inputMode="url"
            className={'form-control flex-grow-1 w-auto' + (invalid ? ' is-invalid' : '')}
            value={text}
            placeholder="https://www.comune.esempio.it"
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
            // Enter applies the portal (and does not submit the settings form around it)
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
          <button type="button" id="configuratore-api-usa" className="btn btn-outline-primary btn-sm" onClick={apply}>
            {t('apiApply')}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The trackers a portal runs, added by name: each service with the category it needs (made if missing). */
export function ServicesPicker({
  t,
  services,
  config,
  onChange,
}: {
  t: Texts;
  services: KnownService[];
  config: Config;
  onChange(config: Config): void;
}) {
  const current = (config.services && typeof config.services === 'object' ? config.services : {}) as Record<string, Config>;
  const categories = (config.categories && typeof config.categories === 'object' ? config.categories : {}) as Record<string, Config>;
  function toggle(s: KnownService, on: boolean) {
    const { [s.key]: _, ...rest } = current;
    onChange({
      ...config,
      categories: on && !categories[s.category.key] ? { ...categories, [s.category.key]: s.category.config } : categories,
      services: on ? { ...rest, [s.key]: s.service } : rest,
    });
  }
  return (
    <fieldset className="configuratore-scelta" id="configuratore-scelta-servizi">
      <legend className="h6">{t('servicesLegend')}</legend>
      <p className="small mb-2">{t('servicesHelp')}</p>
      {services.map((s) => (
        <div className="form-check" key={s.key}>
          <input
            type="checkbox"
            className="form-check-input"
            id={'servizio-' + s.key}
            checked={!!current[s.key]}
            onChange={(e) => toggle(s, (e.target as HTMLInputElement).checked)}
          />
          <label className="form-check-label" htmlFor={'servizio-' + s.key}>
            {s.name[t.lang]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
