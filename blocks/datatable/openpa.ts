// The `datatable-openpa` chunk: an eZ form (OpenPA overrides) → the data table's config (model/openpa.ts).
export { fromOpenpa } from './model/openpa';
export { relocate } from '../../runtime/openpa';
