import { describe, expect, it } from 'vitest';
import { MISSING_TRANSLATION as I18N_MISSING } from '../../../runtime/i18n';
import de from '../../../consent/ui/locales/consent-de';
import en from '../../../consent/ui/locales/consent-en';
import hu from '../../../consent/ui/locales/consent-hu';
import it_ from '../../../consent/ui/locales/consent-it';
import { builtInFor, builtInLang, currentLang, pageTexts } from '../../../consent/lang';
import { entityText, fill, MISSING_LANGUAGE, MISSING_LOCALE, MISSING_TRANSLATION, uiText } from '../../../consent/ui/texts';
import { loaded, portalConfig } from './fixtures';

const LOCALES = { en, hu, it: it_, de };

describe('built-in texts', () => {
  it('every language has every key, none empty', () => {
    const keys = Object.keys(en).sort();
    for (const [lang, texts] of Object.entries(LOCALES)) {
      expect(Object.keys(texts).sort(), lang).toEqual(keys);
      for (const [key, value] of Object.entries(texts)) expect(value.trim(), lang + '.' + key).not.toBe('');
    }
  });

  it('keeps the original en and hu texts', () => {
    expect(en.barMainText).toBe('This website uses cookies to ensure you get the best experience on our website.');
    expect(en.modalBtnAcceptAll).toBe('Accept all cookies and close');
    expect(hu.barLinkSetting).toBe('Süti beállítások');
    expect(hu.modalAffectedSolutions).toBe('Mire lesz ez hatással:');
  });

  it('hu is complete: no button left in English (the fork left two)', () => {
    for (const key of Object.keys(hu)) expect(hu[key], key).not.toBe(en[key]);
    expect(hu.barBtnRefuseAll).not.toMatch(/refuse|cookies/i);
    expect(hu.modalBtnRefuseAll).not.toMatch(/refuse|cookies/i);
  });

  it('placeholders in embed texts are kept in every language', () => {
    for (const texts of Object.values(LOCALES)) expect(texts.embedText).toMatch(/\{service\}[\s\S]*\{category\}/);
  });

  it('uses the same missing-text marker as runtime/i18n', () => {
    expect(MISSING_TRANSLATION).toBe(I18N_MISSING);
  });
});

describe('which language', () => {
  it('language.current: en by default, auto follows <html lang>', () => {
    expect(currentLang(loaded(), 'it')).toBe('en');
    expect(currentLang(loaded({ ...portalConfig(), language: { current: 'hu' } }), 'it')).toBe('hu');
    expect(currentLang(loaded({ ...portalConfig(), language: { current: 'auto' } }), 'de-DE')).toBe('de');
    expect(currentLang(loaded({ ...portalConfig(), language: { current: 'auto' } }), 'fr')).toBe('en');
    expect(builtInLang('IT-it')).toBe('it');
  });

  it('loads the built-in texts of the language, of the page for a custom locale, else en', () => {
    const custom = loaded({ ...portalConfig(), language: { current: 'i18n', locale: { i18n: { barMainText: 'Testo del portale' } } } });
    expect(builtInFor(custom, 'hu', 'it')).toBe('hu');
    expect(builtInFor(custom, 'i18n', 'it')).toBe('it');
    expect(builtInFor(custom, 'fr', 'it')).toBe('en');
    // what a page shows now (the core fetches it with the UI chunk): its current language's
    expect(pageTexts(custom, 'de-DE')).toBe('de');
    expect(pageTexts(loaded({ ...portalConfig(), language: { current: 'hu' } }), 'it')).toBe('hu');
    expect(pageTexts(loaded({ ...portalConfig(), language: { current: 'auto' } }), 'fr-FR')).toBe('en');
  });
});

describe('uiText', () => {
  it('the config overrides a built-in text; the rest is built in', () => {
    const config = loaded({ ...portalConfig(), language: { current: 'it', locale: { it: { barMainText: 'Usiamo i cookie.' } } } });
    expect(uiText(config, 'it', 'barMainText', it_)).toBe('Usiamo i cookie.');
    expect(uiText(config, 'it', 'barBtnRefuseAll', it_)).toBe('Rifiuta tutti i cookie');
  });

  it("the portal's custom 'i18n' locale: its texts, then the page language's built-ins for keys it lacks", () => {
    const config = loaded({ ...portalConfig(), language: { current: 'i18n', locale: { i18n: { barBtnAcceptAll: 'Accetta' } } } });
    expect(uiText(config, 'i18n', 'barBtnAcceptAll', it_)).toBe('Accetta');
    expect(uiText(config, 'i18n', 'barBtnRefuseAll', it_)).toBe('Rifiuta tutti i cookie');
  });

  it('an unknown locale falls back to en (the config’s en texts first)', () => {
    const config = loaded({ ...portalConfig(), language: { current: 'fr', locale: { en: { barMainText: 'Our cookies.' } } } });
    expect(uiText(config, 'fr', 'barMainText', en)).toBe('Our cookies.');
    expect(uiText(config, 'fr', 'modalBtnSave', en)).toBe('Save current settings');
  });

  it('a key nobody has: [Missing translation]; no language or locale object: the spec’s markers', () => {
    const config = loaded();
    expect(uiText(config, 'en', 'noSuchKey', en)).toBe('[Missing translation]');
    expect(uiText({ ...config, language: undefined as any }, 'en', 'barMainText', en)).toBe(MISSING_LANGUAGE);
    expect(uiText({ ...config, language: { current: 'en' } }, 'en', 'barMainText', en)).toBe(MISSING_LOCALE);
  });
});

describe('entityText (categories and services)', () => {
  it('current locale, else en, else the markers', () => {
    const cat = { language: { locale: { en: { name: 'Analytics' }, it: { name: 'Statistiche' } } } };
    expect(entityText(cat, 'it', 'name')).toBe('Statistiche');
    expect(entityText(cat, 'de', 'name')).toBe('Analytics');
    expect(entityText(cat, 'it', 'description')).toBe('[Missing translation]');
    expect(entityText({ language: { locale: { it: { name: 'x' } } } }, 'de', 'name')).toBe('[Missing translation]');
    expect(entityText({}, 'en', 'name')).toBe('[Missing language object]');
    expect(entityText({ language: {} }, 'en', 'name')).toBe('[Missing locale object]');
  });
});

it('fill replaces known placeholders only', () => {
  expect(fill('{service} / {category} / {other}', { service: 'YouTube', category: 'Video' })).toBe('YouTube / Video / {other}');
});
