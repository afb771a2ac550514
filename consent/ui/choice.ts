// Accept all / refuse all / save / allow one category / exactly these: the state change, then the
// `cconsent` cookie, then the core applies it. Mandatory categories never change.
import { readCookies, writeCookie } from '../cookies';
import { buildRecord, COOKIE_NAME, cookieAssignment, readCookie } from '../record';
import { expiryWrites } from '../rules';
import type { ConsentChoice, ConsentCore } from '../types';

export function createChoice(core: ConsentCore): ConsentChoice {
  function commit(): void {
    const record = buildRecord(core.config);
    // A copy of the record on a parent domain would shadow the new one on the next page.
    for (const w of expiryWrites(COOKIE_NAME, location.hostname, '/')) if (w.includes('domain=')) writeCookie(w);
    writeCookie(cookieAssignment(record, Date.now()));
    if (readCookie(readCookies()) === null) void core.log.warn({ code: 'notStored' });
    core.stored(record);
  }
  /** Every optional category takes `pick(its switch, its key)`. */
  const choose = (pick: (checked: boolean, key: string) => boolean) => () => {
    for (const [key, c] of Object.entries(core.config.categories)) if (!c.needed) c.wanted = c.checked = pick(!!c.checked, key);
    commit();
  };
  return {
    acceptAll: choose(() => true),
    refuseAll: choose(() => false),
    save: choose((checked) => checked),
    set: (wanted) => choose((_, key) => wanted.includes(key))(),
    grant(category: string) {
      const c = core.config.categories[category];
      if (c && !c.needed) c.wanted = c.checked = true;
      commit();
    },
  };
}
