// Everything the configurator knows about one kind of config, in one table keyed by type: its
// schema, checks and legacy keys, where it starts, how its form is grouped (in the order a person
// decides), which fields apply when, the words for its values, its pickers, its presets, and how a
// block the portal already has becomes one (the eZ mapping, the jQuery settings). The rest of the
// configurator reads this table and never asks which type it has in hand.
// The types are the blocks registry's (blocks/registry.json) and consent: a registered block the
// configurator has no words for gets its form from its schema alone (fromSchema), so a new block
// appears here with no line of this file.
import consentSchema from '../schemas/consent.schema.json';
// each block's validator, legacy keys and schema from the blocks registry's tables (gen-schemas), never picked by hand
import registered from '../schemas/generated/blocks.validate.js';
import schemas from '../schemas/generated/blocks.schemas.js';
import type { BlockType } from '../schemas/generated/blocks';
import type { ValidateFunction } from 'ajv';
import { toProblems } from '../schemas/problems.js';
import { checkConsentConfig } from '../consent/config';
import type { Mapped } from '../runtime/openpa';
import type { ConfigProblem } from '../runtime/types';
import * as datatableTools from '../blocks/datatable/public';
import * as listingTools from '../blocks/listing/public';
import type { FieldSummary } from './api';
import { PRESETS, type Preset } from './presets';
import type { Words } from './texts';
import type { Config, ConfigType, JqueryToConfig } from './types';

export type { Config, ConfigType, FromJquery, JqueryToConfig } from './types';

/** A group of the form: its keys in order; Avanzate starts closed. */
export interface Group {
  id: string;
  title: Words;
  keys: string[];
  open: boolean;
  /** Pickers drawn at the top of the group (the form's own fields follow). */
  pickers?: PickerKind[];
}

/** `content`: class, where, tag and order → the query; `portal`: another portal to read from; `services`: a tracker the portal runs; the others: a class's fields as filters, card fields or columns. */
export type PickerKind = 'content' | 'portal' | 'services' | 'facets' | 'cardFields' | 'columns';

/** A class field put into a list of the config (`facets`, `fields`, `columns`) by a picker. */
export interface PickerTarget {
  kind: Exclude<PickerKind, 'content' | 'portal' | 'services'>;
  key: string;
  label: Words;
  /** The entry a field becomes. */
  entry(f: FieldSummary): unknown;
}

/** A rule: does the field at this JSON pointer apply to the config as it is? (`pointer` names the field itself, e.g. `/categories/necessary/wanted`.) */
export type Applies = (config: Config, pointer: string) => boolean;

export interface BlockKind {
  type: ConfigType;
  schema: Record<string, any>;
  /** The problems of a config, as `npm run validate` finds them (codes and paths; worded by runtime/messages.ts). */
  check(config: Config): ConfigProblem[];
  /** The jQuery plugin's keys the schema accepts and ignores (`"deprecated"`), with what replaces each. */
  legacy: Record<string, Words>;
  /** The least the schema needs, and a `$schema`. */
  starter(): Config;
  groups: Group[];
  /** JSON pointer (`*` for any map key or index; `picker:<kind>` for a picker) → when it applies. A field not listed always applies. */
  applies: Record<string, Applies>;
  /** Schema pointer of an enum (`/properties/tabs/items`) → its values in words. */
  enumLabels: Record<string, Record<string, Words>>;
  /** @rjsf/core's uiSchema for some keys (text areas, check boxes). */
  ui: Record<string, unknown>;
  /** Keys only this type's configs have: a pasted config without `$schema` is recognised by them. */
  keys: string[];
  /** The keys that point the block at another portal's API (empty origin: this portal's). */
  withApi?(config: Config, origin: string): Config;
  /** The other portal the block reads ('' for this one): where the pickers' values and the preview's data come from. */
  apiOf?(config: Config): string;
  /** A pasted config as the form can hold it, meaning the same. */
  forForm?(config: Config): Config;
  /** The preview is a mounted block, or a page loaded with the consent config. */
  preview: 'block' | 'consent';
  pickerTargets: PickerTarget[];
  /** The key that names the class a picker chose (the data table's `class`). */
  classKey?: string;
  presets: Preset[];
  /** Services an admin adds by name (the trackers OpenPA portals run), with the category each needs. */
  services?: KnownService[];
  /** The eZ block's attributes → this config: the mapping the OpenPA overrides use (a chunk loaded on first use). */
  fromOpenpa?(): Promise<(form: unknown) => Mapped<Config>>;
  /** The original jQuery block: its plugin's settings (and the theme's markup around them) → this config, through the block's own handling of them. */
  jquery?: {
    /** The plugin's name in the template's script (`$(…).remoteContentsGui({…})`). */
    call: string;
    /** The block's id in the theme's markup or script. */
    idPattern: RegExp;
    /** A settings object only this plugin writes. */
    recognise(settings: Config): boolean;
    /** The translation (a chunk loaded on first use: from-jquery.ts). */
    toConfig(): Promise<JqueryToConfig>;
  };
}

