// The consent config as the runtime holds it: the brainsum/OpenPA format (schemas/consent.schema.json
// describes the JSON form) plus what the legacy JS call may carry (a RegExp as a cookie name).
// The live config object is also `window.CookieConsent.config`: categories carry their state
// (`wanted` = applied, `checked` = what the dialog shows), as in the original.

export type ServiceType = 'script-tag' | 'dynamic-script' | 'wrapped' | 'localcookie';

/** locale key (en, hu, it, de or any custom key such as the portal's "i18n") → texts. */
export interface LanguageBlock {
  current?: string;
  locale?: Record<string, Record<string, string>>;
}

export interface CategoryConfig {
  /** mandatory: never blocked, never changed by accept/refuse/save. */
  needed?: boolean;
  wanted?: boolean;
  checked?: boolean;
  language?: LanguageBlock;
}

export type CookieName = string | RegExp | { pattern: string };

export interface CookieRule {
  name: CookieName;
  domain?: string;
}

export interface ServiceConfig {
  category: string;
  type: ServiceType;
  /** Matched as a substring of a script's src (attribute and resolved URL) or inline text, a cookie name, or equal to a `data-consent` / wrapper name. */
  search?: string | string[];
  cookies?: CookieRule[];
  language?: LanguageBlock;
}

export interface Theme {
  barColor?: string;
  barTextColor?: string;
  barMainButtonColor?: string;
  barMainButtonTextColor?: string;
  modalMainButtonColor?: string;
  modalMainButtonTextColor?: string;
  focusColor?: string;
}

export type GcmType = (typeof import('./values').GCM_TYPES)[number];

export interface ConsentConfig {
  /** true once a valid stored choice was applied (legacy flag, read by portal scripts). */
  cookieExists: boolean;
  cookieVersion: number;
  barTimeout: number;
  modalMainTextMoreLink: string | null;
  theme: Theme;
  language: LanguageBlock;
  categories: Record<string, CategoryConfig>;
  services: Record<string, ServiceConfig>;
  /** Opt-in: Google Consent Mode v2 type → the category that grants it. */
  googleConsentMode?: Partial<Record<GcmType, string>>;
  /** Opt-in: a browser sending Global Privacy Control starts with every optional category off. */
  globalPrivacyControl?: boolean;
  /** Opt-in: `iframe[data-src][data-consent]` / `iframe[data-coookieconsent]` get a placeholder with an Allow button. */
  iframePlaceholders?: boolean;
}

/** The `cconsent` cookie, byte-compatible with the portal's: {version, categories: {k: {wanted}}, services}. */
export interface ConsentRecord {
  version: number;
  categories: Record<string, { wanted: boolean }>;
  services: string[];
}

/** Markup the runtime reads: held-back tags (script-tag services) and embeds waiting for consent. */
export const HELD_TAGS = 'script[type="text/plain" i][data-consent]';
export const EMBEDS = 'iframe[data-src][data-consent],iframe[data-src][data-coookieconsent]';

/** What the lazy UI chunk gets from the core. */
export interface ConsentCore {
  config: ConsentConfig;
  nonce: string;
  /** Logs config problems as one console error, in the admin's language. */
  report(problems: import('../types').ConfigProblem[]): void;
  /** True while the visitor has no valid choice for the current config (the bar is due). */
  needsChoice(): boolean;
  allows(name: string): boolean;
  /** The UI stored a choice in the cookie: apply it now (cookies, held scripts, wrapped callbacks, GCM, events). */
  stored(record: ConsentRecord): void;
  /** The native replaceChild (the patched one would screen our own revived scripts). */
  replace(next: Node, old: Node): void;
}

/** The lazy UI chunk (`runtime/consent/ui/index.ts`). */
export interface ConsentUiModule {
  createUi(core: ConsentCore): Promise<ConsentUi>;
  /** Every problem of a raw config, by JSON path (the check: a chunk of its own, fetched on call). */
  problems(raw: unknown): Promise<import('../types').ConfigProblem[]>;
}

export interface ConsentUi {
  showBar(): void;
  open(opener?: Element | null): void;
  /** Follow the current choice: held-back tags, embed placeholders, bar and dialog state. */
  refresh(): void;
}
