// Admin templates for a hit: logic-less placeholders, every value HTML-escaped, nothing evaluated.
//   {{name}} {{data.event_abstract}}      a value (escaped)
//   {{#image}}…{{/image}}                 shown when the value is not empty
//   {{^image}}…{{/image}}                 shown when it is empty
// Pure.

export type TemplateData = { [key: string]: string | TemplateData };

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;', '=': '&#61;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"'`=]/g, (c) => ESC[c]);

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

export function renderTemplate(template: string, data: TemplateData): string {
  let out = template;
  // Innermost-first is not needed: sections of different names may nest, and each pass resolves the outer ones.
  for (let guard = 0; guard < 10 && SECTION.test(out); guard++) {
    SECTION.lastIndex = 0;
    out = out.replace(SECTION, (_, kind: string, path: string, body: string) => ((lookup(data, path) !== '') === (kind === '#') ? body : ''));
  }
  SECTION.lastIndex = 0;
  return out.replace(VALUE, (_, path: string) => escapeHtml(lookup(data, path)));
}
