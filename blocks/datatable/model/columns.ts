// Columns and facets from the admin's config, completed by the class definition
// (`classes/{identifier}`: field names and template.type / dataType decide titles and cell types).
import type { Column as ColumnConfig, DatatableConfig, Facet as FacetConfig } from '../../../schemas/generated/datatable';
import { pickLang, type Lang } from '../../../runtime/i18n';
import type { ColumnSpec, FacetSpec, FieldType, Hit } from './types';

export interface ClassField {
  identifier: string;
  name?: Record<string, string>;
  dataType?: string;
  template?: { type?: string; format?: string[] | string };
  isSearchable?: boolean;
}
export interface ClassDefinition {
  identifier: string;
  name?: Record<string, string>;
  fields: ClassField[];
}

/** Meta fields the server can sort by. */
const SORTABLE_META = ['id', 'name', 'published', 'modified', 'class'];
/** Meta fields read from `metadata` rather than `data[lang]`. */
export const META_FIELDS = [
  'id',
  'name',
  'published',
  'modified',
  'class',
  'classIdentifier',
  'remoteId',
  'ownerName',
  'modifierName',
  'mainNodeId',
];

/** The cell type a class field calls for (ocopendata template.type first, dataType to refine). */
export function typeFromClass(field: ClassField): FieldType {
  const t = field.template?.type || '';
  const dt = field.dataType || '';
  if (t === 'ISO 8601 date') return dt === 'ezdate' ? 'date' : 'datetime';
  if (dt === 'ezmatrix') return 'matrix';
  if (dt === 'ezauthor') return 'author';
  if (dt === 'ezurl') return 'url';
  if (dt === 'ezprice' || t === 'price') return 'price';
  if (dt === 'ezuser' || t === 'user') return 'user';
  if (dt === 'ocmultibinary' || t === 'multifile') return 'multifile';
  if (dt === 'ezbinaryfile' || t === 'file') return 'file';
  if (dt === 'ezimage' || t === 'image') return 'image';
  if (t === 'array of id or remoteId or file or image') return 'relations';
  if (t === 'tag' || t === 'selection') return 'tags';
  if (t === 'html') return 'html';
  if (t === 'boolean') return 'boolean';
  if (t === 'integer' || t === 'number') return 'number';
  if (t === 'geo') return 'geo';
  if (t === 'string') return 'text';
  return 'auto';
}

/** Types the server cannot sort on (multi-valued or structured fields). */
const UNSORTABLE = new Set<FieldType>([
  'matrix',
  'multifile',
  'author',
  'relations',
  'tags',
  'file',
  'image',
  'user',
  'url',
  'geo',
  'html',
]);
const META_TYPES: Record<string, FieldType> = { published: 'datetime', modified: 'datetime', id: 'number', mainNodeId: 'number' };

function parseColumn(entry: string | ColumnConfig): ColumnConfig {
  if (typeof entry !== 'string') return entry;
  return entry.startsWith('*') ? { field: entry.slice(1), link: true } : { field: entry };
}

/** Columns in config order; without config columns, every field of the class. */
export function resolveColumns(
  config: Pick<DatatableConfig, 'columns'>,
  cls: ClassDefinition | null,
  lang: Lang,
  metaTitles: Record<string, string> = {},
): ColumnSpec[] {
  const entries: ColumnConfig[] = config.columns?.length
    ? config.columns.map(parseColumn)
    : (cls?.fields || []).map((f) => ({ field: f.identifier }));
  return entries.map((c) => {
    const def = cls?.fields.find((f) => f.identifier === c.field);
    const configured = c.type && c.type !== 'auto' ? c.type : null;
    const type = configured || (def ? typeFromClass(def) : META_TYPES[c.field] || 'auto');
    // The server checks the Solr name of every column it may sort by: class fields it indexes and
    // its own meta fields only (ownerName, mainNodeId… exist in the hit but not in the index).
    const searchable = def
      ? def.isSearchable !== false && def.dataType !== 'ezmatrix'
      : !META_FIELDS.includes(c.field) || SORTABLE_META.includes(c.field);
    return {
      field: c.field,
      title: c.title || (def && pickLang(def.name, lang)) || metaTitles[c.field] || c.field,
      type,
      dataType: def?.dataType,
      sortable: c.sortable ?? (searchable && !UNSORTABLE.has(type)),
      link: !!c.link,
    };
  });
}

export function resolveFacets(
  facets: DatatableConfig['facets'],
  columns: ColumnSpec[],
  cls: ClassDefinition | null,
  lang: Lang,
): FacetSpec[] {
  return (facets || []).map((entry) => {
    const f: FacetConfig = typeof entry === 'string' ? { field: entry } : entry;
    const def = cls?.fields.find((x) => x.identifier === f.field);
    return {
      field: f.field,
      label: f.label || columns.find((c) => c.field === f.field)?.title || (def && pickLang(def.name, lang)) || f.field,
      multiple: !!f.multiple,
      sort: f.sort || 'alpha',
      limit: f.limit || 100,
    };
  });
}

/** The value of a column's field in a hit: `data[lang][field]`, else the metadata of that name. */
export function fieldValue(hit: Hit, field: string, lang: Lang): unknown {
  if (field.startsWith('metadata.')) return metaValue(hit, field.slice(9), lang);
  const data = pickLang(hit.data, lang);
  const v = data && typeof data === 'object' ? data[field] : undefined;
  // A meta field the class lacks comes back as null in data (the server fills requested fields).
  if ((v === undefined || v === null) && META_FIELDS.includes(field)) return metaValue(hit, field, lang) ?? v;
  return v;
}

function metaValue(hit: Hit, key: string, lang: Lang): unknown {
  const m = hit.metadata || {};
  const k = key === 'class' ? 'classIdentifier' : key;
  const v = m[k];
  // name, ownerName, modifierName are maps by eZ locale.
  return v && typeof v === 'object' && !Array.isArray(v) ? pickLang(v as Record<string, unknown>, lang) : v;
}

/** true when the hit carries the field at all (null counts: the server fills missing fields with null). */
export function hasField(hit: Hit, field: string, lang: Lang): boolean {
  return fieldValue(hit, field, lang) !== undefined;
}

/** The DataTables `columns[i][data]` of a field, as the original block wrote it. */
export const columnDataPath = (field: string, ezLang: string) =>
  META_FIELDS.includes(field) && field !== 'name' ? 'metadata.' + field : 'data.' + ezLang + '.' + field;
