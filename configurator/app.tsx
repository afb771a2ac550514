// The configurator (fixtures/pages/configuratore.html): what to configure, where to start (a preset,
// or a block the portal already has), the form in groups with pickers fed by the portal's API, the
// problems as `npm run validate` words them — each with its field's name —, the real block
// previewed on a portal page at a phone's, a tablet's or a computer's width, and the config out
// (copy, HTML, download) and back in (the page's link). Its own module, loaded by no visitor page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { AdminLang } from '../runtime/messages';
import { classFields, listClasses, type FieldSummary } from './api';
import { BLOCKS, CONFIG_TYPES, type PickerKind } from './blocks';
import type { Imported } from './import';
import {
  configHtml,
  configJson,
  decodeState,
  encodeState,
  fieldIdOf,
  problemLine,
  problemsOf,
  starter,
  type Config,
  type ConfigType,
  type Problem,
} from './model';
import { classOf, ContentPicker, FieldsPicker, PortalPicker, ServicesPicker, useLoad, type PickerProps } from './pickers';
import type { Preset } from './presets';
import { createPreview, previewUrl, WIDTHS, type Preview, type Width } from './preview';
import { localizeSchema, uiSchemaFor, withoutDefaults } from './schema-ui';
import { Import, Presets, typeName } from './start';
import { templates, widgets, type FormContext } from './templates';
import { countKey, rjsfTranslator, textsFor } from './texts';

const DEBOUNCE_MS = 500;

/** rjsf's error schema from the problems: each message under its field, shown and described there. */
function errorSchemaOf(problems: Problem[]): ErrorSchema {
  const out: any = {};
  for (const p of problems) {
    let node = out;
    for (const seg of p.path.split('/').filter(Boolean)) node = node[seg] ??= {};
    (node.__errors ??= []).push(p.message);
  }
  return out;
}

/** Every pointer on the way to a problem (a problem's field and the objects holding it show whatever their rules say). */
function problemPointers(problems: Problem[]): Set<string> {
  const out = new Set<string>();
  for (const p of problems) {
    const parts = p.path.split('/').filter(Boolean);
    for (let i = 1; i <= parts.length; i++) out.add('/' + parts.slice(0, i).join('/'));
  }
  return out;
}

const openByDefault = (type: ConfigType) => new Set(BLOCKS[type].groups.filter((g) => g.open).map((g) => g.id));

