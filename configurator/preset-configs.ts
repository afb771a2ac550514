// The presets' configs, made against this portal's class: its fields' own names become the labels
// and headings, and a field the class lacks is left out (and said). The consent preset is what
// bootstrapitalia2's own consent (openpa_bootstrapitalia footer/advanced_cookie_consent.tpl) asks,
// in piazza's terms: its categories, its multimedia service and its Italian texts
// (cookie_consent_config_translations()). A chunk of its own, loaded when a preset is picked.
import type { Config, ConfigType } from './blocks';
import type { Preset } from './presets';

/** What a preset knows of the portal's class: its fields' names. */
export interface ClassView {
  has(field: string): boolean;
  /** The field's name in the admin's language (its identifier when the class has no name for it). */
  name(field: string): string;
}

export interface PresetContext {
  cls: ClassView;
  /** Whether the class has the field (noted when not): entries on missing fields are left out. */
  use(field: string): boolean;
  /** Whether the block's schema has this key. */
  schemaHas(key: string): boolean;
}

const $schema = (type: ConfigType) => `../schemas/${type}.schema.json`;
/** `{field, label}` for each field the class has. */
const facets = ({ cls, use }: PresetContext, fields: string[], extra: Record<string, unknown> = {}) =>
  fields.filter(use).map((field) => ({ field, label: cls.name(field), ...extra }));

// The theme's texts on an Italian portal, each where advanced_cookie_consent.tpl puts it (its
// acceptNecessaryBtn is piazza's refuse-all); test/unit/configurator/presets-real.test.ts renders
// the theme's operator with the real eZ engine: the two must agree.
const THEME_TEXTS = {
  barLabel: 'Preferenze sui cookie',
  barMainText:
    'Questo sito fa uso di cookie tecnici essenziali al corretto funzionamento delle pagine web, di cookie di analisi e misurazione e di cookie di terze parti. Selezionando "Accetta tutti i cookie" si acconsente all\'utilizzo di tutti i cookie. Selezionando "Accetta i cookie necessari" o chiudendo il banner verranno utilizzati solo i cookie tecnici: così facendo alcune funzionalità ed alcuni contenuti potrebbero non essere disponibili. La preferenza può essere modificata in qualsiasi momento dall\'Informativa cookie.',
  barBtnAcceptAll: 'Accetta tutti i cookie',
  barBtnRefuseAll: 'Accetta i cookie necessari',
  barLinkSetting: 'Personalizza i cookie',
  barClose: 'Chiudi',
  closeAriaLabel: 'Chiudi',
  modalMainTitle: 'Informazioni e preferenze sui cookie',
  modalMainText:
    "I cookie sono piccoli file di testo che i siti web visitati inviano al device dell'utente, dove vengono memorizzati per raccogliere informazioni attraverso il browser, per essere poi ritrasmessi agli stessi siti nelle visite successive. \nSono utilizzati essenzialmente per misurare e migliorare la qualità dei siti attraverso l'analisi del comportamento dei visitatori.",
  modalBtnSave: 'Salva le impostazioni selezionate',
  modalBtnAcceptAll: 'Accetta tutti i cookie e chiudi',
  modalBtnRefuseAll: 'Accetta i cookie necessari e chiudi',
  modalAffectedSolutions: 'Strumenti:',
  learnMore: 'Leggi la cookie policy',
  on: 'Sì',
  off: 'No',
  alwaysOn: 'Sempre attivi',
};
const THEME_CATEGORIES = {
  necessary: [
    'Cookie tecnici essenziali',
    'Sono necessari al corretto funzionamento del sito. Consentono la navigazione delle pagine e la memorizzazione delle sessioni di un utente (per mantenerle attive durante la navigazione). Senza questi cookie non potrebbero essere erogati i servizi e le funzionalità per cui gli utenti accedono al sito.',
  ],
  analytics: [
    'Cookie di analisi e misurazione',
    "I cookie di analisi e misurazione sono utilizzati per raccogliere informazioni sul numero degli utenti e su come questi visitano il sito ed elaborare quindi statistiche generali sul servizio web e sul suo utilizzo. I dati sono raccolti in forma anonima e non consentono l'identificazione dell'utente.",
  ],
  marketing: [
    'Cookie di terze parti',
    'I cookie di terze parti vengono utilizzati per analizzare le caratteristiche della navigazione dell’utente, per fornirgli servizi di visualizzazione di contenuti o di condivisione degli stessi e per creare profili in base al suo comportamento sul sito. Questo sito incorpora contenuti multimediali tramite provider di terze parti  (ad esempio YouTube o Facebok) utilizzando le specifiche oEmbed o widget di integrazione. Ciascun provider di contenuti potrebbe rilasciare cookie tecnici, analitici e di profilazione in base alle proprie impostazioni. Se questa impostazione è disabilitata i contenuti multimediali non saranno automaticamente incorporati nel sito e sarà invece esposto un link per poterli visualizzare direttamente alla fonte.',
  ],
} as const;
const named = (name: string, description?: string) => ({ language: { locale: { it: { name, ...(description ? { description } : {}) } } } });

