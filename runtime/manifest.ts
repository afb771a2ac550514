// The build's table of contents, and how to load from it: a lazy module of its own
// (chunks/manifest-[hash].js) that piazza.js starts fetching at boot, while the page is still
// parsing. piazza.js holds only its file name, so it does not grow with each block or helper
// added, and what only the build knows (which files an entry needs, which markup a helper
// handles) is written here, once, outside the classic script.
import blocks from 'piazza:blocks';
import files from 'piazza:files';
import { lazyModules } from './lazy';
import { isOpenpaForm, type OpenpaMapping } from './openpa';
import type { AdminNote, MountContext, BlockModule, ConfigProblem, HelperModule, RuntimeContext } from './types';

/**
 * Page helpers: the portal's existing markup → the chunk that handles it. `whileParsing`: a helper
 * that changes the height of that markup (a table swapped for its stacked copy) is mounted on each
 * element as soon as the parser is past it (warm()), so that the change comes before the first paint
 * when its code is in time, not at DOMContentLoaded; its mount must be idempotent (the
 * DOMContentLoaded mount runs again on the same elements, and reports a failure that one keeps quiet).
 */
const helpers: Array<[selector: string, entry: string, whileParsing?: true]> = [
  ['table.responsive-stack,table.responsive-card,table.responsive-column', 'helper-stacktable', true],
  ['.table-procedure-wrapper', 'helper-procedure'],
  ['[data-bs-toggle=masonry] .card-text .collapse', 'helper-masonry'],
  ['[data-shared_link][data-shared_link_view]', 'helper-sharedlink'], // an <a>, or a card <div href> in some templates
  ['[data-gallery]', 'helper-gallery'],
];

export interface Manifest {
  /** entry name → [entry file, ...files it imports], relative to dist/chunks/ */
  files: Record<string, string[]>;
  /** An entry's module: its files fetched in parallel (not one import at a time); a failed download is tried again next time. */
  load<T>(entry: string, nonce: string): Promise<T>;
  /**
   * Mounts a block: reads its config, downloads its code and runs it, and reports what stops it in
   * the admin's words (`block.fail`). Its small `<type>-early` chunk, if any (blocks/<type>/early.ts),
   * runs first with the same arguments: it sends the block's first requests while the block's code
   * downloads (any problem of it is the mount's to report). When the code did not arrive, the block
   * is forgotten, so that a later piazza.mount() tries again.
   */
  mountBlock(block: MountingBlock, ctx: RuntimeContext): Promise<void>;
  /** Problems (or a note) in the admin's words: the messages chunk, loaded only for a page that has some. */
  explain(what: ConfigProblem[] | AdminNote, nonce: string): Promise<string>;
  /**
   * Entries' files downloaded at low priority, not run: what will be needed once the page's own
   * work is done. Once the early steps started so far have run (a prefetch never competes with the
   * blocks' first requests, nor its compile with theirs), `entries` says which.
   */
  prefetch(entries: () => string[], nonce: string): void;
  /** Settles once every block whose early step started so far shows its first content (or failed, or its step told nothing). */
  firstContent(): Promise<void>;
  /**
   * Run by piazza.js as soon as this module arrives, often before the page is parsed and so long
   * before mount() at DOMContentLoaded: the code of the blocks already in the page starts
   * downloading, and a block whose config is complete (and names it) sends its first requests.
   */
  warm(ctx: RuntimeContext): void;
  /** Mounts every helper whose markup is in `root` (or is `root`); one failing helper is only told (`failed`, the loader's line). */
  mountHelpers(root: ParentNode, ctx: RuntimeContext, failed: (entry: string, error: unknown) => void): Promise<unknown>;
}

/** What piazza.js's loader hands over of a block it mounts. */
export interface MountingBlock {
  element: HTMLElement;
  type: string;
  /** Still the mount in charge (not unmounted meanwhile). */
  current(): boolean;
  /** Drops the mount's record: the next piazza.mount() starts it again. */
  forget(): void;
  /** Keeps the block's cleanup; false (and the cleanup run) when it was unmounted meanwhile. */
  mounted(cleanup: void | (() => void)): boolean;
  /** One console error naming the block, in the admin's words (runtime/log.ts), then its fallback content back, `block:error`. */
  fail(blockId: string, what: ConfigProblem[] | AdminNote, error?: unknown): Promise<void>;
}

interface EarlyModule {
  /** Sends the block's first requests; may return what settles once the block shows its first content (or fails). */
  early(...args: Parameters<BlockModule['mount']>): void | Promise<unknown>;
}

const preloaded = new Set<string>();

function preload(file: string, nonce: string, low = false) {
  if (preloaded.has(file)) return;
  preloaded.add(file);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  if (low) link.setAttribute('fetchpriority', 'low');
  link.href = new URL(file, import.meta.url).href;
  if (nonce) link.nonce = nonce;
  document.head.appendChild(link);
}

/** An entry's module, once (a failed download is forgotten: a later mount() tries again). */
const imported = lazyModules((entry) => import(/* webpackIgnore: true */ './' + files[entry][0]));

