// Finds blocks and helper markup, imports only the chunks they need and isolates failures:
// one broken block logs one console error (block id + JSON path), keeps its fallback content,
// and never stops the others.
import manifestFile from 'piazza:manifest';
import type { Manifest } from './manifest';
import type { AdminNote, BlockModule, ConfigProblem, HelperModule, RuntimeContext } from './types';

export interface Loader {
  mount(root?: ParentNode): Promise<void>;
  /** Takes the blocks under `root` (or `root` itself) back to their fallback content, running their cleanups. */
  unmount(root?: ParentNode): void;
  load<T>(entry: string): Promise<T>;
  /** Problems (or a note) as the admin reads them, in the page's admin language. */
  explain(what: ConfigProblem[] | AdminNote): Promise<string>;
}

/** A block's `<type>-early` entry (blocks/<type>/early.ts): called with the mount's arguments, before its chunk arrives. */
interface EarlyModule { early(...args: Parameters<BlockModule['mount']>): void }

/** A block element's mount: what it held before (its fallback, its class) and the cleanup its chunk returned. */
interface Mounted { fallback: Node[]; className: string | null; cleanup?: () => void }

export function createLoader(ctx: RuntimeContext): Loader {
  const mounted = new WeakMap<Element, Mounted>();
  const chunks: Record<string, Promise<unknown>> = {};
  let counter = 0;

  const importChunk = (file: string) => import(/* webpackIgnore: true */ ctx.base + 'chunks/' + file);
  /** Asked for now, at boot, so it arrives while the page parses; a failed download is asked again by the next mount(). */
  let contents: Promise<Manifest> | undefined;
  const manifest = () => (contents ||= importChunk(manifestFile).then((m: { default: Manifest }) => m.default, (e) => { contents = undefined; throw e; }));
  manifest().catch(() => {}); // (reported by the mount that needs it)

  function load<T>(entry: string): Promise<T> {
    return (chunks[entry] ||= manifest().then(({ files: { [entry]: files } }) => {
      if (!files) throw new Error('no chunk "' + entry + '" in this build');
      // Fetch the entry's dependencies in parallel rather than discovering them one import at a time.
      for (const file of files.slice(1)) preload(ctx.base + 'chunks/' + file);
      return importChunk(files[0]);
    }).catch((e) => {
      delete chunks[entry]; // a later mount() may retry a failed download
      throw e;
    })) as Promise<T>;
  }

  // The words are a lazy chunk: only a misconfigured page pays for them. Should it not arrive, the
  // codes still name every path.
  const explain = (what: ConfigProblem[] | AdminNote) =>
    load<typeof import('./messages')>('messages').then((m) => m.adminMessages().explain(what), () => JSON.stringify(what));

  const preloaded = new Set<string>();
  function preload(href: string) {
    if (preloaded.has(href)) return;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    if (ctx.nonce) link.nonce = ctx.nonce;
    document.head.appendChild(link);
  }

  async function mountBlock(element: HTMLElement, record: Mounted): Promise<void> {
    const type = element.getAttribute('data-piazza-block') || '';
    const { fallback } = record;
    let blockId = element.id || type + '-' + ++counter;
    const fail = async (problem: ConfigProblem[] | AdminNote | string, error?: unknown) => {
      const text = typeof problem === 'string' ? problem : await explain(problem);
      console.error('[piazza] ' + type + ' block "' + blockId + '": ' + text, ...(error ? [error] : []));
      element.replaceChildren(...fallback);
      element.setAttribute('data-piazza-state', 'error');
      ctx.events.emit('block:error', { blockId, type, element, message: text });
    };
    const source = element.querySelector(':scope > script[type="application/json"]');
    let config: unknown;
    try {
      config = JSON.parse(source?.textContent || '{}');
    } catch (e) {
      return fail([{ path: '/', code: 'json', detail: (e as Error).message }]);
    }
    if (config && typeof config === 'object' && typeof (config as any).blockId === 'string' && (config as any).blockId) {
      blockId = (config as any).blockId;
    }
    element.setAttribute('data-piazza-state', 'loading');
    try {
      const later = (e: unknown): never => {
        mounted.delete(element); // the code did not arrive: a later piazza.mount() tries again
        throw e;
      };
      const { files } = await manifest().catch(later);
      if (mounted.get(element) !== record) return; // unmounted meanwhile
      if (!files[type]) return await fail({ code: 'blockType', name: type, entries: Object.keys(files) }); // messages.ts picks the blocks
      const blockCtx = { ...ctx, blockId, type };
      // A block's small "early" chunk sends its first requests while its code downloads; any
      // problem of it is the mount's to report.
      if (files[type + '-early']) load<EarlyModule>(type + '-early').then((m) => m.early(element, config, blockCtx)).catch(() => {});
      const mod = await load<BlockModule>(type).catch(later);
      if (mounted.get(element) !== record) return; // unmounted while its chunk was on its way
      const cleanup = await mod.mount(element, config, blockCtx);
      if (cleanup) record.cleanup = cleanup;
      if (mounted.get(element) !== record) return void unmountBlock(element, record); // unmounted meanwhile
      element.setAttribute('data-piazza-state', 'mounted');
      ctx.events.emit('block:mounted', { blockId, type, element });
    } catch (e: any) {
      await (Array.isArray(e?.problems) ? fail(e.problems) : fail(e?.message || String(e), e));
    }
  }

  async function mountHelper(root: ParentNode, entry: string) {
    try {
      const mod = await load<HelperModule>(entry);
      await mod.mount(root, ctx);
    } catch (e) {
      console.error('[piazza] helper "' + entry + '" failed', e);
    }
  }

  const blocksIn = (root: ParentNode) => {
    const found = Array.from(root.querySelectorAll<HTMLElement>('[data-piazza-block]'));
    if (root instanceof HTMLElement && root.hasAttribute('data-piazza-block')) found.unshift(root);
    return found;
  };

  function unmountBlock(element: HTMLElement, record: Mounted) {
    try {
      record.cleanup?.();
    } catch (e) {
      console.error('[piazza] block "' + element.id + '": cleanup failed', e);
    }
    element.replaceChildren(...record.fallback);
    if (record.className === null) element.removeAttribute('class');
    else element.className = record.className;
    element.removeAttribute('data-piazza-state');
  }

  function unmount(root: ParentNode = document): void {
    for (const el of blocksIn(root)) {
      const record = mounted.get(el);
      if (!record) continue;
      mounted.delete(el);
      unmountBlock(el, record);
    }
  }

  async function mount(root: ParentNode = document): Promise<void> {
    const jobs: Promise<void>[] = [];
    for (const el of blocksIn(root)) {
      if (mounted.has(el)) continue; // mounting twice is a no-op
      const record: Mounted = { fallback: Array.from(el.childNodes), className: el.getAttribute('class') };
      mounted.set(el, record);
      jobs.push(mountBlock(el, record));
    }
    const helpers = manifest().then(({ files, helpers }) => Promise.all(helpers.map(([selector, entry]) =>
      files[entry] && (root.querySelector(selector) || (root instanceof Element && root.matches(selector))) ? mountHelper(root, entry) : 0)),
    (e) => console.error('[piazza] helpers not loaded', e));
    await Promise.all([...jobs, helpers]);
  }

  return { mount, unmount, load, explain };
}