/**
 * The consent config of a bootstrapitalia2 portal with no tracker configured (the admin adds
 * Web Analytics Italia or Google Analytics by name). `extraKeys` are the theme-integration keys the
 * consent schema knows (`multimedia`, `carryOver`): written only where the schema has them.
 */
export function bootstrapitalia2Consent(extraKeys: (key: string) => boolean): Config {
  const config: Config = {
    $schema: $schema('consent'),
    barTimeout: 0,
    language: { current: 'it', locale: { it: { ...THEME_TEXTS } } },
    theme: { barColor: '#435a70', barTextColor: '#ffffff' },
    categories: {
      necessary: { needed: true, ...named(...THEME_CATEGORIES.necessary) },
      analytics: named(...THEME_CATEGORIES.analytics),
      marketing: named(...THEME_CATEGORIES.marketing),
    },
    services: {
      multimedia: { category: 'marketing', type: 'wrapped', search: 'multimedia', ...named('YouTube, Vimeo') },
    },
  };
  if (extraKeys('multimedia')) config.multimedia = 'multimedia';
  if (extraKeys('carryOver')) config.carryOver = { cookie: 'cc_cookie' };
  return config;
}

/** Each preset's config, by its id. */
const CONFIGS: Record<string, (ctx: PresetContext) => Config> = {
  eventi: (ctx) => ({
    $schema: $schema('listing'),
    blockId: 'eventi',
    query: `classes [event] sort [${ctx.use('time_interval') ? 'time_interval' : 'published'}=>${ctx.use('time_interval') ? 'asc' : 'desc'}]`,
    tabs: ['list', 'geo', ...(ctx.use('time_interval') ? ['agenda'] : [])],
    limitPagination: 6,
    itemsPerRow: 2,
    showSearch: true,
    facets: facets(ctx, ['topics', 'has_public_event_typology']),
    timeIntervals: ctx.use('time_interval'),
  }),
  notizie: (ctx) => ({
    $schema: $schema('listing'),
    blockId: 'notizie',
    query: 'classes [article] sort [published=>desc]',
    limitPagination: 6,
    showSearch: true,
    facets: facets(ctx, ['topics', 'content_type']),
    publishedRange: true,
  }),
  luoghi: (ctx) => ({
    $schema: $schema('listing'),
    blockId: 'luoghi',
    query: 'classes [place] sort [name=>asc]',
    tabs: ['geo', 'list'],
    itemsPerRow: 'auto',
    limitPagination: 9,
    showSearch: true,
    facets: facets(ctx, ['type']),
  }),
  documenti: (ctx) => ({
    $schema: $schema('datatable'),
    blockId: 'documenti',
    query: 'classes [document]',
    class: 'document',
    columns: [
      { field: 'name', title: ctx.cls.name('name'), link: true },
      ...['document_type', 'publication_date', 'file'].filter(ctx.use).map((field) => ({ field, title: ctx.cls.name(field) })),
    ],
    facets: facets(ctx, ['document_type'], { multiple: true }),
    ...(ctx.use('publication_date') ? { order: { field: 'publication_date', dir: 'desc' } } : {}),
  }),
  trasparenza: (ctx) => ({
    $schema: $schema('datatable'),
    blockId: 'trasparenza',
    query: 'classes [document]',
    class: 'document',
    caption: 'Amministrazione trasparente',
    columns: [
      { field: 'name', title: ctx.cls.name('name'), link: true },
      ...['has_code', 'document_type', 'publication_date', 'expiration_time']
        .filter(ctx.use)
        .map((field) => ({ field, title: ctx.cls.name(field) })),
    ],
    facets: facets(ctx, ['anno', 'document_type']),
    ...(ctx.use('publication_date') ? { order: { field: 'publication_date', dir: 'desc' } } : {}),
    pageSize: 30,
    pageSizeOptions: [30, 60, 90, 120],
    export: { filename: 'amministrazione-trasparente.csv', separator: ';' },
  }),
  'consenso-bootstrapitalia2': ({ schemaHas }) => bootstrapitalia2Consent(schemaHas),
};

/**
 * A preset made against this portal's class (its fields; none for consent): the config, and the
 * fields the preset wanted that the class lacks (left out).
 */
export function presetConfig(
  preset: Preset,
  fields: Array<{ identifier: string; name: string }> | null,
  schemaHas: (key: string) => boolean,
): { config: Config; missing: string[] } {
  const byId = new Map((fields || []).map((f) => [f.identifier, f.name]));
  const missing = new Set<string>();
  const cls: ClassView = { has: (f) => byId.has(f), name: (f) => byId.get(f) || f };
  const use = (f: string) => {
    if (!fields || byId.has(f)) return true;
    missing.add(f);
    return false;
  };
  return { config: CONFIGS[preset.id]({ cls, use, schemaHas }), missing: [...missing] };
}
