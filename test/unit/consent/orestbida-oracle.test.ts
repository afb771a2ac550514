// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://www.comune.example.it/servizi" }
// The cookie mapping against the real orestbida CookieConsent 3.0.1 (the themes' cookieconsent.umd.js,
// ../shared/real/consent/orestbida-v3), run in jsdom with the themes' categories: what it writes
// for each choice, piazza's table reads as that choice; what piazza writes back, it reads as
// piazza's choice (validConsent, acceptedCategory, acceptedService, acceptType).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseOrestbida, wantedFromOrestbida } from '../../../consent/openpa/carry';
import { ccAssignment, ccValue } from '../../../consent/openpa/cc-cookie';
import { readCookie } from '../../../consent/record';
import { real, realEz } from '../openpa/ez';
import { loadedTheme, orestbidaRun } from './openpa-fixtures';

const UMD = 'consent/orestbida-v3/cookieconsent.umd.js';
type Orestbida = Record<string, (...args: any[]) => any>;
let cc: Orestbida;

const clearCookies = () => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name)
      for (const domain of ['', '; Domain=www.comune.example.it'])
        document.cookie = name + '=; expires=Thu, 01 Jan 1970 00:00:01 GMT; Path=/' + domain;
  }
};
/**
 * A fresh orestbida run with the themes' categories (its cookie, if any, read as on a new page).
 * orestbida reads no cookie where it takes the page for a bot (a `webdriver` navigator, as some test
 * DOMs have): `hideFromBots: false` makes it read it, as it does for a visitor's browser.
 */
async function runOrestbida(): Promise<Orestbida> {
  cc.reset();
  await cc.run(orestbidaRun({ hideFromBots: false }));
  return cc;
}

describe.skipIf(realEz.skip)("orestbida 3.0.1 and piazza read each other's cc_cookie", () => {
  beforeAll(() => {
    runInThisContext(readFileSync(join(real, UMD), 'utf8')); // the UMD sets the global CookieConsent
    cc = (window as any).CookieConsent;
  });
  afterEach(clearCookies);

  const choices: Array<[string, string | string[], string[]]> = [
    ['accept all', 'all', ['analytics', 'marketing']],
    ['necessary only', [], []],
    ['multimedia only (marketing)', ['marketing'], ['marketing']],
    ['analytics only', ['analytics'], ['analytics']],
  ];

  it.each(choices)('orestbida "%s" → piazza wants exactly that', async (_, accepted, wanted) => {
    const o = await runOrestbida();
    o.acceptCategory(accepted);
    const text = readCookie(document.cookie, 'cc_cookie');
    expect(text).not.toBeNull();
    expect(wantedFromOrestbida(parseOrestbida(text), loadedTheme())).toEqual(wanted);
  });

  it.each(choices)('piazza "%s" → orestbida reads the same choice', async (_, __, wanted) => {
    const config = loadedTheme();
    for (const k of wanted) config.categories[k].wanted = true;
    document.cookie = ccAssignment(
      'cc_cookie',
      ccValue(config, null, Date.now(), () => crypto.randomUUID()),
      location,
    );
    const o = await runOrestbida();
    expect(o.validConsent()).toBe(true);
    for (const k of ['analytics', 'marketing']) expect(o.acceptedCategory(k), k).toBe(wanted.includes(k));
    expect(o.acceptedService('multimedia', 'marketing')).toBe(wanted.includes('marketing'));
    expect(o.getUserPreferences().acceptType).toBe(wanted.length === 2 ? 'all' : wanted.length ? 'custom' : 'necessary');
  });
});