export interface KnownService {
  key: string;
  name: Words;
  category: { key: string; config: Config };
  service: Config;
}

const validator = (validate: ValidateFunction) => (config: Config) =>
  // the validator fills in defaults: a copy keeps the admin's config as written
  validate(structuredClone(config)) ? [] : toProblems(validate.errors);

const w = (it: string, en: string): Words => ({ it, en });
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};
const ADVANCED = w('Avanzate', 'Advanced');

// ---- listing ------------------------------------------------------------------------------------

const browser: Applies = (c) => (c.queryBuilder ?? 'browser') === 'browser';
const tabsOf = (c: Config) => (Array.isArray(c.tabs) ? (c.tabs as string[]) : ['list']);
const viewOf = (c: Config) => (typeof c.view === 'string' ? c.view : 'card_teaser');
/** The views drawn as cards side by side (the schema's itemsPerRow), and piazza's own card (''). */
const CARD_VIEWS = ['card_teaser', 'card_teaser_info', 'banner_color', 'card_children', ''];
const ownCard: Applies = (c) => viewOf(c) === '';
const withMap: Applies = (c) => tabsOf(c).includes('geo');

const listing: BlockKind = {
  type: 'listing',
  schema: schemas.listing,
  check: validator(registered.listing.validate),
  legacy: registered.listing.legacy,
  starter: () => ({ $schema: '../schemas/listing.schema.json', blockId: 'elenco', query: '', tabs: ['list'] }),
  groups: [
    { id: 'cosa', title: w('Cosa mostrare', 'What to show'), keys: ['query'], open: true, pickers: ['content'] },
    {
      id: 'come',
      title: w('Come mostrarlo', 'How to show it'),
      keys: ['view', 'tabs', 'itemsPerRow', 'limitPagination', 'paging', 'fields', 'hideIfEmpty', 'templates', 'map'],
      open: true,
      pickers: ['cardFields'],
    },
    {
      id: 'filtri',
      title: w('Filtri per i visitatori', 'Filters for visitors'),
      keys: ['showSearch', 'facets', 'timeIntervals', 'publishedRange', 'dateRanges', 'removeExistingEmptyFacets'],
      open: true,
      pickers: ['facets'],
    },
    {
      id: 'avanzate',
      title: ADVANCED,
      keys: ['queryBuilder', 'remoteUrl', 'localAccessPrefix', 'blockId', 'context', 'locale', 'i18n'],
      open: false,
    },
  ],
  applies: {
    // the portal's block endpoint builds the query in server mode: no query, no class pickers
    '/query': browser,
    '/remoteUrl': browser,
    'picker:content': browser,
    'picker:facets': browser,
    '/localAccessPrefix': (c) => !c.remoteUrl,
    '/itemsPerRow': (c) => CARD_VIEWS.includes(viewOf(c)),
    '/fields': ownCard,
    'picker:cardFields': ownCard,
    '/templates': (c) => ownCard(c, '') || withMap(c, ''),
    '/templates/item': ownCard,
    '/templates/popup': withMap,
    '/map': withMap,
    '/removeExistingEmptyFacets': (c) => Array.isArray(c.facets) && c.facets.some((f) => Array.isArray((f as Config)?.options)),
  },
  enumLabels: {
    '/properties/tabs/items': { list: w('Lista', 'List'), geo: w('Mappa', 'Map'), agenda: w('Calendario', 'Calendar') },
    '/properties/itemsPerRow': { auto: w('A muratura (auto)', 'Masonry (auto)') },
    '/properties/paging': {
      auto: w('Come la vista (automatico)', 'As the view does (automatic)'),
      pages: w('Numeri di pagina', 'Page numbers'),
      append: w('Pulsante «carica altri»', 'A load-more button'),
    },
    '/properties/facets/items/oneOf/1/properties/sort': {
      alpha: w('Alfabetico', 'Alphabetical'),
      count: w('Per numero di risultati', 'By number of results'),
    },
    '/properties/facets/items/oneOf/1/properties/type': {
      string: w('Testo (una frase)', 'Text (a phrase)'),
      date: w('Giorno', 'Day'),
      integer: w('Numero', 'Number'),
      term: w('Valore così com’è', 'Value as it is'),
    },
    '/properties/map/properties/marker/properties/size': { s: w('Piccola', 'Small'), m: w('Media', 'Medium'), l: w('Grande', 'Large') },
  },
  ui: {
    query: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    templates: {
      item: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
      popup: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    },
    tabs: { 'ui:widget': 'checkboxes' },
  },
  keys: ['tabs', 'limitPagination', 'fields', 'view', 'remoteUrl', 'queryBuilder'],
  withApi(config, origin) {
    const c = { ...config };
    if (origin) c.remoteUrl = origin;
    else delete c.remoteUrl;
    return c;
  },
  apiOf: (c) => (typeof c.remoteUrl === 'string' && c.remoteUrl ? originOf(c.remoteUrl) : ''),
  // `itemsPerRow: "3"` (the OpenPA template's text) is 3 to the block; the form offers numbers and "auto"
  forForm: (config) =>
    typeof config.itemsPerRow === 'string' && /^[1-6]$/.test(config.itemsPerRow)
      ? { ...config, itemsPerRow: Number(config.itemsPerRow) }
      : config,
  preview: 'block',
  pickerTargets: [
    { kind: 'facets', key: 'facets', label: w('Filtro', 'Filter'), entry: (f) => ({ field: f.identifier, label: f.name }) },
    { kind: 'cardFields', key: 'fields', label: w('Nella scheda', 'On the card'), entry: (f) => f.identifier },
  ],
  presets: PRESETS.filter((p) => p.type === 'listing'),
  fromOpenpa: listingTools.loadOpenpaMapping as unknown as () => Promise<(form: unknown) => Mapped<Config>>,
  jquery: {
    call: 'remoteContentsGui',
    idPattern: /#remote-gui-([A-Za-z0-9_-]+)["']\s*\)\s*\.\s*remoteContentsGui/,
    recognise: (settings) => Object.keys(settings).some((k) => Object.hasOwn(registered.listing.legacy, k)),
    toConfig: () => import('./from-jquery').then((m) => m.listingFromJquery),
  },
};