export function App() {
  const initial = useMemo(() => decodeState(location.hash), []);
  const [lang, setLang] = useState<AdminLang>(initial?.lang || 'it');
  const [type, setType] = useState<ConfigType>(initial?.type || 'listing');
  const [configs, setConfigs] = useState<Record<ConfigType, Config>>(() => {
    const all = Object.fromEntries(CONFIG_TYPES.map((t) => [t, starter(t)])) as Record<ConfigType, Config>;
    if (initial) all[initial.type] = initial.config;
    return all;
  });
  const [formKey, setFormKey] = useState(0); // a new form after a preset or an import: rjsf keeps no stale field state
  const [status, setStatus] = useState('');
  const [previewNote, setPreviewNote] = useState('');
  const [open, setOpen] = useState(() => openByDefault(type));
  const [width, setWidth] = useState<Width>('desktop');
  const [scale, setScale] = useState(1);
  const [busyPreset, setBusyPreset] = useState('');
  const t = textsFor(lang);
  const kind = BLOCKS[type];
  const config = configs[type];

  const schema = useMemo(() => localizeSchema(kind, lang), [type, lang]);
  const uiSchema = useMemo(() => uiSchemaFor(kind), [type]);
  // What the portal gets: the form's values less those equal to their defaults.
  const output = useMemo(() => withoutDefaults(kind.schema, config) as Config, [type, config]);
  const problems = useMemo(() => problemsOf(type, output, lang), [type, output, lang]);
  const errors = problems.filter((p) => !p.warning);
  const json = configJson(output);
  const html = configHtml(type, output, t('fallbackHtml'));
  const api = kind.apiOf?.(config) || '';

  const setConfig = (next: Config) => setConfigs((all) => ({ ...all, [type]: next }));
  function replace(nextType: ConfigType, next: Config) {
    setType(nextType);
    setConfigs((all) => ({ ...all, [nextType]: next }));
    setOpen(openByDefault(nextType));
    setFormKey((k) => k + 1);
  }

  // The portal's classes (pickers and presets), and the fields of the class the config lists.
  const [classes, retryClasses] = useLoad(() => listClasses(lang), [lang]);
  const chosen = classOf(kind, config);
  const [fields, retryFields] = useLoad<FieldSummary[]>(chosen && kind.pickerTargets.length ? () => classFields(chosen, lang) : null, [
    chosen,
    lang,
    kind.type,
  ]);

  // Debounced: the preview and the link follow the form once typing pauses.
  const preview = useRef<Preview | null>(null);
  /** What the preview was last asked to show, and at which width: a preview made again starts there. */
  const shown = useRef<Parameters<Preview['show']> | null>(null);
  const widthNow = useRef(width);
  widthNow.current = width;
  const [announced, setAnnounced] = useState('');
  // The preview follows its frame element (a callback ref): when Preact makes the preview column
  // again (it did once another portal's API was applied), the new frame gets its own preview of the
  // current config, instead of the old one writing into a detached frame.
  const frame = useCallback((element: HTMLIFrameElement | null) => {
    preview.current?.dispose();
    preview.current = null;
    if (!element) return;
    const made = createPreview(element, element.parentElement as HTMLDivElement, {
      onMounted: () => setPreviewNote(''),
      onError: (message) => setPreviewNote(message),
      onScale: setScale,
    });
    made.setWidth(widthNow.current);
    if (shown.current) made.show(...shown.current);
    preview.current = made;
  }, []);
  useEffect(() => preview.current?.setWidth(width), [width]);
  useEffect(() => {
    const timer = setTimeout(() => {
      history.replaceState(history.state, '', location.pathname + location.search + encodeState({ type, lang, config: output }));
      setPreviewNote('');
      shown.current = [type, output, t('previewFallback')];
      preview.current?.show(...shown.current);
      setAnnounced(t(countKey('problemsTitle', errors.length), { count: errors.length }));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [json, type, lang]);

  const summary = useRef<HTMLElement>(null);
  /** Focus a problem's field: its group opened first (Avanzate starts closed). */
  function focusField(path: string, e: Event) {
    e.preventDefault();
    const top = path.split('/').filter(Boolean)[0];
    const group = kind.groups.find((g) => g.keys.includes(top)) || kind.groups[kind.groups.length - 1];
    setOpen((o) => new Set([...o, group.id]));
    setTimeout(() => {
      const el = document.getElementById(fieldIdOf(path)) || document.getElementById('configuratore-json');
      // A key the form has no field for (unknown, or a shape it cannot draw): the JSON shows it.
      (el as HTMLElement | null)?.focus();
      el?.scrollIntoView({ block: 'center' });
    }, 0);
  }

  async function copy(text: string, source: string) {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('copied'));
    } catch {
      const area = document.getElementById(source) as HTMLTextAreaElement | null;
      area?.focus();
      area?.select();
      setStatus(t('copyFailed'));
    }
  }

  function download() {
    const blob = new Blob([json + '\n'], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${type}${typeof output.blockId === 'string' && output.blockId ? '-' + output.blockId : ''}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000); // some browsers read the blob after click() returns
  }

  /** Focus where the admin continues after a new config: the problems if any, else the form's first field. */
  const focusNext = () =>
    setTimeout(
      () =>
        summary.current?.querySelector('a')
          ? summary.current.focus()
          : document
              .querySelector<HTMLElement>(
                '#configuratore-form select, #configuratore-form input:not([type=hidden]), #configuratore-form textarea',
              )
              ?.focus(),
      0,
    );

  async function applyPreset(p: Preset) {
    setBusyPreset(p.id);
    try {
      const [cls, { presetConfig }] = await Promise.all([p.class ? classFields(p.class, lang) : null, import('./preset-configs')]);
      const { config: made, missing } = presetConfig(p, cls, (key) => key in (BLOCKS[p.type].schema.properties || {}));
      replace(p.type, made);
      const name = p.title[lang];
      setStatus(
        t('presetLoaded', { name }) +
          (missing.length ? ' ' + t('presetMissingFields', { class: p.class!, fields: missing.join(', ') }) : ''),
      );
      focusNext();
    } catch (e: any) {
      setStatus(t('presetFailed', { class: p.class || '', error: String(e?.message || e) }));
    } finally {
      setBusyPreset('');
    }
  }

  function applyImport(result: Imported) {
    replace(result.type, result.config);
    setStatus(t('importDone', { what: t(`importKind_${result.source}` as 'importKind_ez'), type: typeName(t, result.type) }));
  }

  function chooseType(next: ConfigType) {
    setType(next);
    setOpen(openByDefault(next));
    setFormKey((k) => k + 1);
  }

  function startOver() {
    setConfigs((all) => ({ ...all, [type]: starter(type) }));
    setOpen(openByDefault(type));
    setFormKey((k) => k + 1);
    setStatus('');
  }

  const pickerProps: PickerProps = { t, kind, config, onChange: setConfig, classes, retryClasses, fields, retryFields, api };
  const formContext: FormContext = {
    kind,
    config,
    t,
    problems: problemPointers(problems),
    open,
    toggle: (id) =>
      setOpen((o) => {
        const n = new Set(o);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    pickerData: { classes, fields, api },
    picker(which: PickerKind) {
      if (which === 'content') return <ContentPicker {...pickerProps} />;
      if (which === 'portal')
        return kind.withApi ? <PortalPicker t={t} api={api} onApply={(origin) => setConfig(kind.withApi!(config, origin))} /> : null;
      if (which === 'services')
        return kind.services ? <ServicesPicker t={t} services={kind.services} config={config} onChange={setConfig} /> : null;
      const target = kind.pickerTargets.find((p) => p.kind === which);
      return target ? <FieldsPicker {...pickerProps} target={target} /> : null;
    },
  };
  const { width: pageWidth } = WIDTHS[width];

  return (
    <div lang={lang}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <div>
          <h1>{t('title')}</h1>
          <p className="lead">{t('intro')}</p>
        </div>
        <div role="group" aria-label={t('langSwitch')} className="btn-group">
          {(['it', 'en'] as AdminLang[]).map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              className={'btn btn-sm ' + (lang === l ? 'btn-primary' : 'btn-outline-primary')}
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
            >
              {l === 'it' ? 'Italiano' : 'English'}
            </button>
          ))}
        </div>
      </div>
      <div id="configuratore-stato" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {status || announced}
      </div>
      {status && (
        <p className="callout note small mt-0" aria-hidden="true">
          {status}
        </p>
      )}

      <fieldset className="mb-4">
        <legend className="h5">{t('typeLegend')}</legend>
        {CONFIG_TYPES.map((k) => (
          <div className="form-check form-check-inline" key={k}>
            <input
              className="form-check-input"
              type="radio"
              name="configuratore-tipo"
              id={'tipo-' + k}
              value={k}
              checked={type === k}
              onChange={() => chooseType(k)}
            />
            <label className="form-check-label" htmlFor={'tipo-' + k}>
              {typeName(t, k)}
            </label>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline-secondary btn-xs ms-md-3 mt-2 mt-md-0"
          id="configuratore-ricomincia"
          onClick={startOver}
        >
          {t('reset')}
        </button>
      </fieldset>

      <section aria-labelledby="configuratore-partenza-titolo" className="mb-4">
        <h2 className="h4" id="configuratore-partenza-titolo">
          {t('startTitle')}
        </h2>
        <div className="row g-4">
          <div className="col-lg-5">
            <Presets t={t} classes={classes} onApply={applyPreset} busy={busyPreset} />
          </div>
          <div className="col-lg-7">
            <Import t={t} current={type} onImport={applyImport} />
          </div>
        </div>
      </section>

      <div className="row g-4">
        <div className="col-xl-5">
          <section
            ref={summary}
            id="configuratore-problemi"
            tabIndex={-1}
            aria-labelledby="configuratore-problemi-titolo"
            className={'callout ' + (errors.length ? 'danger' : 'success') + ' mt-0'}
          >
            <h2 className="h5" id="configuratore-problemi-titolo">
              {t(countKey('problemsTitle', errors.length), { count: errors.length })}
            </h2>
            {problems.length > 0 && (
              <ul className="mb-0">
                {problems.map((p, i) => (
                  <li key={i}>
                    <a href={'#' + fieldIdOf(p.path)} onClick={(e) => focusField(p.path, e)}>
                      {problemLine(p)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {problems.some((p) => p.warning) && <p className="small mb-0">{t('warningsNote')}</p>}
          </section>

          <section aria-labelledby="configuratore-form-titolo" className="mt-4" id="configuratore-form">
            <h2 className="h4" id="configuratore-form-titolo">
              {t('formTitle')}
            </h2>
            <Form
              key={type + formKey + lang}
              schema={schema as RJSFSchema}
              uiSchema={uiSchema}
              formData={config}
              formContext={formContext}
              validator={validator}
              onChange={(e) => setConfig((e.formData || {}) as Config)}
              extraErrors={errorSchemaOf(errors)}
              showErrorList={false}
              noHtml5Validate
              translateString={rjsfTranslator(lang)}
              idPrefix="root"
              templates={templates}
              widgets={widgets}
              experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'requiredOnly' }, constAsDefaults: 'never' }}
            />
          </section>
        </div>

        <div className="col-xl-7">
          {/* the preview and what comes out of it stay in view together while the form is edited (configuratore.html) */}
          <div className="configuratore-colonna-anteprima">
            <section aria-labelledby="configuratore-anteprima-titolo">
              <h2 className="h4" id="configuratore-anteprima-titolo">
                {t('previewTitle')}
              </h2>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <div role="group" aria-label={t('previewWidth')} className="btn-group">
                  {(Object.keys(WIDTHS) as Width[]).map((w) => (
                    <button
                      key={w}
                      type="button"
                      id={'larghezza-' + w}
                      className={'btn btn-xs ' + (width === w ? 'btn-primary' : 'btn-outline-primary')}
                      aria-pressed={width === w}
                      onClick={() => setWidth(w)}
                    >
                      {t(`width_${w}` as 'width_phone')} <span className="visually-hidden">({WIDTHS[w].width} px)</span>
                    </button>
                  ))}
                </div>
                <a
                  className="small"
                  href={previewUrl(type, output, t('previewFallback'))}
                  target="_blank"
                  rel="noopener"
                  id="configuratore-anteprima-apri"
                >
                  {t('previewOpen')}
                </a>
              </div>
              <p className="small mb-2" id="configuratore-anteprima-scala">
                {t('previewScale', { width: pageWidth, percent: Math.round(scale * 100) })}
              </p>
              {previewNote && (
                <div className="alert alert-warning" role="alert" id="configuratore-anteprima-errore">
                  {t('previewError', { message: previewNote })}
                </div>
              )}
              <div className="configuratore-anteprima-box">
                <iframe ref={frame} id="configuratore-anteprima" title={t('previewFrame', { type: typeName(t, type), width: pageWidth })} />
              </div>
              {kind.preview === 'consent' && (
                <button type="button" className="btn btn-outline-secondary btn-sm mt-2" onClick={() => preview.current?.resetConsent()}>
                  {t('previewConsentReset')}
                </button>
              )}
            </section>

            <section aria-labelledby="configuratore-uscita-titolo" className="mt-4">
              <h2 className="h4" id="configuratore-uscita-titolo">
                {t('outputTitle')}
              </h2>
              <div className="d-flex flex-wrap gap-2 mb-3">
                <button
                  type="button"
                  className="btn btn-primary"
                  id="configuratore-copia-json"
                  onClick={() => copy(json, 'configuratore-json')}
                >
                  {t('copyConfig')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  id="configuratore-copia-html"
                  onClick={() => copy(html, 'configuratore-html')}
                >
                  {t('copyHtml')}
                </button>
                <button type="button" className="btn btn-outline-primary" id="configuratore-scarica" onClick={download}>
                  {t('download')}
                </button>
              </div>
              <p className="small">{t('linkNote')}</p>
              <div className="form-group">
                <label htmlFor="configuratore-json" className="active">
                  {t('jsonEditor')}
                </label>
                <textarea id="configuratore-json" className="form-control font-monospace" rows={10} readOnly value={json} />
              </div>
              <div className="form-group">
                <label htmlFor="configuratore-html" className="active">
                  {t('htmlLabel')}
                </label>
                <textarea id="configuratore-html" className="form-control font-monospace" rows={6} readOnly value={html} />
              </div>
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
