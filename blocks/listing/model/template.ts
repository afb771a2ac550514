// Admin templates for a hit: logic-less placeholders, every value HTML-escaped, nothing evaluated.
// A value inside a URL attribute (href, src…) must also be a link, not code: escaping keeps a
// `javascript:` field value intact, so there only http(s), relative and #/? values are written.
//   {{name}} {{data.event_abstract}}      a value (escaped)
//   {{#image}}…{{/image}}                 shown when the value is not empty
//   {{^image}}…{{/image}}                 shown when it is empty
// Pure.
import { escapeHtml } from '../../../runtime/escape';

export type TemplateData = { [key: string]: string | TemplateData };

export { escapeHtml };

function lookup(data: TemplateData, path: string): string {
  let cur: string | TemplateData | undefined = data;
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return '';
    cur = cur[part];
  }
  return typeof cur === 'string' ? cur : '';
}

const SECTION = /\{\{([#^])\s*([\w.-]+)\s*\}\}([\s\S]*?)\{\{\/\s*\2\s*\}\}/g;
const VALUE = /\{\{\s*([\w.-]+)\s*\}\}/g;

// The text before a placeholder ends at the start of the value of one of these attributes (only
// placeholders before it: the values decide the scheme), or anywhere in a srcset.
const URL_ATTRIBUTE =
  /\s(?:(?:href|src|action|formaction|poster|data|background|cite|ping|xlink:href)\s*=\s*["']?\s*(?:\{\{[^}]*\}\}\s*)*|srcset\s*=\s*(?:"[^"]*|'[^']*|[^\s"'>]*))$/i;
// What a URL parser ignores (leading controls and spaces, tabs and newlines anywhere) cannot hide a scheme.
// eslint-disable-next-line no-control-regex
const IGNORED = /^[\u0000-\u0020]+|[\t\n\r]/g;
/** http(s), mailto/tel, or a path/query/fragment of this site: never javascript:, data:, another host by `//` or `/\`. */
export function isLinkValue(value: string): boolean {
  const v = value.replace(IGNORED, '');
  if (/^(https?:\/\/|mailto:|tel:)/i.test(v)) return true;
  if (/^[/\\]{2}|^\/\\/.test(v)) return false;
  return !/^[^/?#]*:/.test(v); // no scheme at all: a relative link
}

export function renderTemplate(template: string, data: TemplateData): string {
  let out = template;
  // Innermost-first is not needed: sections of different names may nest, and each pass resolves the outer ones.
  for (let guard = 0; guard < 10 && SECTION.test(out); guard++) {
    SECTION.lastIndex = 0;
    out = out.replace(SECTION, (_, kind: string, path: string, body: string) =>
      (lookup(data, path) !== '') === (kind === '#') ? body : '',
    );
  }
  SECTION.lastIndex = 0;
  return out.replace(VALUE, (_, path: string, offset: number, whole: string) => {
    const value = lookup(data, path);
    return escapeHtml(URL_ATTRIBUTE.test(whole.slice(Math.max(0, offset - 2000), offset)) && !isLinkValue(value) ? '' : value);
  });
}