// ---- data table ---------------------------------------------------------------------------------

const datatable: BlockKind = {
  type: 'datatable',
  schema: schemas.datatable,
  check: validator(registered.datatable.validate),
  legacy: registered.datatable.legacy,
  starter: () => ({ $schema: '../schemas/datatable.schema.json', blockId: 'tabella', query: '' }),
  groups: [
    {
      id: 'cosa',
      title: w('Cosa mostrare', 'What to show'),
      keys: ['query', 'class', 'classFromResults'],
      open: true,
      pickers: ['content'],
    },
    {
      id: 'come',
      title: w('Come mostrarla', 'How to show it'),
      keys: ['columns', 'order', 'pageSize', 'pageSizeOptions', 'caption', 'cardBreakpoint'],
      open: true,
      pickers: ['columns'],
    },
    {
      id: 'filtri',
      title: w('Filtri per i visitatori', 'Filters for visitors'),
      keys: ['search', 'facets', 'export'],
      open: true,
      pickers: ['facets'],
    },
    {
      id: 'avanzate',
      title: ADVANCED,
      keys: ['blockId', 'searchUrl', 'jsonp', 'classesUrl', 'linkTemplate', 'urlState', 'locale', 'i18n'],
      open: false,
      pickers: ['portal'],
    },
  ],
  applies: {
    '/classFromResults': (c) => !c.class,
    '/jsonp': (c) => typeof c.searchUrl === 'string' && /^(https?:)?\/\//.test(c.searchUrl),
    '/export/filename': (c) => (c.export as Config | undefined)?.enabled !== false,
    '/export/batchSize': (c) => (c.export as Config | undefined)?.enabled !== false,
    '/export/separator': (c) => (c.export as Config | undefined)?.enabled !== false,
  },
  enumLabels: {
    '/properties/order/properties/dir': { asc: w('Crescente', 'Ascending'), desc: w('Decrescente', 'Descending') },
    '/properties/export/properties/separator': {
      ',': w('Virgola (,)', 'Comma (,)'),
      ';': w('Punto e virgola (;)', 'Semicolon (;)'),
      '\t': w('Tabulazione', 'Tab'),
    },
    '/definitions/facet/properties/sort': { alpha: w('Alfabetico', 'Alphabetical'), count: w('Per numero di righe', 'By number of rows') },
    '/definitions/fieldType': {
      auto: w('Automatico (dalla classe)', 'Automatic (from the class)'),
      text: w('Testo', 'Text'),
      html: w('HTML come testo', 'HTML as text'),
      number: w('Numero', 'Number'),
      boolean: w('Sì / No', 'Yes / No'),
      date: w('Data', 'Date'),
      datetime: w('Data e ora', 'Date and time'),
      relations: w('Contenuti collegati', 'Related contents'),
      tags: w('Tag', 'Tags'),
      file: w('File', 'File'),
      multifile: w('Più file', 'Several files'),
      image: w('Immagine', 'Image'),
      matrix: w('Tabella (matrice)', 'Table (matrix)'),
      author: w('Autori', 'Authors'),
      user: w('Utente', 'User'),
      price: w('Prezzo', 'Price'),
      url: w('Link', 'Link'),
      geo: w('Posizione', 'Location'),
    },
  },
  ui: {
    query: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    linkTemplate: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
  },
  keys: ['columns', 'searchUrl', 'pageSize', 'class', 'classesUrl', 'linkTemplate'],
  withApi(config, origin) {
    const c = { ...config };
    if (origin) {
      c.searchUrl = origin + '/api/opendata/v2/datatable/search/';
      c.jsonp = true;
      // the class from this portal (the default classesUrl): another portal's classes route reads no JSONP (configurator/api.ts)
      delete c.classesUrl;
    } else for (const k of ['searchUrl', 'classesUrl', 'jsonp']) delete c[k];
    return c;
  },
  apiOf: (c) => (c.jsonp === true && typeof c.searchUrl === 'string' ? originOf(c.searchUrl) : ''),
  preview: 'block',
  pickerTargets: [
    {
      kind: 'columns',
      key: 'columns',
      label: w('Colonna', 'Column'),
      entry: (f) => ({ field: f.identifier, title: f.name, type: f.type }),
    },
    { kind: 'facets', key: 'facets', label: w('Filtro', 'Filter'), entry: (f) => ({ field: f.identifier, label: f.name }) },
  ],
  classKey: 'class',
  presets: PRESETS.filter((p) => p.type === 'datatable'),
  fromOpenpa: datatableTools.loadOpenpaMapping as unknown as () => Promise<(form: unknown) => Mapped<Config>>,
  // (the theme's own data table is data-* attributes, read as the eZ attributes they come from: import.ts)
  jquery: {
    call: 'opendataDataTable',
    idPattern: /#([A-Za-z][\w-]*)['"]\s*\)\s*(?:\.find\([^)]*\)\s*)?\.opendataDataTable/,
    recognise: datatableTools.isPluginSettings,
    toConfig: () => import('./from-jquery').then((m) => m.datatableFromJquery),
  },
};

