// The data table block's contract to tools: everything the configurator (configurator/) and `npm
// run validate` (scripts/validate.mjs, found through the blocks registry) may use of this block, and
// nothing else — its other files may change shape freely (biome.json fails the lint on a tool
// importing them). The page never loads this file: index.ts and openpa.ts are its entries.
import type { Mapped } from '../../runtime/openpa';
import type { DatatableConfig } from '../../schemas/generated/datatable';

/** The eZ form of the OpenPA overrides → this block's config: the mapping the page uses, loaded on first use. */
export const loadOpenpaMapping = (): Promise<(form: unknown) => Mapped<DatatableConfig>> =>
  import('./model/openpa').then((m) => m.fromOpenpa);

/**
 * The jQuery plugin's settings (`opendataDataTable({…})`), which the block also mounts: whether a
 * settings object is one (small, for recognising a paste), and the config the block makes of it
 * with what it leaves out (`{ config, ignored }`).
 */
export { isPluginSettings } from './model/plugin';
export { fromPluginSettings } from './model/plugin-settings';
/** A class field's type as the block reads it from the class definition (the column picker offers the same). */
export { typeFromClass, type ClassDefinition, type ClassField } from './model/columns';
export type { FieldType } from './model/types';
