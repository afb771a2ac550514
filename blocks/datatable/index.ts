// Data table block: `<div data-piazza-block="datatable">` with a JSON config. Validates the config,
// reads the class definition when asked to, and mounts the table over the fallback content.
import { h, render } from 'preact';
import validate from '../../schemas/generated/datatable.validate.js';
import type { DatatableConfig } from '../../schemas/generated/datatable';
import { checkConfig, ConfigError, ignoredNote } from '../../runtime/config';
import { createAnnouncer, injectStyle } from '../../runtime/dom';
import { isCancelled } from '../../runtime/http';
import { holdSpace } from '../../runtime/reserve';
import { createI18n, ezLocale } from '../../runtime/i18n';
import type { BlockContext } from '../../runtime/types';
import { ErrorNotice } from '../../runtime/ui/ErrorNotice';
import { createTableApi } from './api';
import { catalog } from './i18n';
import { META_FIELDS, resolveColumns, resolveFacets, type ClassDefinition } from './model/columns';
import { isPluginSettings } from './model/plugin';
import { reservedHeights, tableLayout, widthsOf } from './model/reserve';
import { defaultSort, initialState } from './model/state';
import { urlKeys } from './model/url';
import { createTable, type Table, type TableSetup } from './table';
import { App } from './views/App';
import css from './views/datatable.css';

type Config = DatatableConfig & Required<Pick<DatatableConfig, 'searchUrl' | 'classesUrl' | 'jsonp' | 'pageSize' | 'pageSizeOptions' | 'search' | 'linkTemplate' | 'urlState' | 'cardBreakpoint' | 'locale' | 'i18n'>> & {
  export: Required<NonNullable<DatatableConfig['export']>>;
};

let instances = 0;

export function mount(element: HTMLElement, raw: unknown, ctx: BlockContext) {
  // The jQuery plugin's settings (`opendataDataTable({…})` pasted as the config): mapped by their
  // own chunk, and what has no equivalent said once, as the listing says its legacy keys.
  if (isPluginSettings(raw)) {
    return import('./model/plugin-settings').then(({ fromPluginSettings }) => {
      const mapped = fromPluginSettings(raw);
      for (const n of mapped.ignored) ctx.explain(ignoredNote(n)).then((text) => console.warn('[piazza] datatable block "' + ctx.blockId + '": ' + text));
      return mountTable(element, mapped.config, ctx);
    });
  }
  return mountTable(element, raw, ctx);
}

function mountTable(element: HTMLElement, raw: unknown, ctx: BlockContext) {
  const config = checkConfig<Config>(validate, raw);
  if (!config.columns?.length && !config.class && !config.classFromResults) throw new ConfigError([{ path: '/columns', code: 'requiredUnless', key: 'class' }]);
  const i18n = createI18n(catalog, config.locale, config.i18n);
  const api = createTableApi(config, ctx.nonce);
  const idPrefix = 'piazza-dt-' + (config.blockId || ++instances);
  const releaseStyle = injectStyle('datatable', css, ctx.nonce);
  // The space of the filters and the first page of rows, held until they (or an error) are shown:
  // mounting moves nothing below the table (model/reserve.ts; the page may print it already).
  const layout = tableLayout(config);
  const releaseSpace = holdSpace(element, config.blockId || ctx.blockId, reservedHeights(layout), widthsOf(layout), ctx.nonce);
  element.classList.add('piazza-datatable-host'); // piazza.unmount gives the element its class attribute back
  element.replaceChildren();
  const announcer = createAnnouncer(element);
  const root = element.appendChild(document.createElement('div'));
  /** The table's controller (state, URL, draws), once the columns are known. */
  let table: Table | null = null;

  function show(cls: ClassDefinition | null) {
    const metaTitles = Object.fromEntries(META_FIELDS.map((f) => [f, i18n.t('meta.' + f)]));
    const columns = resolveColumns(config, cls, i18n.lang, metaTitles);
    if (config.order && !columns.some((c) => c.field === config.order!.field)) {
      console.warn('[piazza] datatable "' + ctx.blockId + '": /order/field "' + config.order.field + '" is not a column; the server sorts by it but no header shows it');
    }
    const facets = resolveFacets(config.facets, columns, cls, i18n.lang);
    const defaults = initialState(config.pageSize, defaultSort(columns, config.order));
    const setup: TableSetup = {
      blockId: ctx.blockId, api, i18n, columns, facets, baseQuery: config.query, linkTemplate: config.linkTemplate,
      rules: { columns, facets, pageSizeOptions: config.pageSizeOptions, defaults },
      urlKeys: config.urlState ? urlKeys(config.blockId || ctx.blockId) : null,
      announce: announcer.say,
    };
    table = createTable(setup);
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
        onShown: releaseSpace,
      }),
      root,
    );
  }

  async function start() {
    let identifier = config.class || null;
    try {
      if (!identifier && config.classFromResults) identifier = await api.classOfResults(config.query, ezLocale(i18n.lang));
      if (!identifier) return show(null);
      show(await api.classDefinition(identifier));
    } catch (e: any) {
      if (isCancelled(e)) return;
      console.error('[piazza] datatable "' + ctx.blockId + '": class "' + (identifier ?? '?') + '" could not be read (status ' + (e?.status ?? 0) + ': ' + (e?.message ?? e) + ')');
      // Configured columns are enough to show the table; without them there is nothing to show yet.
      if (config.columns?.length) show(null);
      else {
        render(h(ErrorNotice, { i18n, onRetry: start }), root);
        releaseSpace();
      }
    }
  }

  return start().then(() => () => {
    table?.dispose(); // the URL listener, the draws (api.cancel)
    render(null, root);
    releaseSpace();
    announcer.destroy();
    releaseStyle();
  });
}
