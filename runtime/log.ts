// The one console voice for admins: every line a block or helper writes starts with the README's
// prefix (`[piazza] <type> block "<id>": `, a helper's `[piazza] <type> helper "<id>": `), so an
// admin can search the console for it, and is in the language config problems use: Italian unless
// `data-piazza-messages="en"` (i18n.ts pageAdminLang). A line the code words itself comes in both
// languages (Words) and is written at once; a coded note (AdminNote, ConfigProblem[]) is worded by
// the lazy messages chunk; a RequestError is printed one way (`request`). The kit puts it on the
// block's context (`ctx.log`, runtime/block/kit.ts): made there, not in the manifest, which every
// page downloads.
import { requestText } from './http/core';
import { pageAdminLang, type AdminLang } from './i18n';
import type { AdminLog, AdminNote, ConfigProblem, RuntimeContext, Words } from './types';

export type { AdminLog, Words };

/** `[piazza] listing block "eventi": `; a helper's lines say `helper`, its id the element's (a link, a gallery). */
export const linePrefix = (type: string, id: string, kind: 'block' | 'helper' = 'block') =>
  '[piazza] ' + type + ' ' + kind + ' "' + id + '": ';

export function adminLog(prefix: string, explain: RuntimeContext['explain'], lang: AdminLang = pageAdminLang()): AdminLog {
  const line = (level: 'warn' | 'error') => (what: Words | AdminNote | ConfigProblem[], detail?: unknown) => {
    const rest = detail === undefined ? [] : [detail];
    // words at once (tests and admins read them in order); a coded note once the messages chunk words it
    if ('en' in what) console[level](prefix + what[lang], ...rest);
    else void explain(what).then((text) => console[level](prefix + text, ...rest));
  };
  const error = line('error');
  return {
    prefix,
    warn: line('warn'),
    error,
    request(e, what) {
      const text = requestText(e);
      error({ it: 'richiesta ' + what.it + ' non riuscita: ' + text, en: what.en + ' request failed: ' + text });
    },
  };
}
