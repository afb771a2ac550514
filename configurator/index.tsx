// The configurator (fixtures/pages/configuratore.html): a form generated from
// schemas/<type>.schema.json by @rjsf/core, the config's problems as `npm run validate` words them,
// class pickers fed by the portal's API, the real block previewed beside it, and the config out
// (copy, HTML, download) and back in (paste, or the page's link). Its own module, loaded by no
// visitor page; piazza.js on the page only renders the preview.
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { langOf } from '../runtime/i18n';
import type { AdminLang } from '../runtime/messages';
import { classFields, listClasses, type ClassSummary, type FieldSummary } from './api';
import {
  CONFIG_TYPES, SCHEMAS, configHtml, forForm, configJson, decodeState, encodeState, fieldIdOf, normalizeOrigin,
  problemsOf, readPasted, starter, type Config, type ConfigType, type Problem,
} from './model';
import { createPreview, type Preview } from './preview';
import { buttonTemplates, widgets } from './templates';
import { localizeSchema, uiSchemaFor, withoutDefaults } from './schema-ui';
import { countKey, rjsfTranslator, textsFor, type Texts } from './texts';

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

/** The config's type-specific keys that point at another portal's API. */
function withApi(type: ConfigType, config: Config, origin: string): Config {
  const c = { ...config };
  if (type === 'listing') {
    if (origin) c.remoteUrl = origin;
    else delete c.remoteUrl;
  } else if (type === 'datatable') {
    if (origin) {
      c.searchUrl = origin + '/api/opendata/v2/datatable/search/';
      c.jsonp = true;
      // the class from this portal (the default classesUrl): another portal's classes route reads no JSONP (configurator/api.ts)
      delete c.classesUrl;
    } else for (const k of ['searchUrl', 'classesUrl', 'jsonp']) delete c[k];
  }
  return c;
}

function Announcer({ message }: { message: string }) {
  return <div id="configuratore-stato" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{message}</div>;
}

