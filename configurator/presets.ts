// Starting points a site admin picks instead of a blank form, as the page lists them: each names
// the block it makes and the class it lists. A preset whose class the portal lacks is not offered
// (the picker says why). The configs themselves are made against this portal's class when one is
// picked (preset-configs.ts, a chunk loaded then).
import type { ConfigType } from './types';
import type { Words } from './texts';

export interface Preset {
  id: string;
  type: ConfigType;
  title: Words;
  description: Words;
  /** The class the config lists (its definition is read before the preset applies); none for consent. */
  class?: string;
}

export const PRESETS: Preset[] = [
  {
    id: 'eventi',
    type: 'listing',
    class: 'event',
    title: { it: 'Eventi con mappa e calendario', en: 'Events with map and calendar' },
    description: {
      it: 'Gli eventi in ordine di data, con lista, mappa e calendario, ricerca e filtri per argomento, tipo e periodo.',
      en: 'Events by date, with list, map and calendar, search and filters by topic, type and period.',
    },
  },
  {
    id: 'notizie',
    type: 'listing',
    class: 'article',
    title: { it: 'Notizie', en: 'News' },
    description: {
      it: 'Le notizie più recenti prima, tre per riga, con ricerca, filtri per argomento e tipo e le date di pubblicazione.',
      en: 'The latest news first, three a row, with search, filters by topic and type and the publication dates.',
    },
  },
  {
    id: 'luoghi',
    type: 'listing',
    class: 'place',
    title: { it: 'Luoghi sulla mappa', en: 'Places on the map' },
    description: {
      it: 'I luoghi in ordine di nome: prima la mappa, poi la lista a muratura, con ricerca e filtro per tipo.',
      en: 'Places by name: the map first, then the masonry list, with search and a filter by type.',
    },
  },
  {
    id: 'documenti',
    type: 'datatable',
    class: 'document',
    title: { it: 'Documenti in tabella', en: 'Documents in a table' },
    description: {
      it: 'I documenti in una tabella ordinabile, i più recenti prima, con ricerca, filtro per tipo e scaricamento CSV.',
      en: 'Documents in a sortable table, the latest first, with search, a filter by type and CSV download.',
    },
  },
  {
    id: 'trasparenza',
    type: 'datatable',
    class: 'document',
    title: { it: 'Amministrazione trasparente', en: 'Transparent administration' },
    description: {
      it: "Come le tabelle di Amministrazione trasparente del tema: 30 righe per pagina, il titolo con il link, protocollo, tipo e date, filtri per anno e tipo, CSV per l'Excel italiano.",
      en: "As the theme's Transparent administration tables: 30 rows a page, the linked title, protocol, type and dates, filters by year and type, CSV for Excel in Italian.",
    },
  },
  {
    id: 'consenso-bootstrapitalia2',
    type: 'consent',
    title: { it: 'Consenso per un portale bootstrapitalia2', en: 'Consent for a bootstrapitalia2 portal' },
    description: {
      it: 'Le categorie e i testi del banner del tema (cookie tecnici, di analisi, di terze parti per i video incorporati), con le parole del tema.',
      en: "The categories and texts of the theme's banner (technical, analytics, third-party cookies for embedded videos), in the theme's words.",
    },
  },
];
