// The pickers' data: the classes and a class's fields, from this portal's ocopendata API
// (`/api/opendata/v2/classes`, `classes/{identifier}`), also when the block reads another portal:
// that route has no environment, so ocopendata answers it with its v1 JSON view, which ignores
// `callback` and sends no CORS header (classes/api/view_controller.php, views/json_v1.php) — another
// portal's cannot be read from the browser — and OpenPA portals share their class definitions.
import { typeFromClass, type ClassDefinition, type ClassField, type FieldType } from '../blocks/datatable/public';
import { restUrl } from '../blocks/listing/public';
import { getJson } from '../runtime/http';
import { pickLang } from '../runtime/i18n';

export interface ClassSummary {
  identifier: string;
  name: string;
}
export interface FieldSummary {
  identifier: string;
  name: string;
  type: FieldType;
  dataType: string;
}

/** This portal's API (runtime/http: the one client, its errors a RequestError). */
const get = (path: string) => getJson('/api/opendata/v2/' + path);

/** A name as the API gives it: a string, or one per eZ locale (`ita-IT`, `eng-GB`…). */
const nameIn = (name: unknown, lang: 'it' | 'en'): string =>
  typeof name === 'string'
    ? name
    : String(pickLang(name && typeof name === 'object' ? (name as Record<string, string>) : null, lang) ?? '');

export async function listClasses(lang: 'it' | 'en'): Promise<ClassSummary[]> {
  const data = (await get('classes')) as any;
  const list: unknown[] = Array.isArray(data) ? data : Array.isArray(data?.classes) ? data.classes : [];
  return list
    .map((c: any) =>
      typeof c === 'string'
        ? { identifier: c, name: c }
        : { identifier: String(c?.identifier || ''), name: nameIn(c?.name, lang) || String(c?.identifier || '') },
    )
    .filter((c) => /^[A-Za-z0-9_]+$/.test(c.identifier))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

export async function classFields(identifier: string, lang: 'it' | 'en'): Promise<FieldSummary[]> {
  const cls = (await get('classes/' + encodeURIComponent(identifier))) as ClassDefinition;
  return (Array.isArray(cls?.fields) ? cls.fields : []).map((f: ClassField) => ({
    identifier: f.identifier,
    name: nameIn(f.name, lang) || f.identifier,
    // The data table's own reading of a class field (blocks/datatable/public.ts).
    type: typeFromClass(f),
    dataType: f.dataType || '',
  }));
}

/**
 * The values a field takes among a class's contents, most used first (a facet of the content
 * search, through the REST door: of this portal, or of the API portal with JSONP, as the blocks
 * read it): the tags and topics the content picker offers.
 */
export async function fieldValues(origin: string, cls: string, field: string): Promise<string[]> {
  const data = (await getJson(restUrl(origin, 'content', `classes [${cls}] facets [${field}|count|100] limit 1`), {
    jsonp: !!origin,
  })) as any;
  const facet = Array.isArray(data?.facets) ? data.facets.find((f: any) => f?.name === field) || data.facets[0] : null;
  return facet && facet.data && typeof facet.data === 'object' ? Object.keys(facet.data).filter(Boolean) : [];
}