function App() {
  const initial = useMemo(() => decodeState(location.hash), []);
  const [lang, setLang] = useState<AdminLang>(initial?.lang || 'it');
  const [type, setType] = useState<ConfigType>(initial?.type || 'listing');
  const [api, setApi] = useState(initial?.api || '');
  const [configs, setConfigs] = useState<Record<ConfigType, Config>>(() => {
    const all = Object.fromEntries(CONFIG_TYPES.map((t) => [t, starter(t)])) as Record<ConfigType, Config>;
    if (initial) all[initial.type] = initial.config;
    return all;
  });
  const [formKey, setFormKey] = useState(0); // a new form after a paste: rjsf keeps no stale field state
  const [status, setStatus] = useState('');
  const [previewNote, setPreviewNote] = useState('');
  const t = textsFor(lang);
  const config = configs[type];

  const schema = useMemo(() => localizeSchema(SCHEMAS[type], lang), [type, lang]);
  const uiSchema = useMemo(() => uiSchemaFor(type), [type]);
  // What the portal gets: the form's values less those equal to their defaults.
  const output = useMemo(() => withoutDefaults(SCHEMAS[type], config) as Config, [type, config]);
  const problems = useMemo(() => problemsOf(type, output, lang), [type, output, lang]);
  const errors = problems.filter((p) => !p.warning);
  const json = configJson(output);
  const html = configHtml(type, output, t('fallbackHtml'));

  const setConfig = (next: Config) => setConfigs((all) => ({ ...all, [type]: next }));

  // Debounced: the preview and the link follow the form once typing pauses.
  const previewHost = useRef<HTMLDivElement>(null);
  const preview = useRef<Preview | null>(null);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    preview.current = createPreview(previewHost.current!, {
      onMounted: () => setPreviewNote(''),
      onError: (message) => setPreviewNote(message),
    });
    return () => preview.current?.dispose();
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      history.replaceState(history.state, '', location.pathname + location.search + encodeState({ type, lang, api, config: output }));
      setPreviewNote('');
      preview.current?.show(type, output, { fallback: t('previewFallback'), frameTitle: t('previewConsentFrame') });
      setAnnounced(t(countKey('problemsTitle', errors.length), { count: errors.length }));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [json, type, lang, api]);

  const summary = useRef<HTMLElement>(null);
  function focusField(path: string, e: Event) {
    e.preventDefault();
    const el = document.getElementById(fieldIdOf(path)) || document.getElementById('configuratore-json');
    // A key the form has no field for (unknown, or a shape it cannot draw): the JSON shows it.
    (el as HTMLElement | null)?.focus();
    el?.scrollIntoView({ block: 'center' });
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

  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState('');
  function applyPaste(e: Event) {
    e.preventDefault();
    const r = readPasted(pasted, type);
    if ('error' in r) {
      const [code, detail] = r.error.split(/:(.*)/s);
      setPasteError(code === 'json' ? t('pasteJson', { detail }) : code === 'blockType' ? t('pasteType', { name: detail }) : t('pasteNoConfig'));
      document.getElementById('configuratore-incolla')?.focus();
      return;
    }
    setPasteError('');
    setType(r.type);
    const cfg = forForm(r.type, (r.config && typeof r.config === 'object' && !Array.isArray(r.config) ? r.config : {}) as Config);
    setConfigs((all) => ({ ...all, [r.type]: cfg }));
    setApi(r.type === 'listing' && typeof cfg.remoteUrl === 'string' ? normalizeOrigin(cfg.remoteUrl) || '' : '');
    setFormKey((k) => k + 1);
    setStatus(t('pasteLoaded', { type: t(`type_${r.type}` as any) }));
    // Focus where the admin continues: the problems if any, else the form's first field.
    setTimeout(() => (summary.current?.querySelector('a') ? summary.current.focus() : document.querySelector<HTMLElement>('#configuratore-form input, #configuratore-form textarea, #configuratore-form select')?.focus()), 0);
  }

  function chooseType(next: ConfigType) {
    setType(next);
    // The API portal chosen holds for every type: its keys go into the new type's config too.
    if (api && next !== 'consent') setConfigs((all) => ({ ...all, [next]: withApi(next, all[next], api) }));
    setFormKey((k) => k + 1);
  }

  function startOver() {
    setConfigs((all) => ({ ...all, [type]: withApi(type, starter(type), api) }));
    setFormKey((k) => k + 1);
    setStatus('');
  }

  return (
    <div lang={lang}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <div>
          <h1>{t('title')}</h1>
          <p className="lead">{t('intro')}</p>
        </div>
        <div role="group" aria-label={t('langSwitch')} className="btn-group">
          {(['it', 'en'] as AdminLang[]).map((l) => (
            <button key={l} type="button" lang={l} className={'btn btn-sm ' + (lang === l ? 'btn-primary' : 'btn-outline-primary')} aria-pressed={lang === l} onClick={() => setLang(l)}>
              {l === 'it' ? 'Italiano' : 'English'}
            </button>
          ))}
        </div>
      </div>
      <Announcer message={status || announced} />

      <fieldset className="mb-4">
        <legend className="h5">{t('typeLegend')}</legend>
        {CONFIG_TYPES.map((k) => (
          <div className="form-check form-check-inline" key={k}>
            <input className="form-check-input" type="radio" name="configuratore-tipo" id={'tipo-' + k} value={k} checked={type === k} onChange={() => chooseType(k)} />
            <label className="form-check-label" htmlFor={'tipo-' + k}>{t(`type_${k}` as any)}</label>
          </div>
        ))}
        <button type="button" className="btn btn-outline-secondary btn-xs ms-md-3 mt-2 mt-md-0" id="configuratore-ricomincia" onClick={startOver}>{t('reset')}</button>
      </fieldset>

      <div className="row g-4">
        <div className="col-lg-6">
          <section ref={summary} id="configuratore-problemi" tabIndex={-1} aria-labelledby="configuratore-problemi-titolo"
            className={'callout ' + (errors.length ? 'danger' : 'success') + ' mt-0'}>
            <h2 className="h5" id="configuratore-problemi-titolo">{t(countKey('problemsTitle', errors.length), { count: errors.length })}</h2>
            {problems.length > 0 && (
              <ul className="mb-0">
                {problems.map((p, i) => (
                  <li key={i}><a href={'#' + fieldIdOf(p.path)} onClick={(e) => focusField(p.path, e)}><code>{p.path}</code> {p.message}</a></li>
                ))}
              </ul>
            )}
            {problems.some((p) => p.warning) && <p className="small mb-0">{t('warningsNote')}</p>}
          </section>

          {type !== 'consent' && (
            <ApiOrigin t={t} api={api} onChange={(origin) => { setApi(origin); setConfig(withApi(type, config, origin)); }} />
          )}
          {type !== 'consent' && <ClassPicker key={type + api} t={t} lang={lang} type={type} api={api} config={config} onChange={setConfig} />}

          <section aria-labelledby="configuratore-form-titolo" className="mt-4" id="configuratore-form">
            <h2 className="h4" id="configuratore-form-titolo">{t('formTitle')}</h2>
            <Form
              key={type + formKey + lang}
              schema={schema as RJSFSchema}
              uiSchema={uiSchema}
              formData={config}
              validator={validator}
              onChange={(e) => setConfig((e.formData || {}) as Config)}
              extraErrors={errorSchemaOf(errors)}
              showErrorList={false}
              noHtml5Validate
              translateString={rjsfTranslator(lang)}
              idPrefix="root"
              templates={{ ButtonTemplates: buttonTemplates }}
              widgets={widgets}
              experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'requiredOnly' }, constAsDefaults: 'never' }}
            />
          </section>
        </div>

        <div className="col-lg-6">
          <section aria-labelledby="configuratore-anteprima-titolo">
            <h2 className="h4" id="configuratore-anteprima-titolo">{t('previewTitle')}</h2>
            <p className="small text-muted">{t('previewWaiting')}</p>
            {/* A box of fixed height, scrolled by keyboard too: as the block loads, fails or mounts
                again, the buttons below it stay where the admin is about to click. */}
            <div className="configuratore-anteprima-box" tabIndex={0} role="region" aria-labelledby="configuratore-anteprima-titolo">
              {/* Keyed: unkeyed, Preact would hand this alert the host's element, and the block with it. */}
              {previewNote && <div key="errore" className="alert alert-warning" role="alert" id="configuratore-anteprima-errore">{t('previewError', { message: previewNote })}</div>}
              {/* The block speaks its own locale, whatever the configurator's language. */}
              <div key="host" ref={previewHost} id="configuratore-anteprima" className="configuratore-anteprima" lang={type === 'consent' ? undefined : langOf(typeof output.locale === 'string' ? output.locale : 'it')} />
            </div>
            {type === 'consent' && (
              <button type="button" className="btn btn-outline-secondary btn-sm mt-2" onClick={() => preview.current?.resetConsent()}>{t('previewConsentReset')}</button>
            )}
          </section>

          <section aria-labelledby="configuratore-uscita-titolo" className="mt-4">
            <h2 className="h4" id="configuratore-uscita-titolo">{t('outputTitle')}</h2>
            <div className="d-flex flex-wrap gap-2 mb-3">
              <button type="button" className="btn btn-primary" id="configuratore-copia-json" onClick={() => copy(json, 'configuratore-json')}>{t('copyConfig')}</button>
              <button type="button" className="btn btn-outline-primary" id="configuratore-copia-html" onClick={() => copy(html, 'configuratore-html')}>{t('copyHtml')}</button>
              <button type="button" className="btn btn-outline-primary" id="configuratore-scarica" onClick={download}>{t('download')}</button>
            </div>
            <p className="small">{t('linkNote')}</p>
            <div className="form-group">
              <label htmlFor="configuratore-json" className="active">{t('jsonEditor')}</label>
              <textarea id="configuratore-json" className="form-control font-monospace" rows={10} readOnly value={json} />
            </div>
            <div className="form-group">
              <label htmlFor="configuratore-html" className="active">{t('htmlLabel')}</label>
              <textarea id="configuratore-html" className="form-control font-monospace" rows={6} readOnly value={html} />
            </div>
          </section>

          <section aria-labelledby="configuratore-incolla-titolo" className="mt-4">
            <h2 className="h4" id="configuratore-incolla-titolo">{t('pasteTitle')}</h2>
            <form onSubmit={applyPaste}>
              <div className="form-group">
                <label htmlFor="configuratore-incolla" className="active">{t('pasteLabel')}</label>
                <textarea id="configuratore-incolla" className={'form-control font-monospace' + (pasteError ? ' is-invalid' : '')} rows={6} value={pasted}
                  aria-invalid={pasteError ? true : undefined} aria-describedby={pasteError ? 'configuratore-incolla-errore' : undefined}
                  onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
                {pasteError && <div className="invalid-feedback d-block" id="configuratore-incolla-errore">{pasteError}</div>}
              </div>
              <button type="submit" className="btn btn-outline-primary">{t('pasteApply')}</button>
            </form>
          </section>
        </div>
      </div>
    </div>
  );
}

