// Whether a data table's config is the jQuery plugin's settings (`opendataDataTable({…})`): the
// block then loads their mapping (jquery.ts, a chunk of its own). Pure.
export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The plugin's settings: `builder` or `datatable` (no key of a piazza config). */
export const isPluginSettings = (config: unknown): config is Obj => {
  const c = obj(config);
  return !!c && ('builder' in c || 'datatable' in c) && !('query' in c) && !('columns' in c);
};
