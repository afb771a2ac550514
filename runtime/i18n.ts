// The one i18n module: Italian by default, English and German; admins may override any text per block.
// A missing key shows "[Missing translation]" (never a silent fallback) so a gap is seen and tested.
export type Lang = 'it' | 'en' | 'de';
export type Messages = Record<string, string>;
/** Every block ships its own catalog; Italian is mandatory. */
export type Catalog = { it: Messages } & Partial<Record<Lang, Messages>>;

export const MISSING_TRANSLATION = '[Missing translation]';
const EZ: Record<Lang, string> = { it: 'ita-IT', en: 'eng-GB', de: 'ger-DE' };

/** 'it-IT', 'it', 'ita-IT' → 'it'; 'en-GB', 'eng-GB' → 'en'; 'de', 'ger-DE', 'deu-DE' → 'de'; else 'it'. */
export function langOf(locale?: string | null): Lang {
  const l = (locale || '').toLowerCase();
  if (/^(en|eng)\b/.test(l)) return 'en';
  if (/^(de|ger|deu)\b/.test(l)) return 'de';
  return 'it';
}

/** The eZ Publish locale key the API uses in `name`, `data` and `extradata`. */
export const ezLocale = (lang: Lang): string => EZ[lang];

/** A value of an API map keyed by eZ locale: current language, then Italian, then the first one. */
export function pickLang<T>(map: Record<string, T> | null | undefined, lang: Lang): T | undefined {
  if (!map || typeof map !== 'object') return undefined;
  if (EZ[lang] in map) return map[EZ[lang]];
  if (EZ.it in map) return map[EZ.it];
  const first = Object.keys(map)[0];
  return first === undefined ? undefined : map[first];
}

/** The language of admins' console lines and config problems: Italian, or English on request. */
export type AdminLang = 'it' | 'en';

/** 'en', 'en-GB', 'eng' → English; anything else (or nothing) → Italian. */
export const adminLang = (value?: string | null): AdminLang => (/^en/i.test(value || '') ? 'en' : 'it');

/**
 * The page's switch, `data-piazza-messages="en"` on the piazza.js tag (Italian without one, and in
 * Node). Read when asked, not at import: piazza.js imports this module too and must stay lean.
 */
export const pageAdminLang = (): AdminLang => {
  const tag = typeof document === 'undefined' ? null : document.querySelector('script[data-piazza-messages]');
  return adminLang(tag?.getAttribute('data-piazza-messages'));
};

export interface I18n {
  lang: Lang;
  /** BCP 47 tag for Intl and moment, e.g. it-IT. */
  locale: string;
  t(key: string, vars?: Record<string, string | number>): string;
  /** Plural by Intl rules: `{key}_zero` (when present, for 0), `{key}_one`, `{key}_other`. */
  plural(key: string, count: number, vars?: Record<string, string | number>): string;
}

/** One Intl.PluralRules per locale for the page, made at the first plural: every block makes an I18n, few of them count. */
const pluralRules = new Map<string, Intl.PluralRules>();
const rulesOf = (tag: string) => {
  let rules = pluralRules.get(tag);
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)));
  return rules;
};

const fill = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;

export function createI18n(catalog: Catalog, locale?: string | null, overrides?: Messages | null): I18n {
  const lang = langOf(locale);
  const tag = locale && /^[a-z]{2}(-[A-Z]{2})?$/.test(locale) ? locale : { it: 'it-IT', en: 'en-GB', de: 'de-DE' }[lang];
  const messages = catalog[lang] || {};
  const t = (key: string, vars?: Record<string, string | number>) => {
    const text = overrides?.[key] ?? messages[key];
    return text === undefined ? MISSING_TRANSLATION : fill(text, vars);
  };
  const has = (key: string) => key in (overrides || {}) || key in messages;
  return {
    lang,
    locale: tag,
    t,
    plural(key, count, vars) {
      const all = { count, ...vars };
      if (count === 0 && has(key + '_zero')) return t(key + '_zero', all);
      const form = rulesOf(tag).select(count);
      return t(has(key + '_' + form) ? key + '_' + form : key + '_other', all);
    },
  };
}
