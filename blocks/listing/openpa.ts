// The `listing-openpa` chunk: an eZ form (OpenPA overrides) → the listing's config (model/openpa.ts).
export { fromOpenpa } from './model/openpa';
export { relocate } from '../../runtime/openpa';
