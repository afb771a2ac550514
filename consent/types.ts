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

export type GcmType = typeof import('./values').GCM_TYPES[number];

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
  /**
   * OpenPA themes bootstrapitalia2/2110: the service (or category) whose consent runs the theme's
   * multimedia effects (embeds, Bootstrap Italia videos, overlays, dimmers, `rememberChoice`), and
   * undoes them when withdrawn (consent/openpa/).
   */
  multimedia?: string;
  /** Visitors' earlier choices carried over: orestbida v3's cookie (`cc_cookie`) and an older `cconsent`. */
  carryOver?: CarryOver;
}

export interface CarryOver {
  /** Name of orestbida's cookie (default `cc_cookie`). */
  cookie?: string;
  /** orestbida's `revision`: a cookie of another revision is not carried over (absent: any revision, as orestbida without one). */
  revision?: number;
}

/** The `cconsent` cookie, byte-compatible with the portal's: {version, categories: {k: {wanted}}, services}. */
/** The visitor's choice as the cookie stores it: the public ConsentChoice (runtime/types.ts). */
export type ConsentRecord = import('../runtime/types').ConsentChoice;

/** Markup the runtime reads: held-back tags (script-tag services) and embeds waiting for consent. */
export const HELD_TAGS = 'script[type="text/plain" i][data-consent]';
export const EMBEDS = 'iframe[data-src][data-consent],iframe[data-src][data-coookieconsent]';

/** What the lazy UI chunk gets from the core. */
export interface ConsentCore {
  config: ConsentConfig;
  nonce: string;
  /** Logs config problems as one console error, in the admin's language. */
  report(problems: import('../runtime/problems').ConfigProblem[]): void;
  /** True while the visitor has no valid choice for the current config (the bar is due). */
  needsChoice(): boolean;
  allows(name: string): boolean;
  /** The UI stored a choice in the cookie: apply it now (cookies, held scripts, wrapped callbacks, GCM, events). */
  stored(record: ConsentRecord): void;
  /** The native replaceChild (the patched one would screen our own revived scripts). */
  replace(next: Node, old: Node): void;
  /** Consent's admin lines (`[piazza] consent: `, runtime/log.ts), in the admin's language: coded notes, worded by the messages chunk. */
  log: import('../runtime/types').AdminNotes;
  /** The UI chunk's interface (fetched once). */
  ui(): Promise<ConsentUi>;
  /**
   * `window.CookieConsent`: the OpenPA chunk (openpa/) adds orestbida v3's calls to it and runs
   * `calls`, those made before it arrived (run(): each with the resolve of the promise it returned).
   */
  legacy: Record<string, any>;
  calls: Array<[name: string, args: unknown[], done: (value: unknown) => void]>;
}

/** The lazy UI chunk (`consent/ui/index.ts`). */
export interface ConsentUiModule {
  createUi(core: ConsentCore): Promise<ConsentUi>;
  /** Every problem of a raw config, by JSON path (the check: a chunk of its own, fetched on call). */
  problems(raw: unknown): Promise<import('../runtime/problems').ConfigProblem[]>;
}

/** The OpenPA themes' part (`consent/openpa/consent-openpa.ts`: a lazy chunk importing what it shares from the UI chunk). */
export interface ConsentOpenpaModule {
  /** Resolves once a carried-over choice is decided. */
  startOpenpa(core: ConsentCore): Promise<void>;
}

/**
 * consent's lazy chunks, each a manifest entry of its own (`consent-ui`, `consent-openpa`, and
 * `consent-<lang>`, the texts the UI chunk imports), and the page's moment for them (the loader's).
 */
export interface ConsentChunks {
  ui(): Promise<ConsentUiModule>;
  openpa(): Promise<ConsentOpenpaModule>;
  /**
   * Entries' files downloaded at low priority, not run, side by side (not each once the chunk
   * importing it has arrived), once the page's blocks have sent their first requests; `entries`,
   * asked then, says which (the loader's).
   */
  prefetch(entries: () => string[]): void;
  /** Settles once the page's blocks show their first content (the loader's): the bar and the OpenPA chunk wait for it. */
  firstContent(): Promise<void>;
}

export interface ConsentUi {
  /** The bar, when a choice is due (or always, `force`: orestbida's `show()`, `data-cc="show-consentModal"`). */
  showBar(force?: boolean): void;
  /** The dialog, or the action an opener's `data-cc` names (accept-all, accept-necessary, accept-custom, show-consentModal). */
  open(opener?: Element | null): void;
  /** Follow the current choice: held-back tags, embed placeholders, bar and dialog state. */
  refresh(): void;
  hideBar(): void;
  /** The preferences dialog; focus goes back to `opener` when it closes. */
  preferences(opener?: Element | null): void;
  /** Closes the dialog. */
  close(): void;
  choice: ConsentChoice;
  /** The texts' language now; `setLanguage` changes it (orestbida's call), true when it could. */
  setLanguage(lang: string): Promise<boolean>;
}

/** What the visitor can decide, each stored at once (consent/ui/choice.ts). */
export interface ConsentChoice {
  acceptAll(): void;
  refuseAll(): void;
  /** Every optional category as its dialog switch says. */
  save(): void;
  /** One optional category allowed, the rest unchanged. */
  grant(category: string): void;
  /** Exactly these optional categories wanted, the rest refused. */
  set(wanted: string[]): void;
}