function ApiOrigin({ t, api, onChange }: { t: Texts; api: string; onChange: (origin: string) => void }) {
  const [text, setText] = useState(api);
  const [invalid, setInvalid] = useState(false);
  return (
    <form className="mt-4" onSubmit={(e) => {
      e.preventDefault();
      const origin = normalizeOrigin(text);
      setInvalid(origin === null);
      if (origin !== null) { setText(origin); onChange(origin); }
    }}>
      <div className="form-group mb-2">
        <label htmlFor="configuratore-api" className="active">{t('apiLabel')}</label>
        <input id="configuratore-api" type="text" inputMode="url" className={'form-control' + (invalid ? ' is-invalid' : '')} value={text} placeholder="https://www.comune.esempio.it"
          aria-describedby={'configuratore-api-aiuto' + (invalid ? ' configuratore-api-errore' : '')} aria-invalid={invalid || undefined}
          onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        <small id="configuratore-api-aiuto" className="form-text">{t('apiHelp')}</small>
        {invalid && <div className="invalid-feedback d-block" id="configuratore-api-errore">{t('apiInvalid')}</div>}
      </div>
      <button type="submit" className="btn btn-outline-primary btn-sm">{t('apiApply')}</button>
    </form>
  );
}

type Load<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; error: string };

function useLoad<T>(load: (() => Promise<T>) | null, deps: unknown[]): [Load<T> | null, () => void] {
  const [result, setResult] = useState<Load<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) { setResult(null); return; }
    let live = true;
    setResult({ state: 'loading' });
    load().then((value) => live && setResult({ state: 'ok', value }), (e) => live && setResult({ state: 'failed', error: String(e?.message || e) }));
    return () => { live = false; };
  }, [...deps, attempt]);
  return [result, () => setAttempt((n) => n + 1)];
}

