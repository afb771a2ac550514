// Where a site admin starts instead of a blank form: a preset made with this portal's classes, or a
// block the portal already has (its eZ attributes, the old jQuery block, a piazza config) pasted
// and translated through the block's own mapping (import.ts).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { lazyModule } from '../runtime/lazy';
import type { AdminLang } from '../runtime/messages';
import type { ClassSummary } from './api';
import { BLOCKS, CONFIG_TYPES, type ConfigType } from './blocks';
import type { EzContext, Imported } from './import';
import type { Load } from './pickers';
import type { Preset } from './presets';
import type { Texts } from './texts';

export function Presets({
  t,
  classes,
  onApply,
  busy,
}: {
  t: Texts;
  classes: Load<ClassSummary[]> | null;
  onApply(p: Preset): void;
  busy: string;
}) {
  const known = classes?.state === 'ok' ? new Set(classes.value.map((c) => c.identifier)) : null;
  return (
    <section aria-labelledby="configuratore-modelli-titolo" className="configuratore-partenza">
      <h3 className="h5" id="configuratore-modelli-titolo">
        {t('presetsTitle')}
      </h3>
      <p className="small">{t('presetsIntro')}</p>
      {classes?.state === 'loading' && (
        <p role="status" className="small">
          {t('presetsLoading')}
        </p>
      )}
      <ul className="list-unstyled configuratore-modelli">
        {CONFIG_TYPES.flatMap((type) => BLOCKS[type].presets).map((p) => {
          const missing = p.class && known && !known.has(p.class);
          const title = p.title[t.lang];
          return (
            <li key={p.id} className="configuratore-modello">
              <button
                type="button"
                id={'modello-' + p.id}
                className="btn btn-outline-primary btn-sm text-start"
                disabled={!!missing || (!!p.class && !known) || busy === p.id}
                aria-describedby={'modello-' + p.id + '-testo'}
                aria-label={t('presetUse', { name: title })}
                onClick={() => onApply(p)}
              >
                {title}
              </button>
              <p className="small mb-0" id={'modello-' + p.id + '-testo'}>
                {missing ? t('presetMissingClass', { class: p.class! }) : p.description[t.lang]}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The reading of a paste (import.ts and the mappings): a chunk fetched when the admin first pastes. */
const loadImport = lazyModule(() => import('./import'));

const LOCALES = ['it-IT', 'en-GB', 'de-DE'];

export function Import({ t, current, onImport }: { t: Texts; current: ConfigType; onImport(result: Imported): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [notes, setNotes] = useState<Imported | null>(null);
  const [ez, setEz] = useState({ block: 'OpendataRemoteContents|default', id: '', prefix: '/', locale: 'it-IT' });
  const [reader, setReader] = useState<typeof import('./import') | null>(null);
  useEffect(() => {
    if (text && !reader) loadImport().then(setReader, () => {});
  }, [text]);
  const source = useMemo(() => (text.trim() && reader ? reader.readSource(text) : null), [text, reader]);
  const recognised = source && source.kind !== 'error' ? t(`importKind_${source.kind}` as 'importKind_ez') : '';
  const needsBlock = source?.kind === 'ez' && !source.block && !source.form;
  const needsSite = source?.kind === 'ez' && !source.site && !source.form;

  async function apply(e: Event) {
    e.preventDefault();
    const { readSource, importSource } = await loadImport();
    const src = text.trim() ? readSource(text) : { kind: 'error' as const, error: 'empty' };
    if (src.kind === 'error') {
      const messages: Record<string, string> = {
        empty: t('pasteEmpty'),
        json: t('pasteJson', { detail: src.detail || '' }),
        notObject: t('pasteNotObject'),
        xml: t('pasteXml'),
        noConfigInHtml: t('pasteNoConfig'),
        blockType: t('pasteType', { name: src.detail || '' }),
        unknown: t('pasteUnknown'),
      };
      setError(messages[src.error] || t('pasteUnknown'));
      setNotes(null);
      document.getElementById('configuratore-incolla')?.focus();
      return;
    }
    const [type, view] = ez.block.split('|');
    // a places search is recognised by its attributes whatever the select says
    const block =
      src.kind === 'ez' && 'root_tag' in src.attributes ? { id: ez.id, type: 'RicercaLuoghi', view: 'default' } : { id: ez.id, type, view };
    const ctx: EzContext = { block, site: { prefix: ez.prefix || '/', locale: ez.locale } };
    const result = await importSource(src, ctx, current, t);
    setError('');
    setNotes(result);
    onImport(result);
  }

  return (
    <section aria-labelledby="configuratore-importa-titolo" className="configuratore-partenza">
      <h3 className="h5" id="configuratore-importa-titolo">
        {t('importTitle')}
      </h3>
      <p className="small">{t('importIntro')}</p>
      <form onSubmit={apply}>
        <div className="mb-2">
          <label htmlFor="configuratore-incolla" className="form-label">
            {t('importLabel')}
          </label>
          <textarea
            id="configuratore-incolla"
            className={'form-control font-monospace' + (error ? ' is-invalid' : '')}
            rows={6}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={'configuratore-incolla-aiuto' + (error ? ' configuratore-incolla-errore' : '')}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
          <small id="configuratore-incolla-aiuto" className="form-text">
            {t('importHelp')}
          </small>
          {error && (
            <div className="invalid-feedback d-block" id="configuratore-incolla-errore">
              {error}
            </div>
          )}
          {recognised && (
            <p className="small mt-1 mb-0" id="configuratore-incolla-tipo">
              {t('importRecognised', { what: recognised })}
            </p>
          )}
        </div>
        {needsBlock && (
          <fieldset className="configuratore-scelta">
            <legend className="h6">{t('importEzBlock')}</legend>
            <div className="mb-2">
              <label htmlFor="configuratore-ez-tipo" className="form-label">
                {t('importEzType')}
              </label>
              <select
                id="configuratore-ez-tipo"
                className="form-select"
                value={ez.block}
                onChange={(e) => setEz({ ...ez, block: (e.target as HTMLSelectElement).value })}
              >
                {reader?.EZ_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="mb-2">
              <label htmlFor="configuratore-ez-id" className="form-label">
                {t('importEzId')}
              </label>
              <input
                id="configuratore-ez-id"
                className="form-control"
                value={ez.id}
                aria-describedby="configuratore-ez-id-aiuto"
                onInput={(e) => setEz({ ...ez, id: (e.target as HTMLInputElement).value.trim() })}
              />
              <small id="configuratore-ez-id-aiuto" className="form-text">
                {t('importEzIdHelp')}
              </small>
            </div>
          </fieldset>
        )}
        {needsSite && (
          <fieldset className="configuratore-scelta">
            <legend className="h6">{t('importEzSite')}</legend>
            <div className="row g-2">
              <div className="col-sm-6">
                <label htmlFor="configuratore-ez-prefisso" className="form-label">
                  {t('importEzPrefix')}
                </label>
                <input
                  id="configuratore-ez-prefisso"
                  className="form-control"
                  value={ez.prefix}
                  aria-describedby="configuratore-ez-prefisso-aiuto"
                  onInput={(e) => setEz({ ...ez, prefix: (e.target as HTMLInputElement).value.trim() })}
                />
                <small id="configuratore-ez-prefisso-aiuto" className="form-text">
                  {t('importEzPrefixHelp')}
                </small>
              </div>
              <div className="col-sm-6">
                <label htmlFor="configuratore-ez-lingua" className="form-label">
                  {t('importEzLocale')}
                </label>
                <select
                  id="configuratore-ez-lingua"
                  className="form-select"
                  value={ez.locale}
                  onChange={(e) => setEz({ ...ez, locale: (e.target as HTMLSelectElement).value })}
                >
                  {LOCALES.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </fieldset>
        )}
        <button type="submit" id="configuratore-importa" className="btn btn-primary btn-sm">
          {t('importApply')}
        </button>
      </form>
      {notes && notes.notes.length > 0 && (
        <div className="mt-3" id="configuratore-importa-note">
          <h4 className="h6">{t('importNotesTitle')}</h4>
          <ul className="small">
            {notes.notes.map((n, i) => (
              <li key={i} className={n.problem ? 'text-danger' : undefined}>
                {n.path && (
                  <>
                    <code>{reader?.notePlace(notes.type, n.path, t.lang as AdminLang) ?? n.path}</code>{' '}
                  </>
                )}
                {n.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A type's name in the admin's language: the configurator's words, else its schema's title. */
export function typeName(t: Texts, type: ConfigType): string {
  const { schema } = BLOCKS[type];
  return t(`type_${type}` as 'type_listing') || (t.lang === 'it' && schema['x-title-it']) || schema.title || type;
}