// ---- consent ------------------------------------------------------------------------------------

const consent: BlockKind = {
  type: 'consent',
  schema: consentSchema,
  // piazza.js's own check: it also knows what a schema cannot say (a service's category must exist…)
  check: (config) => checkConsentConfig(config),
  legacy: {},
  starter: () => ({ $schema: '../schemas/consent.schema.json', categories: { necessary: { needed: true, wanted: true } }, services: {} }),
  groups: [
    {
      id: 'cosa',
      title: w('Che cosa chiedere', 'What to ask'),
      keys: ['categories', 'services', 'multimedia'],
      open: true,
      pickers: ['services'],
    },
    {
      id: 'testi',
      title: w('Testi e aspetto', 'Texts and look'),
      keys: ['language', 'modalMainTextMoreLink', 'theme', 'barTimeout'],
      open: true,
    },
    {
      id: 'avanzate',
      title: ADVANCED,
      keys: ['cookieVersion', 'carryOver', 'googleConsentMode', 'globalPrivacyControl', 'iframePlaceholders'],
      open: false,
    },
  ],
  applies: {
    // a necessary category is always on: when it is allowed and how its switch starts do not apply
    '/categories/*/wanted': (c, p) => !categoryOf(c, p)?.needed,
    '/categories/*/checked': (c, p) => !categoryOf(c, p)?.needed,
  },
  enumLabels: {
    '/properties/services/additionalProperties/properties/type': {
      'script-tag': w('Tag <script> della pagina', "The page's <script> tags"),
      'dynamic-script': w('Script aggiunti dal codice', 'Scripts added by code'),
      wrapped: w('Funzione racchiusa (CookieConsent.wrapper)', 'Wrapped function (CookieConsent.wrapper)'),
      localcookie: w('Solo i suoi cookie', 'Its cookies only'),
    },
  },
  ui: {},
  keys: ['categories', 'services'],
  preview: 'consent',
  pickerTargets: [],
  // the trackers of the theme's page_footer_script.tpl, as its advanced consent declares them
  // (openpa_bootstrapitalia design/bootstrapitalia/templates/page_notifications.tpl: the same keys,
  // so a visitor's earlier choice stays valid; both scripts are inserted by script, hence
  // dynamic-script; Matomo's matomo.js does not contain its key, hence its search, docs/openpa.md step 5)
  services: [
    {
      key: 'piwik',
      name: w('Web Analytics Italia (Matomo)', 'Web Analytics Italia (Matomo)'),
      category: { key: 'analytics', config: {} },
      service: {
        category: 'analytics',
        type: 'dynamic-script',
        search: 'matomo',
        cookies: [{ name: '__utma' }, { name: { pattern: '^_pk' } }],
        language: { locale: { it: { name: 'Web Analytics Italia' } } },
      },
    },
    {
      key: 'google',
      name: w('Google Analytics', 'Google Analytics'),
      category: { key: 'analytics', config: {} },
      service: {
        category: 'analytics',
        type: 'dynamic-script',
        cookies: [{ name: { pattern: '^_gid' } }, { name: { pattern: '^_gat' } }, { name: { pattern: '^_ga' } }],
        language: { locale: { it: { name: 'Google Analytics' } } },
      },
    },
  ],
  presets: PRESETS.filter((p) => p.type === 'consent'),
};

