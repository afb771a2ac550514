// The data table's domain: resolved columns and facets, the visitor's table state, and the
// shapes of the ocopendata `datatable/search` answer.
import type { FieldType } from '../../../schemas/generated/datatable';

export type { FieldType };
export type SortDir = 'asc' | 'desc';

/** A column after config + class definition are merged: every default decided. */
export interface ColumnSpec {
  field: string;
  title: string;
  type: Exclude<FieldType, 'auto'> | 'auto';
  /** eZ datatype from the class (ezdate, ezmatrix, …) when known. */
  dataType?: string;
  sortable: boolean;
  link: boolean;
}

export interface FacetSpec {
  field: string;
  label: string;
  multiple: boolean;
  sort: 'alpha' | 'count';
  limit: number;
}

export interface Sort {
  field: string;
  dir: SortDir;
}

/** What the visitor chose; a pure function of it gives the request and the URL. */
export interface TableState {
  /** 0-based. */
  page: number;
  pageSize: number;
  sort: Sort | null;
  search: string;
  /** field → raw (unescaped) selected values; absent or empty = no filter. */
  filters: Record<string, string[]>;
}

/** One content hit as the datatable environment returns it (SearchResults hit shape). */
export interface Hit {
  metadata?: Record<string, unknown> & { id?: number | string; name?: Record<string, string> };
  data?: Record<string, Record<string, unknown>>;
  extradata?: Record<string, Record<string, unknown>>;
}

export interface FacetResult {
  name: string;
  data: Record<string, number>;
}

export interface DrawResult {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: Hit[];
  facets: FacetResult[];
}
