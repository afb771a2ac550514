// Texts of the bar, the dialog and the embed placeholders. Built in: en and hu as the original (hu
// now complete: the fork left its two refuse buttons in English), plus it and de, each in
// locales/<lang>.ts, a chunk of its own so a page downloads one language. The config's
// `language.locale[lang]` overrides any text. Lookup follows the original: no language object →
// "[Missing language object]", no locale object → "[Missing locale object]", unknown locale → en,
// missing key → "[Missing translation]".
import { isObject } from '../config';
import { BUILT_IN } from '../lang';
import type { ConsentConfig, LanguageBlock } from '../types';

export type Texts = Record<string, string>;

/** Same marker as runtime/i18n.ts (not imported: that would pull a shared chunk into this one). */
export const MISSING_TRANSLATION = '[Missing translation]';
export const MISSING_LANGUAGE = '[Missing language object]';
export const MISSING_LOCALE = '[Missing locale object]';
/** A text of the bar or the dialog: the config's locale, else the built-in texts `builtIn` (see builtInFor). */
export function uiText(config: ConsentConfig, lang: string, key: string, builtIn: Texts): string {
  const language = config.language;
  if (!isObject(language)) return MISSING_LANGUAGE;
  if (!isObject(language.locale)) return MISSING_LOCALE;
  const own = language.locale[lang] ?? (BUILT_IN.includes(lang) ? undefined : language.locale.en);
  return own?.[key] ?? builtIn[key] ?? MISSING_TRANSLATION;
}

/** A category's or service's own text (`name`, `description`): current locale, else en, else the spec's markers. */
export function entityText(entity: { language?: LanguageBlock }, lang: string, key: 'name' | 'description'): string {
  const language = entity.language;
  if (!isObject(language)) return MISSING_LANGUAGE;
  if (!isObject(language.locale)) return MISSING_LOCALE;
  return (language.locale[lang] || language.locale.en)?.[key] ?? MISSING_TRANSLATION;
}

export const fill = (text: string, vars: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (m, k) => vars[k] ?? m);
