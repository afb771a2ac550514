// The eZ Flow blocks piazza maps, as the theme's block editor shows them (openpa_bootstrapitalia
// settings/block.ini.append.php: each block type's Name, its views, its CustomAttributes with their
// CustomAttributeNames, checkbox types and select labels), so that an admin can paste what the
// editor shows: `Elementi per pagina: 6`, `Mostra mappa: sì`, `Elementi per riga: Masonry`.
// test/unit/configurator/ez-blocks.test.ts checks this table against the real block.ini. Pure data.
import type { ConfigType } from './blocks';

export interface EzAttribute {
  /** The attribute's identifier (`show_map`). */
  name: string;
  /** Its label in the block editor (CustomAttributeNames); none for attributes the theme's templates read but block.ini does not list. */
  label?: string;
  /** A checkbox: the editor stores '1' or ''. */
  checkbox?: boolean;
  /** A select's option labels → stored values (CustomAttributeSelection_…). */
  options?: Record<string, string>;
}

export interface EzBlockType {
  type: string;
  /** Its Name in the editor. */
  name: string;
  /** ViewList with their ViewName. */
  views: Array<{ view: string; name: string }>;
  attributes: EzAttribute[];
}

const LIMITS = { 2: '2', 3: '3', 4: '4', 6: '6', 8: '8', 9: '9' };
const PER_ROW = { Masonry: 'auto', 2: '2', 3: '3' };
const VIEWS = { 'Card (teaser)': 'card_teaser', Card: 'card', Banner: 'banner', Lista: 'latest_messages_item' };

/** What OpendataRemoteContents and OpendataQueriedContents share, in the editor's order. */
const LISTING: EzAttribute[] = [
  { name: 'image', label: 'Immagine di sfondo' },
  { name: 'query', label: 'Query (esempio: classes [private_organization] sort [name=>asc])' },
  { name: 'show_grid', label: 'Mostra lista', checkbox: true },
  { name: 'show_map', label: 'Mostra mappa', checkbox: true },
  { name: 'show_search', label: 'Mostra input di ricerca', checkbox: true },
  { name: 'input_search_placeholder', label: 'Placeholder input di ricerca' },
  { name: 'limit', label: 'Elementi per pagina', options: LIMITS },
  { name: 'items_per_row', label: 'Elementi per riga', options: PER_ROW },
  { name: 'facets', label: 'Identificatori filtri (esempio: Argomenti:topics.name,Tipologia:type)' },
  { name: 'view_api', label: 'Tipologia di visualizzazione (se disponibile)', options: VIEWS },
  { name: 'fields', label: '[Impostazione avanzata] Identificatori campi (esempio: description,more_information)' },
  { name: 'simple_geo_api', label: '[Impostazione avanzata] Utilizza geo api semplici', checkbox: true },
  { name: 'template', label: '[Impostazione avanzata] Template jsrender custom' },
  // read by the theme's templates (opendata_remote_gui.tpl), set where a portal's block.ini adds them
  { name: 'query_builder' },
  { name: 'hide_if_empty', checkbox: true },
  { name: 'show_all_link', checkbox: true },
  { name: 'show_all_text' },
];

export const EZ_BLOCKS: EzBlockType[] = [
  {
    type: 'OpendataRemoteContents',
    name: 'Contenuti remoti (opencontent opendata)',
    views: [
      { view: 'default', name: 'Default' },
      { view: 'datatable', name: 'Datatable' },
      { view: 'horizontal', name: 'Orizzontale' },
    ],
    attributes: [LISTING[0], { name: 'remote_url', label: 'Url remoto' }, ...LISTING.slice(1)],
  },
  {
    type: 'OpendataQueriedContents',
    name: 'Contenuti in base a opendata query',
    views: [{ view: 'default', name: 'Default' }],
    attributes: [
      LISTING[0],
      LISTING[1],
      { name: 'ignore_policy', label: 'Mostra tutti i contenuti ignorando le policy di accesso', checkbox: true },
      ...LISTING.slice(2),
    ],
  },
  {
    type: 'RicercaLuoghi',
    name: 'Ricerca Luoghi',
    views: [{ view: 'default', name: 'Default' }],
    attributes: [
      { name: 'node_id' },
      { name: 'root_tag', label: 'Percorso tag classificazione' },
      { name: 'hide_first_level', label: 'Nascondi primo livello', checkbox: true },
      { name: 'hide_empty_facets', label: 'Nascondi tag senza contenuti', checkbox: true },
    ],
  },
];

export const ezBlock = (type: string) => EZ_BLOCKS.find((b) => b.type === type);

/** Which piazza block an eZ block becomes: the data table view, Amministrazione Trasparente's tables, or a listing. */
export const configTypeOf = (type: string, view: string): ConfigType =>
  view === 'datatable' || type === 'TrasparenzaTable' ? 'datatable' : 'listing';

/** Every attribute name any of these blocks has. */
export const EZ_ATTRIBUTE_NAMES = new Set(EZ_BLOCKS.flatMap((b) => b.attributes.map((a) => a.name)));

/** A checkbox value as typed (`sì`, `x`, `true`, `1`) → eZ's '1' or ''. */
export function checkboxValue(text: string): string {
  return /^(1|s[iì]|x|true|yes|on|✓|✔)$/i.test(text.trim()) ? '1' : '';
}

/**
 * Attributes the mapping leaves out, with what replaces them (docs/openpa.md §3), and the tag
 * trees of `:tree` facets, which only the eZ template can read (api_tagtree).
 */
export const EZ_IGNORED: Record<string, { it: string; en: string }> = {
  image: {
    it: "L'immagine di sfondo la mostra il template eZ, non il blocco.",
    en: 'The background image is drawn by the eZ template, not by the block.',
  },
  template: {
    it: 'Template jsrender: piazza mostra la vista del risultato; per un markup tuo usa «Template HTML › Risultato».',
    en: "A jsrender template: piazza shows the result's view; for markup of your own use «HTML templates › Result».",
  },
  simple_geo_api: { it: "piazza sceglie da sé l'endpoint della mappa.", en: 'piazza picks the map endpoint itself.' },
  show_all_link: {
    it: 'Il pulsante «Vedi tutti» sotto il blocco lo scrive il template eZ.',
    en: 'The «View all» button below the block is written by the eZ template.',
  },
  show_all_text: {
    it: 'Il pulsante «Vedi tutti» sotto il blocco lo scrive il template eZ.',
    en: 'The «View all» button below the block is written by the eZ template.',
  },
  ignore_policy: { it: 'Lo applica il blocco del portale (modalità server).', en: "The portal's block applies it (server mode)." },
  ':tree': {
    it: "I filtri ad albero ricevono l'albero dei tag dal template eZ sul portale: qui sono filtri semplici.",
    en: 'Tree filters get their tag tree from the eZ template on the portal: here they are plain filters.',
  },
};
