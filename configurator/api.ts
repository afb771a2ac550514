// The pickers' data: the portal's classes and a class's fields, from its ocopendata API
// (`/api/opendata/v2/classes`, `classes/{identifier}`). This portal: fetch; another portal: JSONP,
// as the listing's remote mode reads one (portals send no CORS headers).
import { typeFromClass, type ClassDefinition, type ClassField } from '../blocks/datatable/model/columns';
import type { FieldType } from '../blocks/datatable/model/types';

export interface ClassSummary { identifier: string; name: string }
export interface FieldSummary { identifier: string; name: string; type: FieldType; dataType: string }

let seq = 0;
/** One JSONP request: a callback on window, a script, both gone when it answers or fails. */
function jsonp(url: string, timeout = 15000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const name = '__piazzaConfiguratore' + ++seq;
    const script = document.createElement('script');
    const done = () => { clearTimeout(timer); delete (window as any)[name]; script.remove(); };
    const timer = setTimeout(() => { done(); reject(new Error('timeout')); }, timeout);
    (window as any)[name] = (data: unknown) => { done(); resolve(data); };
    script.onerror = () => { done(); reject(new Error('network')); };
    script.src = url + (url.includes('?') ? '&' : '?') + 'callback=' + name;
    document.head.append(script);
  });
}

async function get(origin: string, path: string): Promise<unknown> {
  const url = (origin || '') + '/api/opendata/v2/' + path;
  if (origin && origin !== location.origin) return jsonp(url);
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error('HTTP ' + res.status);
  return res.json();
}

/** A name as the API gives it: a string, or one per language (`ita-IT`, `eng-GB`…). */
function nameIn(name: unknown, lang: 'it' | 'en'): string {
  if (typeof name === 'string') return name;
  if (!name || typeof name !== 'object') return '';
  const map = name as Record<string, string>;
  const key = Object.keys(map).find((k) => k.startsWith(lang === 'en' ? 'eng' : 'ita')) || Object.keys(map)[0];
  return key ? String(map[key]) : '';
}

export async function listClasses(origin: string, lang: 'it' | 'en'): Promise<ClassSummary[]> {
  const data = (await get(origin, 'classes')) as any;
  const list: unknown[] = Array.isArray(data) ? data : Array.isArray(data?.classes) ? data.classes : [];
  return list
    .map((c: any) => (typeof c === 'string' ? { identifier: c, name: c } : { identifier: String(c?.identifier || ''), name: nameIn(c?.name, lang) || String(c?.identifier || '') }))
    .filter((c) => /^[A-Za-z0-9_]+$/.test(c.identifier))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

export async function classFields(origin: string, identifier: string, lang: 'it' | 'en'): Promise<FieldSummary[]> {
  const cls = (await get(origin, 'classes/' + encodeURIComponent(identifier))) as ClassDefinition;
  return (Array.isArray(cls?.fields) ? cls.fields : []).map((f: ClassField) => ({
    identifier: f.identifier,
    name: nameIn(f.name, lang) || f.identifier,
    // The data table's own reading of a class field (blocks/datatable/model/columns.ts).
    type: typeFromClass(f),
    dataType: f.dataType || '',
  }));
}