function load<T>(entry: string, nonce: string): Promise<T> {
  const list = files[entry];
  if (!list) return Promise.reject(new Error('no chunk "' + entry + '" in this build'));
  for (const file of list.slice(1)) preload(file, nonce);
  return imported(entry) as Promise<T>;
}

/**
 * A task boundary: the page's other tasks (input, network, a frame) run before what follows. A
 * block's mount was one chain of microtasks from its early step to its first render (51–93 ms on
 * the bench's host, 4× that under Lighthouse's throttling): cut in three, the block page's Total
 * Blocking Time went 0.27 → 0.15 s (issue 31; BENCHMARKS.md).
 */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Numbers the blocks that have neither an id nor a blockId. */
let counter = 0;

/** A block's config: the JSON script that is its element's child. */
const configScript = (element: Element) => element.querySelector(':scope > script[type="application/json"]');

/** The name a block goes by: its config's blockId (an eZ form's block id), else its element's id (or ''). */
function nameOf(element: Element, config: unknown): string {
  const c = config as { blockId?: unknown; openpa?: { block?: { id?: unknown } } } | null;
  const named = c?.blockId ?? c?.openpa?.block?.id;
  return (typeof named === 'string' && named) || element.id;
}

/**
 * An eZ form (what the OpenPA overrides write: the block's attributes) made the block's config by
 * its `<type>-openpa` chunk, the block's one mapping (runtime/openpa.ts); any other config as it is.
 */
async function mapped(
  config: unknown,
  type: string,
  nonce: string,
): Promise<{ config: unknown; told?: (problems: ConfigProblem[]) => ConfigProblem[] }> {
  if (!isOpenpaForm(config)) return { config };
  if (!files[type + '-openpa']) throw { problems: [{ path: '/openpa', code: 'additionalProperties' }] };
  const m = await load<OpenpaMapping>(type + '-openpa', nonce).catch((e) => {
    throw Object.assign(e, { download: true });
  });
  const out = m.fromOpenpa(config);
  if (out.problems.length) throw { problems: out.problems };
  // (the mapping's own chunk words where a problem of the config it made came from)
  return { config: out.config, told: (problems) => m.relocate(problems, out.origin) };
}

/** A block's config made (an eZ form mapped) and its early step run: started once per element, by warm() or the mount. */
interface Prepared {
  /** The config's text it was made from: a mount of other text prepares again. */
  text: string;
  mapping: Promise<Mapped>;
  /** Settles once the `<type>-early` chunk has run (or failed, or there is none). */
  early: Promise<void>;
}
type Mapped = Awaited<ReturnType<typeof mapped>>;

/** The early steps started (warm()'s and the mounts') and not yet run (or failed)… */
const earlySteps: Promise<void>[] = [];
/** …and what each said of its block's first content, until that is shown. */
const firstContents: Promise<unknown>[] = [];

/** `p` in `list` until it settles: a page that mounts blocks all day keeps only what is still to come. */
function untilSettled<T>(list: Promise<T>[], p: Promise<T>) {
  list.push(p);
  const drop = () => void list.splice(list.indexOf(p), 1);
  p.then(drop, drop);
}

/** warm()'s preparation, waiting for the mount of the element (which takes it, once). */
const prepared = new WeakMap<Element, Prepared>();

/**
 * The mapping of an eZ form and the block's `<type>-early` chunk download side by side (not one
 * after the other); the early step runs with the mapped config as soon as both are in, so its first
 * requests leave before the block's larger code is run (its problems are the mount's to report).
 */
function prepare(element: HTMLElement, text: string, raw: unknown, ctx: MountContext): Prepared {
  const chunk = files[ctx.type + '-early'] ? load<EarlyModule>(ctx.type + '-early', ctx.nonce) : null;
  const mapping = mapped(raw, ctx.type, ctx.nonce);
  mapping.catch(() => {}); // (reported by the mount that awaits it)
  const step = chunk
    ? Promise.all([mapping, chunk])
        .then(([{ config }, m]) => ({ shown: m.early(element, config, ctx) }))
        .catch(() => ({ shown: undefined }))
    : Promise.resolve({ shown: undefined });
  // (what the step returned, awaited apart: the block's code, which shows that content, waits for the step itself)
  const early = step.then(() => {});
  untilSettled(earlySteps, early);
  untilSettled(
    firstContents,
    step.then((s) => s.shown).catch(() => {}),
  );
  return { text, mapping, early };
}

/** Blocks and the elements of helpers mounted while parsing that warm() has started (each once). */
const warmed = new WeakSet<Element>();

/** The parser is past `el`, which is complete (a node follows it or one of its ancestors). */
function parsedPast(el: Node): boolean {
  for (let n: Node | null = el; n; n = n.parentNode) if (n.nextSibling) return true;
  return document.readyState !== 'loading';
}

