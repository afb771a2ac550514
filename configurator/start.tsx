// Where a site admin starts instead of a blank form: a preset made with this portal's classes, or a
// block the portal already has (its eZ attributes, the old jQuery block, a piazza config) pasted
// and translated through the block's own mapping (import.ts).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { lazyModule } from '../runtime/lazy';
import type { AdminLang } from '../runtime/messages';
import type { ClassSummary } from './api';
import { BLOCKS, CONFIG_TYPES, type ConfigType } from './blocks';
import { Field, Options } from './field';
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
        <Field id="configuratore-incolla" label={t('importLabel')} help={t('importHelp')} error={error || undefined} className="mb-2">
          {(control) => (
            <textarea
              {...control}
              className={'form-control font-monospace' + (error ? ' is-invalid' : '')}
              rows={6}
              value={text}
              onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            />
          )}
        </Field>
        {recognised && (
          <p className="small mb-2" id="configuratore-incolla-tipo">
            {t('importRecognised', { what: recognised })}
          </p>
        )}
        {needsBlock && (
          <fieldset className="configuratore-scelta">
            <legend className="h6">{t('importEzBlock')}</legend>
            <Field id="configuratore-ez-tipo" label={t('importEzType')} className="mb-2">
              {(control) => (
                <select
                  {...control}
                  className="form-select"
                  value={ez.block}
                  onChange={(e) => setEz({ ...ez, block: (e.target as HTMLSelectElement).value })}
                >
                  <Options items={reader?.EZ_CHOICES.map((c) => [c.value, c.label] as const) ?? []} />
                </select>
              )}
            </Field>
            <Field id="configuratore-ez-id" label={t('importEzId')} help={t('importEzIdHelp')} className="mb-2">
              {(control) => (
                <input
                  {...control}
                  className="form-control"
                  value={ez.id}
                  onInput={(e) => setEz({ ...ez, id: (e.target as HTMLInputElement).value.trim() })}
                />
              )}
            </Field>
          </fieldset>
        )}
        {needsSite && (
          <fieldset className="configuratore-scelta">
            <legend className="h6">{t('importEzSite')}</legend>
            <div className="row g-2">
              <Field id="configuratore-ez-prefisso" label={t('importEzPrefix')} help={t('importEzPrefixHelp')} className="col-sm-6">
                {(control) => (
                  <input
                    {...control}
                    className="form-control"
                    value={ez.prefix}
                    onInput={(e) => setEz({ ...ez, prefix: (e.target as HTMLInputElement).value.trim() })}
                  />
                )}
              </Field>
              <Field id="configuratore-ez-lingua" label={t('importEzLocale')} className="col-sm-6">
                {(control) => (
                  <select
                    {...control}
                    className="form-select"
                    value={ez.locale}
                    onChange={(e) => setEz({ ...ez, locale: (e.target as HTMLSelectElement).value })}
                  >
                    <Options items={LOCALES.map((l) => [l, l] as const)} />
                  </select>
                )}
              </Field>
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
