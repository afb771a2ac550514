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
 * `page_notifications.tpl` runs `CookieConsent.init({…})` and `CookieConsent.wrapper('wrapped', cb)`.
 */
export interface LegacyCookieConsent {
  /** Applies a consent config (the same as `#piazza-consent`); `setConfiguration` is its alias. */
  init(config: import('../schemas/generated/consent').ConsentConfig): void;
  setConfiguration(config: import('../schemas/generated/consent').ConsentConfig): void;
  /** The config in use (with `cookieExists` once the visitor chose), or null before any. */
  readonly config: (import('../schemas/generated/consent').ConsentConfig & { cookieExists?: boolean }) | null;
  /** Runs `cb` now if `name` (service, search value or category) is allowed, else once when it becomes so. */
  wrapper(name: string, cb: () => void): void;
}

declare global {
  interface Window { piazza?: Piazza; CookieConsent?: LegacyCookieConsent }
  interface WindowEventMap { 'cconsent-setCookie': CustomEvent<ConsentRecord> }
  interface DocumentEventMap { 'piazza:ready': Event }
}
