// Texts every block shares (pagination, loading, errors). A block spreads these into its catalog.
export const common = {
  it: {
    'pagination.label': 'Navigazione pagine',
    'pagination.prev': 'Pagina precedente',
    'pagination.next': 'Pagina successiva',
    'pagination.page': 'Pagina {page}',
    'pagination.pageOf': 'Pagina {page} di {count}',
    loading: 'Caricamento…',
    'error.load': 'Non è stato possibile caricare i contenuti.',
    'error.retry': 'Riprova',
  },
  en: {
    'pagination.label': 'Page navigation',
    'pagination.prev': 'Previous page',
    'pagination.next': 'Next page',
    'pagination.page': 'Page {page}',
    'pagination.pageOf': 'Page {page} of {count}',
    loading: 'Loading…',
    'error.load': 'The content could not be loaded.',
    'error.retry': 'Try again',
  },
  de: {
    'pagination.label': 'Seitennavigation',
    'pagination.prev': 'Vorherige Seite',
    'pagination.next': 'Nächste Seite',
    'pagination.page': 'Seite {page}',
    'pagination.pageOf': 'Seite {page} von {count}',
    loading: 'Wird geladen…',
    'error.load': 'Die Inhalte konnten nicht geladen werden.',
    'error.retry': 'Erneut versuchen',
  },
};
