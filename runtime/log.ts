// The one console voice for admins: every line piazza writes starts with the README's prefix
// (`[piazza] <type> block "<id>": `, a helper's `[piazza] <type> helper "<id>": `, consent's
// `[piazza] consent: `, the loader's own `[piazza] `), so an admin can search the console for it,
// and is in the language config problems use: Italian unless `data-piazza-messages="en"` (i18n.ts
// pageAdminLang). A line the code words itself comes in both languages (Words) and is written at
// once; a coded note (AdminNote, ConfigProblem[]) is worded by the lazy messages chunk — what
// piazza.js and the manifest module write is coded, so the classic script carries codes, not
// sentences. `adminLines` is all piazza.js takes; `adminLog` adds the one way to print a failed
// request (`request`) and is what the kit puts on a block's context (`ctx.log`, runtime/block/kit.ts).
import { requestText } from './http/core';
import { pageAdminLang, type AdminLang } from './i18n';
import type { AdminLines, AdminLog, AdminNote, AdminNotes, ConfigProblem, RuntimeContext, Words } from './types';

export type { AdminLines, AdminLog, AdminNotes, Words };

/**
 * `[piazza] listing block "eventi": `; a helper's lines say `helper`, its id the element's (a link,
 * a gallery); without an id (a helper's chunk that did not load: no element of its own) `[piazza] gallery helper: `.
 */
export const linePrefix = (type: string, id?: string, kind: 'block' | 'helper' = 'block') =>
  '[piazza] ' + type + ' ' + kind + (id === undefined ? '' : ' "' + id + '"') + ': ';

type Level = 'warn' | 'error';

/** Writes `prefix + text` (the detail after it) and gives the text back. */
const writer = (prefix: string, level: Level, detail: unknown) => (text: string) => (
  console[level](prefix + text, ...(detail === undefined ? [] : [detail])), text
);

/**
 * Coded lines after `prefix`, worded in the admin's language by `explain` (the messages chunk):
 * all piazza.js and the manifest module write, so the classic script reads no language switch and
 * holds no sentence. Each resolves to the text written, once written.
 */
export function adminNotes(prefix: string, explain: RuntimeContext['explain']): AdminNotes {
  const line = (level: Level) => (what: AdminNote | ConfigProblem[], detail?: unknown) => explain(what).then(writer(prefix, level, detail));
  return { warn: line('warn'), error: line('error') };
}

/** Lines after `prefix`: coded notes as adminNotes, and words in `lang`, written at once (tests and admins read them in order). */
export function adminLines(prefix: string, explain: RuntimeContext['explain'], lang: AdminLang = pageAdminLang()): AdminLines {
  const notes = adminNotes(prefix, explain);
  const line = (level: Level) => (what: Words | AdminNote | ConfigProblem[], detail?: unknown) =>
    'en' in what ? Promise.resolve(writer(prefix, level, detail)((what as Words)[lang])) : notes[level](what as AdminNote, detail);
  return { prefix, warn: line('warn'), error: line('error') };
}

/** A block's or helper's logger: its lines, and a failed request printed one way. */
export function adminLog(prefix: string, explain: RuntimeContext['explain'], lang?: AdminLang): AdminLog {
  const lines = adminLines(prefix, explain, lang);
  const { error } = lines;
  return {
    ...lines,
    request(e, what) {
      const text = requestText(e);
      void error({ it: 'richiesta ' + what.it + ' non riuscita: ' + text, en: what.en + ' request failed: ' + text });
    },
  };
}
