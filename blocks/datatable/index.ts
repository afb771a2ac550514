// Data table block: `<div data-piazza-block="datatable">` with a JSON config. Validates the config,
// reads the class definition when asked to, and mounts the table over the fallback content; the
// rest is the kit's (runtime/block/kit.ts).
import { h } from 'preact';
import validate from '../../schemas/generated/datatable.validate.js';
import type { DatatableConfig } from '../../schemas/generated/datatable';
import { defineBlock } from '../../runtime/block/kit';
import { resource } from '../../runtime/block/resource';
import { ezLocale } from '../../runtime/i18n';
import { holdSpace } from '../../runtime/reserve';
import { ErrorNotice } from '../../runtime/ui/ErrorNotice';
import { createTableApi } from './api';
import { catalog } from './i18n';
import { META_FIELDS, resolveColumns, resolveFacets, type ClassDefinition } from './model/columns';
import { isPluginSettings } from './model/plugin';
import { reservedHeights, tableLayout, widthsOf } from './model/reserve';
import { defaultSort, initialState } from './model/state';
import { urlKeys } from './model/url';
import { createTable, type TableSetup } from './table.controller';
import { App } from './views/App';
import css from './views/datatable.css';

type Config = DatatableConfig &
  Required<
    Pick<
      DatatableConfig,
      | 'searchUrl'
      | 'classesUrl'
      | 'jsonp'
      | 'pageSize'
      | 'pageSizeOptions'
      | 'search'
      | 'linkTemplate'
      | 'urlState'
      | 'cardBreakpoint'
      | 'locale'
      | 'i18n'
    >
  > & {
    export: Required<NonNullable<DatatableConfig['export']>>;
  };

let instances = 0;

export const mount = defineBlock<Config>({
  validate,
  css,
  catalog,
  elementClass: 'piazza-datatable-host', // piazza.unmount gives the element its class attribute back
  // The jQuery plugin's settings (`opendataDataTable({…})` pasted as the config), mapped by their own chunk.
  adapt: (raw) => (isPluginSettings(raw) ? import('./model/plugin-settings').then((m) => m.fromPluginSettings(raw)) : null),
  check: (c) => (!c.columns?.length && !c.class && !c.classFromResults ? [{ path: '/columns', code: 'requiredUnless', key: 'class' }] : []),
  setup({ element, config, ctx, i18n, log, announce, render, add, shown }) {
    const api = createTableApi(config, ctx.nonce);
    const idPrefix = 'piazza-dt-' + (config.blockId || ++instances);
    // The space of the filters and the first page of rows, held until they (or an error) are shown:
    // mounting moves nothing below the table (model/reserve.ts; the page may print it already).
    const layout = tableLayout(config);
    const releaseSpace = holdSpace(element, config.blockId || ctx.blockId, reservedHeights(layout), widthsOf(layout), ctx.nonce);
    add(releaseSpace);
    /** The first rows (or the message of what failed) are drawn: the space given back, `block:shown`. */
    const drawn = () => {
      releaseSpace();
      shown();
    };

    function show(cls: ClassDefinition | null) {
      const metaTitles = Object.fromEntries(META_FIELDS.map((f) => [f, i18n.t('meta.' + f)]));
      const columns = resolveColumns(config, cls, i18n.lang, metaTitles);
      if (config.order && !columns.some((c) => c.field === config.order!.field)) {
        const field = '/order/field "' + config.order.field + '"';
        log.warn({
          it: field + ' non è una colonna: il server ordina per questo campo ma nessuna intestazione lo mostra',
          en: field + ' is not a column; the server sorts by it but no header shows it',
        });
      }
      const facets = resolveFacets(config.facets, columns, cls, i18n.lang);
      const defaults = initialState(config.pageSize, defaultSort(columns, config.order));
      const setup: TableSetup = {
        blockId: ctx.blockId,
        log,
        api,
        i18n,
        columns,
        facets,
        baseQuery: config.query,
        linkTemplate: config.linkTemplate,
        rules: { columns, facets, pageSizeOptions: config.pageSizeOptions, defaults },
        urlKeys: config.urlState ? urlKeys(config.blockId || ctx.blockId) : null,
        announce,
      };
      const table = createTable(setup);
      add(table.dispose); // the URL listener, the draws (api.cancel)
      render(
        h(App, {
          setup,
          table,
          idPrefix,
          caption: config.caption || i18n.t('grid.label'),
          showSearch: config.search,
          pageSizeOptions: config.pageSizeOptions,
          exportOptions: config.export.enabled ? config.export : null,
          cardBreakpoint: config.cardBreakpoint,
          nonce: ctx.nonce,
          onShown: drawn,
        }),
      );
    }

    // The class definition, read once (again on Retry: the kit's one fetch-and-retry, runtime/block/resource.ts).
    let identifier = config.class || null;
    let read: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      read = resolve;
    }); // the mount is done once the first read is
    const classRead = resource({
      active: true,
      key: () => 'class',
      async load() {
        try {
          if (!identifier && config.classFromResults) identifier = await api.classOfResults(config.query, ezLocale(i18n.lang));
          show(identifier ? await api.classDefinition(identifier) : null);
        } finally {
          read();
        }
      },
      failed(e) {
        const name = ' "' + (identifier ?? '?') + '"';
        log.request(e, { it: 'della classe' + name, en: 'class' + name });
        // Configured columns are enough to show the table; without them there is nothing to show yet.
        if (config.columns?.length) show(null);
        else {
          render(h(ErrorNotice, { i18n, onRetry: classRead.retry }));
          drawn();
        }
      },
    });
    add(classRead.dispose);
    return first;
  },
});
