// The one console voice for admins: every line a block writes starts with the README's prefix
// (`[piazza] <type> block "<id>": `), so an admin can search the console for a block. A coded note
// (AdminNote, ConfigProblem[]) is worded by the lazy messages chunk in the admin's language (Italian
// unless `data-piazza-messages="en"`), like config problems; a RequestError is printed one way
// (`request`). The kit puts it on the block's context (`ctx.log`, runtime/block/kit.ts): made there,
// not in the manifest, which every page downloads.
import { requestText } from './http/core';
import type { AdminLog, AdminNote, ConfigProblem, RuntimeContext } from './types';

export type { AdminLog };

export const blockPrefix = (type: string, blockId: string) => '[piazza] ' + type + ' block "' + blockId + '": ';

export function adminLog(prefix: string, explain: RuntimeContext['explain']): AdminLog {
  const line = (level: 'warn' | 'error') => (what: string | AdminNote | ConfigProblem[], detail?: unknown) => {
    const rest = detail === undefined ? [] : [detail];
    // a plain text at once (tests and admins read it in order); a coded note once worded
    if (typeof what === 'string') console[level](prefix + what, ...rest);
    else void explain(what).then((text) => console[level](prefix + text, ...rest));
  };
  const error = line('error');
  return {
    prefix,
    warn: line('warn'),
    error,
    request: (e, what) => error(what + ' request failed: ' + requestText(e)),
  };
}