export default {
  files,
  load,
  warm(ctx) {
    const scan = () => {
      for (const [selector, entry, whileParsing] of helpers) {
        if (!whileParsing || !files[entry]) continue;
        for (const element of document.querySelectorAll(selector)) {
          if (warmed.has(element) || !parsedPast(element)) continue;
          warmed.add(element);
          load<HelperModule>(entry, ctx.nonce)
            .then((m) => m.mount(element, ctx))
            .catch(() => {});
        }
      }
      for (const element of document.querySelectorAll<HTMLElement>('[data-piazza-block]')) {
        if (warmed.has(element)) continue;
        const type = element.getAttribute('data-piazza-block') || '';
        const source = configScript(element);
        // (a block whose config is not parsed to its end yet is taken at the parser's next step)
        const complete = !!source && parsedPast(source);
        if (files[type + '-early'] && !complete && document.readyState === 'loading') continue;
        warmed.add(element);
        for (const file of files[type] || []) preload(file, ctx.nonce);
        if (!files[type + '-early'] || !complete) continue;
        try {
          const text = source.textContent || '';
          const raw = JSON.parse(text);
          const blockId = nameOf(element, raw);
          if (blockId) prepared.set(element, prepare(element, text, raw, { ...ctx, blockId, type }));
        } catch {
          /* the mount reports it */
        }
      }
    };
    scan();
    // A portal's page is long and its footer scripts hold the parser: a block parsed after this
    // module arrived sends its first requests when it is parsed, not at DOMContentLoaded.
    if (document.readyState !== 'loading') return;
    const parsing = new MutationObserver(scan);
    parsing.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => parsing.disconnect(), { once: true });
  },
  explain: (what, nonce) => load<typeof import('./messages')>('messages', nonce).then((m) => m.adminMessages().explain(what)),
  prefetch(entries, nonce) {
    Promise.all(earlySteps).then(() => {
      for (const entry of entries()) for (const file of files[entry] || []) preload(file, nonce, true);
    });
  },
  firstContent: () => Promise.all(firstContents).then(() => {}),
  async mountBlock(block, ctx) {
    const { element, type } = block;
    if (!block.current()) return; // unmounted while this module was on its way
    let config: unknown, problem: ConfigProblem | undefined;
    try {
      config = JSON.parse(configScript(element)?.textContent || '{}');
    } catch (e) {
      problem = { path: '/', code: 'json', detail: (e as Error).message };
    }
    const blockId = nameOf(element, config) || type + '-' + ++counter;
    const fail = (what: ConfigProblem[] | AdminNote, error?: unknown) => block.fail(blockId, what, error);
    if (problem) return fail([problem]);
    element.setAttribute('data-piazza-state', 'loading');
    let told: ((problems: ConfigProblem[]) => ConfigProblem[]) | undefined;
    try {
      if (!blocks.includes(type)) throw { note: { code: 'blockType', name: type, known: blocks } }; // the registry's
      const blockCtx: MountContext = { ...ctx, blockId, type };
      // the block's code downloads while an eZ form is mapped and the early step runs; it is run
      // only after that step, so the block's first requests leave before its larger code is run
      for (const file of files[type] || []) preload(file, ctx.nonce);
      const text = configScript(element)?.textContent || '{}';
      const warm = prepared.get(element);
      prepared.delete(element); // a later mount of the element prepares again
      const ready = warm?.text === text ? warm : prepare(element, text, config, blockCtx);
      ({ config, told } = await ready.mapping);
      await ready.early;
      await yieldToPage();
      if (!block.current()) return;
      const code = load<BlockModule>(type, ctx.nonce).catch((e) => {
        throw Object.assign(e, { download: true });
      });
      const mod = await code;
      await yieldToPage();
      if (!block.current()) return;
      let cleanup: Awaited<ReturnType<BlockModule['mount']>>;
      try {
        cleanup = await mod.mount(element, config, blockCtx);
      } catch (e: any) {
        // a mapped config's problems are told at the eZ attribute they came from
        throw told && Array.isArray(e?.problems) ? { problems: told(e.problems) } : e;
      }
      if (!block.current() || !block.mounted(cleanup)) return; // unmounted meanwhile
      element.setAttribute('data-piazza-state', 'mounted');
      ctx.events.emit('block:mounted', { blockId, type, element });
    } catch (e: any) {
      if (!block.current()) return; // unmounted meanwhile: the element is no longer this mount's
      if (e?.download) block.forget(); // the code did not arrive: a later piazza.mount() tries again
      // a config's problems, a note, or a fault: its code did not arrive, or its mount threw
      const detail = e?.message || String(e);
      await (e?.note
        ? fail(e.note)
        : Array.isArray(e?.problems)
          ? fail(e.problems)
          : fail({ code: e?.download ? 'notLoaded' : 'mountFailed', detail }, e));
    }
  },
  mountHelpers: (root, ctx, failed) =>
    Promise.all(
      helpers
        .filter(
          ([selector, entry]) => files[entry] && (root.querySelector(selector) || (root instanceof Element && root.matches(selector))),
        )
        .map(([, entry]) =>
          load<HelperModule>(entry, ctx.nonce)
            .then((m) => m.mount(root, ctx))
            .catch((e) => failed(entry, e)),
        ),
    ),
} satisfies Manifest;
