// Public typings of piazza: `window.piazza`, its events, and the configs of the blocks (generated
// from schemas/*.schema.json). In a portal's TypeScript: `import type { ListingConfig } from 'piazza'`.
// Every registered block's config (blocks/registry.json): `BlockConfigs['listing']`, `ListingConfig`…
export type * from '../schemas/generated/blocks';
export type { ConsentConfig } from '../schemas/generated/consent';

/** The `cconsent` cookie's content: {version, categories: {name: {wanted}}, services}. */
export interface ConsentRecord {
  version: number;
  categories: Record<string, { wanted: boolean }>;
  services: string[];
}

/** What each event of `piazza.on(event, cb)` passes to its callback. */
export interface PiazzaEvents {
  /** The first mount pass is done (also `document`'s `piazza:ready` event). */
  ready: undefined;
  'block:mounted': { blockId: string; type: string; element: HTMLElement };
  /** A block did not mount: its config problems (JSON paths) or what failed; its fallback stays. */
  'block:error': { blockId: string; type: string; element: HTMLElement; message: string };
  /** A mounted block shows its first content: its first results or rows, or the message of what failed in their place (once per mount). */
  'block:shown': { blockId: string; type: string; element: HTMLElement };
  'consent:change': ConsentRecord;
  'listing:results': { blockId: string; totalCount: number; element: HTMLElement };
  'sharedlink:embedded': { id: string; view: string; base: string };
  'sharedlink:error': { id: string; view: string; status: number; message: string };
  'gallery:opened': { widget: HTMLElement; index: number };
  'gallery:slide': { widget: HTMLElement; index: number };
  'gallery:closed': { widget: HTMLElement };
}

export interface PiazzaConsent {
  /** Opens the preferences dialog. */
  open(): void;
  /** The visitor's stored choice, or null before any. */
  get(): ConsentRecord | null;
  /** Whether a service or category may run now. */
  allows(name: string): boolean;
  /** Whether the page's consent config names it (a service key, a search value or a category). */
  knows(name: string): boolean;
}

export interface Piazza {
  version: string;
  /** Resolves after the first mount pass. */
  ready: Promise<void>;
  on<E extends keyof PiazzaEvents>(event: E, cb: (detail: PiazzaEvents[E]) => void): () => void;
  /** Mounts blocks and helpers added to the page later (under `root`); mounting twice is a no-op. */
  mount(root?: ParentNode): Promise<void>;
  /**
   * Takes the blocks under `root` (default: the whole page) back to the content they had before
   * mounting, and stops everything they started (requests, listeners, timers, URL sync). A later
   * `mount(root)` mounts them again.
   */
  unmount(root?: ParentNode): void;
  consent: PiazzaConsent;
}

/**
 * The legacy consent global the portal's templates call (brainsum/OpenPA API, kept by piazza):
 * `page_notifications.tpl` runs `CookieConsent.init({…})` and `CookieConsent.wrapper('wrapped', cb)`;
 * bootstrapitalia2/2110 shipped orestbida CookieConsent 3.0.1 under the same global name.
 */
export interface LegacyCookieConsent {
  /** Applies a consent config (the same as `#piazza-consent`); `setConfiguration` is its alias. */
  init(config: import('../schemas/generated/consent').ConsentConfig): void;
  setConfiguration(config: import('../schemas/generated/consent').ConsentConfig): void;
  /** The config in use (with `cookieExists` once the visitor chose), or null before any. */
  readonly config: (import('../schemas/generated/consent').ConsentConfig & { cookieExists?: boolean }) | null;
  /** Runs `cb` now if `name` (service, search value or category) is allowed, else once when it becomes so. */
  wrapper(name: string, cb: () => void): void;

  // orestbida CookieConsent 3.0.1's calls (the OpenPA themes bootstrapitalia2/2110), answered from
  // piazza's choice. The questions answer at once; the others are run by piazza's openpa chunk,
  // and a call made before it arrived returns a promise of its answer (README, "Cookie consent").
  /** A valid choice exists for this config. */
  validConsent(): boolean;
  /** The category is accepted (false while there is no valid choice, as orestbida). */
  acceptedCategory(category: string): boolean;
  /** The service belongs to the category and the category is accepted. */
  acceptedService(service: string, category: string): boolean;
  /** A cookie of that name exists and is not empty. */
  validCookie(name: string): boolean;
  /** orestbida's cookie (`cc_cookie`, kept in step with piazza's choice), or one field of it; `{}` without one. */
  getCookie(field?: keyof OrestbidaCookie, cookieName?: string): any;
  /** Runs the config's callbacks (services' onAccept/onReject, onFirstConsent, onConsent, onChange) as the choice changes; without piazza config of its own, the page's config is made from it. */
  run(config: Record<string, unknown>): Promise<void>;
  /** The bar: while a choice is due, or always with `createModal` (as orestbida). */
  show(createModal?: boolean): void;
  hide(): void;
  showPreferences(): void;
  hidePreferences(): void;
  /** 'all', a category or a list (the rest refused), or nothing: the dialog's switches. */
  acceptCategory(categories?: string | string[], exclude?: string[]): void;
  /** Accepts the category when every one of its services is named ('all' too); piazza decides whole categories, so half of one is refused with a console warning. */
  acceptService(service: string | string[], category: string): false | void;
  /** Expires the cookies of these names (or matching these RegExps) on the host, every parent domain and every path. */
  eraseCookies(cookies: string | RegExp | Array<string | RegExp>, path?: string, domain?: string): void;
  /** Inserts the script (a refused service's script stays held); resolves true once it loaded, false if it failed. */
  loadScript(src: string, attributes?: Record<string, string>): Promise<boolean>;
  getUserPreferences(): {
    acceptType: 'all' | 'necessary' | 'custom' | '';
    acceptedCategories: string[];
    rejectedCategories: string[];
    acceptedServices: Record<string, string[]>;
    rejectedServices: Record<string, string[]>;
  };
  getConfig(field?: string): any;
  /** Keeps `value` in orestbida's cookie (`mode: 'update'` merges objects); false without a valid choice or when nothing changed. */
  setCookieData(props: { value: unknown; mode?: 'update' | 'overwrite' }): boolean;
  /** Texts of another locale of the config (or a built-in one); false when there is none. */
  setLanguage(lang: string, force?: boolean): Promise<boolean>;
  /** Not possible with piazza: a console warning says so; the choice stays. */
  reset(deleteCookie?: boolean): void;
}

/** orestbida v3.0.1's cookie value (`utils/cookies.js`), as piazza reads and writes it and `getCookie()` returns it. */
export interface OrestbidaCookie {
  categories: string[];
  revision: number;
  data: unknown;
  consentTimestamp: string;
  consentId: string;
  services: Record<string, string[]>;
  lastConsentTimestamp: string;
  expirationTime: number;
}

declare global {
  interface Window {
    piazza?: Piazza;
    CookieConsent?: LegacyCookieConsent;
  }
  interface WindowEventMap {
    'cconsent-setCookie': CustomEvent<ConsentRecord>;
  }
  interface DocumentEventMap {
    'piazza:ready': Event;
  }
}