/** A facet entry's field, whichever form it is written in (`field|sort|limit`, `{field}`). */
const facetField = (f: unknown) => (typeof f === 'string' ? f.split('|')[0] : (f as any)?.field);
const columnField = (c: unknown) => (typeof c === 'string' ? c.replace(/^\*/, '') : (c as any)?.field);

function ClassPicker({ t, lang, type, api, config, onChange }: { t: Texts; lang: AdminLang; type: ConfigType; api: string; config: Config; onChange: (c: Config) => void }) {
  const [classes, retryClasses] = useLoad(() => listClasses(lang), [lang]);
  const [chosen, setChosen] = useState<string>(type === 'datatable' && typeof config.class === 'string' ? config.class : '');
  const [fields, retryFields] = useLoad<FieldSummary[]>(chosen ? () => classFields(chosen, lang) : null, [chosen, lang]);
  const className = classes?.state === 'ok' ? classes.value.find((c) => c.identifier === chosen)?.name || chosen : chosen;

  const list = (key: string) => (Array.isArray(config[key]) ? (config[key] as unknown[]) : []);
  const has = (key: string, field: string) => list(key).some((e) => (key === 'columns' ? columnField(e) : key === 'facets' ? facetField(e) : e) === field);
  function toggle(key: 'facets' | 'fields' | 'columns', f: FieldSummary, on: boolean) {
    const rest = list(key).filter((e) => (key === 'columns' ? columnField(e) : key === 'facets' ? facetField(e) : e) !== f.identifier);
    const entry = key === 'fields' ? f.identifier
      : key === 'facets' ? { field: f.identifier, label: f.name }
        : { field: f.identifier, title: f.name, type: f.type };
    const next: Config = { ...config, [key]: on ? [...rest, entry] : rest };
    if (type === 'datatable') next.class = chosen;
    onChange(next);
  }
  function classInQuery() {
    const q = typeof config.query === 'string' ? config.query : '';
    const clause = `classes [${chosen}]`;
    const next = /classes\s*\[[^\]]*\]/.test(q) ? q.replace(/classes\s*\[[^\]]*\]/, clause) : (clause + ' ' + q).trim();
    onChange({ ...config, query: next, ...(type === 'datatable' ? { class: chosen } : {}) });
  }

  const targets: { key: 'facets' | 'fields' | 'columns'; label: string }[] = type === 'listing'
    ? [{ key: 'facets', label: t('asFacet') }, { key: 'fields', label: t('asField') }]
    : [{ key: 'columns', label: t('asColumn') }, { key: 'facets', label: t('asFacet') }];

  return (
    <section aria-labelledby="configuratore-classi-titolo" className="mt-4" id="configuratore-classi">
      <h2 className="h4" id="configuratore-classi-titolo">{t('pickerTitle')}</h2>
      <p className="small">{t('pickerIntro')}</p>
      {classes?.state === 'loading' && <p role="status">{t('classesLoading')}</p>}
      {classes?.state === 'failed' && (
        <div className="alert alert-danger" role="alert">{t('classesFailed', { error: classes.error })} <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={retryClasses}>{t('retry')}</button></div>
      )}
      {classes?.state === 'ok' && (
        <div className="select-wrapper mb-3">
          <label htmlFor="configuratore-classe">{t('classLabel')}</label>
          <select id="configuratore-classe" value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
            <option value="">{t('classNone')}</option>
            {classes.value.map((c: ClassSummary) => <option key={c.identifier} value={c.identifier}>{c.name} ({c.identifier})</option>)}
          </select>
        </div>
      )}
      {fields?.state === 'loading' && <p role="status">{t('fieldsLoading')}</p>}
      {fields?.state === 'failed' && (
        <div className="alert alert-danger" role="alert">{t('classesFailed', { error: fields.error })} <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={retryFields}>{t('retry')}</button></div>
      )}
      {fields?.state === 'ok' && (
        <>
          <button type="button" id="configuratore-usa-classe" className="btn btn-outline-primary btn-sm mb-2" onClick={classInQuery}>{t('useClass')}</button>
          <div className="table-responsive">
            <table className="table table-sm" id="configuratore-campi">
              <caption>{t('fieldsCaption', { name: className })}</caption>
              <thead><tr><th scope="col">{t('fieldCol')}</th><th scope="col">{t('typeCol')}</th>{targets.map((x) => <th scope="col" key={x.key}>{x.label}</th>)}</tr></thead>
              <tbody>
                {fields.value.map((f) => (
                  <tr key={f.identifier}>
                    <th scope="row">{f.name} <code>{f.identifier}</code></th>
                    <td>{f.type}</td>
                    {targets.map((x) => {
                      const id = `scegli-${x.key}-${f.identifier}`;
                      return (
                        <td key={x.key}>
                          <input type="checkbox" className="form-check-input position-static m-0" id={id} checked={has(x.key, f.identifier)}
                            aria-label={`${x.label}: ${f.name} (${f.identifier})`} onChange={(e) => toggle(x.key, f, (e.target as HTMLInputElement).checked)} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

const root = document.getElementById('configuratore');
if (root) {
  root.replaceChildren();
  render(<App />, root);
}
