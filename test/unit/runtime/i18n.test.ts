import { describe, expect, it } from 'vitest';
import { createI18n, ezLocale, langOf, MISSING_TRANSLATION, pickLang } from '../../../runtime/i18n';
import { common } from '../../../runtime/ui/messages';

const catalog = {
  it: { hello: 'Ciao {name}', results_zero: 'Nessun risultato', results_one: '{count} risultato', results_other: '{count} risultati' },
  en: { hello: 'Hello {name}', results_one: '{count} result', results_other: '{count} results' },
  de: { hello: 'Hallo {name}' },
};

describe('i18n', () => {
  it('maps BCP 47 and eZ locales to a language, Italian by default', () => {
    expect(['it-IT', 'ita-IT', 'it', '', null, 'fr-FR'].map(langOf)).toEqual(['it', 'it', 'it', 'it', 'it', 'it']);
    expect(['en-GB', 'eng-GB', 'en'].map(langOf)).toEqual(['en', 'en', 'en']);
    expect(['de-DE', 'ger-DE', 'deu-DE'].map(langOf)).toEqual(['de', 'de', 'de']);
    expect(ezLocale('de')).toBe('ger-DE');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const { t } = createI18n(catalog, 'en-GB');
    expect(t('hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('hello')).toBe('Hello {name}');
  });

  it('says [Missing translation] instead of silently falling back', () => {
    const de = createI18n(catalog, 'de-DE');
    expect(de.t('results_one')).toBe(MISSING_TRANSLATION);
    expect(de.t('nope')).toBe(MISSING_TRANSLATION);
  });

  it('lets a block config override any text', () => {
    const { t } = createI18n(catalog, 'it-IT', { hello: 'Salve {name}' });
    expect(t('hello', { name: 'Bea' })).toBe('Salve Bea');
  });

  it('plurals by Intl rules, with an optional zero form', () => {
    const it_ = createI18n(catalog, 'it-IT');
    expect([0, 1, 2, 12].map((n) => it_.plural('results', n))).toEqual(['Nessun risultato', '1 risultato', '2 risultati', '12 risultati']);
    const en = createI18n(catalog, 'en-GB');
    expect([0, 1, 3].map((n) => en.plural('results', n))).toEqual(['0 results', '1 result', '3 results']);
  });

  it('picks the API value for the language, then Italian, then the first key', () => {
    expect(pickLang({ 'ita-IT': 'Cultura', 'eng-GB': 'Culture' }, 'en')).toBe('Culture');
    expect(pickLang({ 'ita-IT': 'Cultura' }, 'de')).toBe('Cultura');
    expect(pickLang({ 'ger-DE': 'Kultur', 'eng-GB': 'Culture' }, 'it')).toBe('Kultur');
    expect(pickLang({}, 'it')).toBeUndefined();
    expect(pickLang(null, 'it')).toBeUndefined();
  });

  it('ships the shared texts in every language with the same keys', () => {
    const keys = Object.keys(common.it).sort();
    expect(Object.keys(common.en).sort()).toEqual(keys);
    expect(Object.keys(common.de).sort()).toEqual(keys);
  });
});
