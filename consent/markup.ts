// Script elements inside an HTML string (innerHTML, outerHTML, insertAdjacentHTML, document.write).
// A <script> ends at the first </script, as in the HTML tokenizer; an unclosed one runs to the end.
import { escapeHtml } from '../runtime/escape';

const SCRIPT = /<script\b([^>]*)>[\s\S]*?(?:<\/script\s*>|$)/gi;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * Rewrites each <script> that `blocked(type, segment)` names (it returns the service key) into a
 * held-back tag, `<script type="text/plain" data-consent="KEY" data-type="its type" …>`, inert like
 * any text/plain tag and revived the same way once allowed. HTML keeps the first of duplicate
 * attributes, so the inserted ones win over the script's own.
 */
export function holdScripts(html: string, blocked: (type: string, segment: string) => string | undefined): string {
  if (!/<script\b/i.test(html)) return html;
  return html.replace(SCRIPT, (segment, attrs: string) => {
    const m = attrs.match(TYPE);
    const type = m ? (m[1] ?? m[2] ?? m[3]).trim() : '';
    const key = blocked(type, segment);
    return key === undefined
      ? segment
      : '<script type="text/plain" data-consent="' +
          escapeHtml(key) +
          '"' +
          (type ? ' data-type="' + escapeHtml(type) + '"' : '') +
          segment.slice(7);
  });
}