function categoryOf(c: Config, pointer: string): Config | undefined {
  const name = pointer.split('/')[2];
  return (c.categories as Record<string, Config> | undefined)?.[name];
}

// ---- any other registered block: its form from its schema ---------------------------------------

/** The keys every block may have, in Avanzate (runtime/block/kit.ts reads `locale` and `i18n`). */
const KIT_KEYS = ['blockId', 'locale', 'i18n'];

/**
 * A registered block the configurator has no words for: its schema's fields in one group (the
 * kit's keys in Avanzate), its own validator and legacy keys, a starter with its `$schema`, its
 * preview mounted as a block. Recognised in a paste by its `$schema`, or by keys no other type has.
 */
export function fromSchema(type: BlockType, all: Record<string, BlockKind> = {}): BlockKind {
  const schema = schemas[type];
  const props = Object.entries<any>(schema.properties || {})
    .filter(([k, v]) => k !== '$schema' && !v.deprecated)
    .map(([k]) => k);
  const advanced = props.filter((k) => KIT_KEYS.includes(k));
  const own = props.filter((k) => !advanced.includes(k));
  const elsewhere = new Set([...Object.values(all), consent].flatMap((k) => Object.keys(k.schema.properties || {})));
  return {
    type,
    schema,
    check: validator(registered[type].validate),
    legacy: registered[type].legacy,
    starter: () => ({ ...('$schema' in (schema.properties || {}) ? { $schema: `../schemas/${type}.schema.json` } : {}) }),
    groups: [
      ...(own.length ? [{ id: 'cosa', title: w('Impostazioni', 'Settings'), keys: own, open: true }] : []),
      { id: 'avanzate', title: ADVANCED, keys: advanced, open: false },
    ],
    applies: {},
    enumLabels: {},
    ui: {},
    keys: own.filter((k) => !elsewhere.has(k)),
    preview: 'block',
    pickerTargets: [],
    presets: [],
  };
}

/** The kinds the configurator has words, pickers and presets for; the other registered blocks come from their schema. */
const described: Partial<Record<BlockType, BlockKind>> = { listing, datatable };

export const BLOCKS = (() => {
  const table = {} as Record<ConfigType, BlockKind>;
  for (const type of Object.keys(registered) as BlockType[]) if (described[type]) table[type] = described[type]!;
  for (const type of Object.keys(registered) as BlockType[]) table[type] ||= fromSchema(type, table);
  table.consent = consent;
  // the registry's order, consent last
  return Object.fromEntries([...Object.keys(registered), 'consent'].map((t) => [t, table[t as ConfigType]])) as Record<
    ConfigType,
    BlockKind
  >;
})();
export const CONFIG_TYPES = Object.keys(BLOCKS) as ConfigType[];
