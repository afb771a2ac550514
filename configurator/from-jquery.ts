// The original jQuery blocks' settings as piazza configs, each through its block's own handling of
// them: the listing takes `remoteContentsGui({…})` as its config (its legacy keys accepted and
// ignored: README "From the jQuery block"), the data table maps `opendataDataTable({…})` with the
// mapping it mounts them with (blocks/datatable/public.ts). The configurator leaves
// out, and says, what the block would ignore; the theme's markup around a listing's call adds what
// the plugin read from it (tabs, search box, filters). A chunk of its own, loaded on first use.
import listingLegacy from '../schemas/generated/listing.legacy.js';
import type { LegacyNote } from '../runtime/config';
import { catalog as listingTexts } from '../blocks/listing/public';
import { fromPluginSettings } from '../blocks/datatable/public';
import type { Config, JqueryToConfig } from './types';
import { listingMarkup } from './theme-markup';

/** The listing's own text keys (its catalog, blocks/listing/public.ts): the plugin's i18n keys are not among them. */
const LISTING_TEXT_KEYS = new Set(Object.keys(listingTexts.it));
const PLUGIN_TEXT = {
  it: 'Testo del plugin jQuery: piazza ha già i suoi testi in italiano, inglese e tedesco.',
  en: 'A text of the jQuery plugin: piazza has its own texts in Italian, English and German.',
};

export const listingFromJquery: JqueryToConfig = (settings, page, blockId) => {
  let config: Config = {};
  const ignored: LegacyNote[] = [];
  for (const [k, v] of Object.entries(settings)) {
    if (Object.hasOwn(listingLegacy, k)) ignored.push({ key: '/' + k, note: listingLegacy[k] });
    else config[k] = v;
  }
  const texts = config.i18n && typeof config.i18n === 'object' ? Object.entries(config.i18n as Config) : [];
  for (const [k] of texts.filter(([k]) => !LISTING_TEXT_KEYS.has(k))) ignored.push({ key: '/i18n/' + k, note: PLUGIN_TEXT });
  delete config.i18n;
  const own = Object.fromEntries(texts.filter(([k]) => LISTING_TEXT_KEYS.has(k)));
  const markup = page && blockId ? listingMarkup(page, blockId, Array.isArray(settings.facets) ? settings.facets : []) : null;
  if (markup) config = { ...config, ...markup };
  const i18n = { ...own, ...markup?.i18n };
  if (Object.keys(i18n).length) config.i18n = i18n;
  else delete config.i18n;
  return { config: { $schema: '../schemas/listing.schema.json', ...(blockId && !config.blockId ? { blockId } : {}), ...config }, ignored };
};

export const datatableFromJquery: JqueryToConfig = (settings, _page, blockId) => {
  const { config, ignored } = fromPluginSettings(settings);
  return { config: { $schema: '../schemas/datatable.schema.json', ...(blockId ? { blockId } : {}), ...config }, ignored };
};
