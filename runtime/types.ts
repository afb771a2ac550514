// The contract between piazza.js (loader) and the lazy chunks. Type-only: nothing here is bundled.
import type { Emitter } from './events';
import type { AdminLog, AdminNote, ConfigProblem } from './problems';

export type { AdminLines, AdminLog, AdminNote, AdminNotes, ConfigProblem, Words } from './problems';

/**
 * A polite message for screen readers. Its words may be a function, made when they are said (the
 * announcer waits anyway): a count's plural rules then stay off the way to the results (issue 31).
 */
export type Announce = (text: string | (() => string)) => void;

/** What a block or helper chunk receives from the loader. */
export interface RuntimeContext {
  version: string;
  /** nonce of the piazza.js tag: every element piazza injects carries it (strict CSP). */
  nonce: string;
  /** URL of dist/ (the folder piazza.js was loaded from), ending with '/'. */
  base: string;
  events: Emitter;
  /** The consent core, when the page has a consent config. */
  consent?: ConsentApi;
  /**
   * Problems or a note as the admin reads them, in the page's admin language (the words are a
   * lazy chunk, runtime/messages.ts; should it not arrive, the codes as JSON).
   */
  explain(what: ConfigProblem[] | AdminNote): Promise<string>;
}

/** What the loader gives a block's mount (and its early chunk). */
export interface MountContext extends RuntimeContext {
  /** blockId from the config, else the element id, else `{type}-{n}`; used in every admin error. */
  blockId: string;
  type: string;
}

/** What a block's code works with: the kit (runtime/block/kit.ts) adds the block's admin logger. */
export interface BlockContext extends MountContext {
  /** `[piazza] <type> block "<id>": `, then a text, or a coded note in the admin's language (runtime/log.ts). */
  log: AdminLog;
}

/** A block chunk (`blocks/<type>/index.ts`) exports `mount`. It may return a cleanup. */
export interface BlockModule {
  mount(element: HTMLElement, config: unknown, ctx: MountContext): void | (() => void) | Promise<void | (() => void)>;
}

/** A page-helper chunk works on the portal's markup under `root`; it must be idempotent. */
export interface HelperModule {
  mount(root: ParentNode, ctx: RuntimeContext): void | Promise<void>;
}

/** The visitor's stored choice (the `cconsent` cookie's record). */
export interface ConsentChoice {
  version: number;
  categories: Record<string, { wanted: boolean }>;
  services: string[];
}

export interface ConsentApi {
  open(): void;
  get(): ConsentChoice | null;
  /** true when the service (by key or search value) may run now. */
  allows(service: string): boolean;
  /** true when the page's consent config names it (service key, search value or category). */
  knows(name: string): boolean;
}
