// Which built-in texts the consent UI shows: read by the UI chunk, and by the core, which fetches
// that language's chunk with the UI's (a phone on 4G saw the bar 5 s into the load when the
// texts waited for the UI chunk and the OpenPA chunk, one after the other: issue 31).
import { isObject } from './config';
import type { ConsentConfig } from './types';

export const BUILT_IN = ['en', 'hu', 'it', 'de'];

/** Built-in language of a BCP 47 tag (`<html lang>`), else en. */
export const builtInLang = (tag: string | null | undefined): string => {
  const l = (tag || '').toLowerCase().split('-')[0];
  return BUILT_IN.includes(l) ? l : 'en';
};

/** `language.current`: as configured (default en); "auto" follows `<html lang>`. */
export const currentLang = (config: ConsentConfig, htmlLang: string | null | undefined): string => {
  const current = config.language?.current;
  return current === 'auto' ? builtInLang(htmlLang) : typeof current === 'string' && current ? current : 'en';
};

/**
 * Which built-in texts `lang` needs: its own; for a custom locale of the config (the portal's
 * "i18n") the page language's, so that keys added since an existing config was written never show
 * up as gaps; for a locale nobody defines, en (the spec's fallback).
 */
export function builtInFor(config: ConsentConfig, lang: string, htmlLang: string | null | undefined): string {
  if (BUILT_IN.includes(lang)) return lang;
  return isObject(config.language?.locale?.[lang]) ? builtInLang(htmlLang) : 'en';
}

/** The built-in texts a page shows now: those of its current language (builtInFor). */
export const pageTexts = (config: ConsentConfig, htmlLang: string | null | undefined): string =>
  builtInFor(config, currentLang(config, htmlLang), htmlLang);
