// The OpenPA themes' consent (bootstrapitalia2 / bootstrapitalia2110 ship orestbida CookieConsent
// 3.0.1), taken over by piazza: a lazy chunk piazza.js fetches when the config has `carryOver` or
// `multimedia`, or when a script calls one of orestbida's calls.
// 1. The visitor's earlier choice (orestbida's cc_cookie, or an older cconsent) becomes piazza's
//    record before any bar shows (carry.ts); orestbida's cookie then follows piazza's choices
//    (cc-cookie.ts).
// 2. orestbida's calls on window.CookieConsent answer from piazza's state (orestbida.ts).
// 3. The theme's multimedia effects follow the config's `multimedia` (effects.ts).
// The `data-cc` controls are the core's click handler and the UI's open().
import { expire, readCookies, writeCookie } from '../cookies';
import { COOKIE_NAME, judge, readCookie } from '../record';
import type { ConsentCore } from '../types';
import { whenParsed } from '../../runtime/events';
import { parseOrestbida, wantedFromCconsent, wantedFromOrestbida } from './carry';
import { ccAssignment, ccCookieName, ccValue, sameChoice, uuid } from './cc-cookie';
import { createEffects } from './effects';
import { installOrestbida } from './orestbida';

export async function startOpenpa(core: ConsentCore): Promise<void> {
  const api = installOrestbida(core);
  api.replay(); // (a run() among them may give the page its config)
  const config = core.config;
  if (!config) return;

  if (config.carryOver) {
    const name = ccCookieName(config);
    const wanted = carried(core);
    if (wanted) (await core.ui()).choice.set(wanted);
    // From now on orestbida's cookie says what piazza's record says.
    addEventListener('cconsent-setCookie', () => {
      const previous = parseOrestbida(readCookie(readCookies(), name));
      const next = ccValue(config, previous, Date.now(), uuid);
      if (!sameChoice(previous, next)) writeCookie(ccAssignment(name, next, location));
    });
  }
  api.start();

  const name = config.multimedia;
  if (name) {
    const sync = createEffects(() => !!core.config.cookieExists && !core.needsChoice() && core.allows(name), core.log);
    whenParsed(() => {
      sync();
      addEventListener('cconsent-setCookie', sync);
    });
  }
  // orestbida marks its openers so: these open a dialog (the consent bar is not one).
  whenParsed(() =>
    document.querySelectorAll('[data-cc="show-preferencesModal"]').forEach((el) => el.setAttribute('aria-haspopup', 'dialog')),
  );
}

/**
 * The optional categories of an earlier choice when piazza's own record is missing or not this
 * config's: first an older cconsent (mapped, else expired), then orestbida's cookie. Null: ask.
 */
function carried(core: ConsentCore): string[] | null {
  const config = core.config;
  const all = readCookies();
  const own = readCookie(all);
  const { verdict } = judge(own, config);
  if (verdict === 'apply' || verdict === 'stale') return null; // piazza's own record: the core applied it (stale: and asks)
  if (verdict === 'discard') {
    let record: unknown = null;
    try {
      record = JSON.parse(own!);
    } catch {
      /* judged already */
    }
    const wanted = wantedFromCconsent(record, config);
    if (wanted) return wanted;
    expire(COOKIE_NAME);
  }
  return wantedFromOrestbida(parseOrestbida(readCookie(all, ccCookieName(config))), config);
}
