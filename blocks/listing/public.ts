// The listing block's contract to tools: everything the configurator (configurator/) and `npm run
// validate` (scripts/validate.mjs, found through the blocks registry) may use of this block, and
// nothing else — its other files may change shape freely (biome.json fails the lint on a tool
// importing them). The page never loads this file: index.ts, early.ts and openpa.ts are its entries.
import type { Mapped } from '../../runtime/openpa';
import type { ListingConfig } from '../../schemas/generated/listing';

/** The eZ form of the OpenPA overrides → this block's config: the mapping the page uses, loaded on first use. */
export const loadOpenpaMapping = (): Promise<(form: unknown) => Mapped<ListingConfig>> =>
  import('./model/openpa').then((m) => m.fromOpenpa);

/** A REST URL of a portal's ocopendata API as the block calls it (the configurator's pickers ask the same doors). */
export { restUrl } from './model/endpoints';
/** A filter clause `field in [...]` as the block writes it (the content picker's tag clause). */
export { facetClause } from './model/query';
/** The block's own texts: the keys of its `i18n` (a jQuery plugin's other text keys are not among them). */
export { catalog } from './i18n';
