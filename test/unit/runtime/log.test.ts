// @vitest-environment jsdom
// ctx.log: every line starts with the README's prefix and is in the language config problems use —
// Italian, or English when the piazza.js tag says data-piazza-messages="en". Words are written at
// once; a coded note once worded (here by the real messages module, as the page's chunk does).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageAdminLang } from '../../../runtime/i18n';
import { adminLines, adminLog, linePrefix } from '../../../runtime/log';
import { adminMessages } from '../../../runtime/messages';

const explainIn = (lang: 'it' | 'en') => async (what: Parameters<ReturnType<typeof adminMessages>['explain']>[0]) =>
  adminMessages(lang).explain(what);
const noExplain = async () => 'not used';

/** A piazza.js tag as the README says to write it, with the switch when given. */
function piazzaTag(messages?: string) {
  document.head.replaceChildren();
  const script = document.createElement('script');
  script.src = '/dist/piazza.js';
  if (messages !== undefined) script.setAttribute('data-piazza-messages', messages);
  document.head.append(script);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

describe('linePrefix', () => {
  it('names the type, the kind and the id as the README writes it', () => {
    expect(linePrefix('datatable', 'documenti')).toBe('[piazza] datatable block "documenti": ');
    expect(linePrefix('gallery', '#blueimp-gallery', 'helper')).toBe('[piazza] gallery helper "#blueimp-gallery": ');
    // a helper's chunk that did not start has no element to name
    expect(linePrefix('sharedlink', undefined, 'helper')).toBe('[piazza] sharedlink helper: ');
  });
});

describe("the admin's language (pageAdminLang)", () => {
  it('is Italian without the switch, and for any value that is not English', () => {
    piazzaTag();
    expect(pageAdminLang()).toBe('it');
    for (const value of ['it', 'de', '', 'fr-FR']) {
      piazzaTag(value);
      expect(pageAdminLang(), value).toBe('it');
    }
  });

  it('is English when the piazza.js tag asks for it', () => {
    for (const value of ['en', 'EN', 'en-GB', 'eng']) {
      piazzaTag(value);
      expect(pageAdminLang(), value).toBe('en');
    }
  });
});

describe('adminLog', () => {
  it('writes a line in Italian by default, with the prefix, at once, its detail after it', () => {
    piazzaTag();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = adminLog(linePrefix('datatable', 'documenti'), noExplain);
    const cause = new Error('x');
    log.error({ it: 'esportazione CSV non riuscita', en: 'CSV export failed' }, cause);
    expect(error).toHaveBeenCalledWith('[piazza] datatable block "documenti": esportazione CSV non riuscita', cause);
  });

  it('writes the same line in English when the page says data-piazza-messages="en"', () => {
    piazzaTag('en');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    adminLog(linePrefix('listing', 'eventi'), noExplain).warn({ it: 'la mappa si è fermata', en: 'the map stopped' });
    expect(warn).toHaveBeenCalledWith('[piazza] listing block "eventi": the map stopped');
  });

  it('prints a failed request one way, in either language', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const italian = adminLog(linePrefix('listing', 'eventi'), noExplain, 'it');
    const en = adminLog(linePrefix('listing', 'eventi'), noExplain, 'en');
    const facets = { it: 'delle faccette', en: 'facets' };
    italian.request({ status: 404, message: 'Not Found', url: '/api/x' }, facets);
    expect(error).toHaveBeenLastCalledWith(
      '[piazza] listing block "eventi": richiesta delle faccette non riuscita: 404 Not Found (/api/x)',
    );
    en.request({ status: 404, message: 'Not Found', url: '/api/x' }, facets);
    expect(error).toHaveBeenLastCalledWith('[piazza] listing block "eventi": facets request failed: 404 Not Found (/api/x)');
    // no status (the network, a JSONP script that never called back): a dash, no URL when unknown
    en.request({ status: 0, message: 'Network error' }, { it: 'dell’elenco', en: 'list' });
    expect(error).toHaveBeenLastCalledWith('[piazza] listing block "eventi": list request failed: - Network error');
  });

  it("words a coded note in the admin's language, Italian or English", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    adminLog(linePrefix('listing', 'eventi'), explainIn('it')).warn({ code: 'tabsMissing', tabs: 'geo' });
    adminLog(linePrefix('datatable', 'documenti'), explainIn('en')).warn({ code: 'tabsMissing', tabs: 'geo' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith('[piazza] listing block "eventi": schede non disponibili in questa versione: geo');
    expect(warn).toHaveBeenCalledWith('[piazza] datatable block "documenti": tabs not available in this version: geo');
  });
});

describe("the runtime's own lines (piazza.js and the manifest: codes, the messages chunk's words)", () => {
  // [code, params, Italian, English]: what each line says, from what happened
  const lines: Array<[string, Record<string, string>, string, string]> = [
    [
      'notLoaded',
      { detail: 'Failed to fetch' },
      'il suo codice non si è caricato (Failed to fetch)',
      'its code did not load (Failed to fetch)',
    ],
    ['mountFailed', { detail: 'x is undefined' }, 'non si è avviato: x is undefined', 'did not start: x is undefined'],
    ['cleanup', {}, 'la pulizia allo smontaggio non è riuscita', 'cleanup failed'],
    ['helper', {}, 'non si è avviato', 'did not start'],
    ['consentUi', {}, 'l’interfaccia non si è caricata', 'its interface did not load'],
    [
      'ccWrapper',
      { name: 'matomo' },
      'CookieConsent.wrapper("matomo"): la callback ha dato errore',
      'CookieConsent.wrapper("matomo"): the callback threw',
    ],
    ['ccFailed', { name: 'acceptCategory' }, 'CookieConsent.acceptCategory() non è riuscita', 'CookieConsent.acceptCategory() failed'],
  ];

  it.each(lines)('%s in both languages, after the prefix, its error after it', async (code, params, it_, en) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cause = new Error('cause');
    const said = await adminLines(linePrefix('listing', 'eventi'), explainIn('it'), 'it').error({ code, ...params }, cause);
    expect(said).toBe(it_);
    expect(error).toHaveBeenLastCalledWith('[piazza] listing block "eventi": ' + it_, cause);
    await adminLines('[piazza] consent: ', explainIn('en'), 'en').error({ code, ...params }, cause);
    expect(error).toHaveBeenLastCalledWith('[piazza] consent: ' + en, cause);
  });

  it('without the messages chunk, the line is its code (it names what happened still)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // piazza.js's explain when the chunk does not arrive
    await adminLines('[piazza] consent: ', async (what) => JSON.stringify(what), 'it').warn({ code: 'notStored' });
    expect(warn).toHaveBeenCalledWith('[piazza] consent: {"code":"notStored"}');
  });
});
