// Finds blocks and helper markup, imports only the chunks they need and isolates failures:
// one broken block logs one console error (block id + JSON path), keeps its fallback content,
// and never stops the others.
import manifestFile from 'piazza:manifest';
import { whenParsed } from './events';
import { adminNotes, linePrefix } from './log';
import { lazyModule } from './lazy';
import type { Manifest, MountingBlock } from './manifest';
import type { AdminNote, AdminNotes, ConfigProblem, RuntimeContext } from './types';

export interface Loader {
  mount(root?: ParentNode): Promise<void>;
  /** Takes the blocks under `root` (or `root` itself) back to their fallback content, running their cleanups. */
  unmount(root?: ParentNode): void;
  load<T>(entry: string): Promise<T>;
  /** Entries' files downloaded at low priority, not run, once the page is parsed and its blocks' first requests are out; `entries` says which then (nothing without the manifest). */
  prefetch(entries: () => string[]): void;
  /**
   * Settles once the page is parsed and the blocks found by then show their first content (as their
   * early steps tell: a block without one, or whose step failed, is not waited for; without the
   * manifest, at once), FIRST_CONTENT_LATEST_MS after the page is parsed at the latest: what can
   * wait for the page's own content waits for this, not for a fixed time.
   */
  firstContent(): Promise<void>;
  /** Problems (or a note) as the admin reads them, in the page's admin language. */
  explain(what: ConfigProblem[] | AdminNote): Promise<string>;
}

/** How long after the page is parsed firstContent() waits for the blocks at most. */
export const FIRST_CONTENT_LATEST_MS = 2000;

/** A block element's mount: what it held before (its fallback, its attributes) and the cleanup its chunk returned. */
interface Mounted {
  fallback: Node[];
  attributes: Attr[];
  cleanup?: () => void;
}

/** `log`: the runtime's own lines (`[piazza] `, piazza.ts). */
export function createLoader(ctx: RuntimeContext, log: AdminNotes): Loader {
  const mounted = new WeakMap<Element, Mounted>();

  /** Asked for now, at boot, so it arrives while the page parses; a failed download is asked again by the next mount(). */
  const manifest = lazyModule(() =>
    import(/* webpackIgnore: true */ ctx.base + 'chunks/' + manifestFile).then((m: { default: Manifest }) => m.default),
  );
  manifest().then(
    (m) => m.warm(ctx),
    () => {},
  ); // (a failure is reported by the mount that needs it)

  const load = <T>(entry: string): Promise<T> => manifest().then((m) => m.load<T>(entry, ctx.nonce));
  /** The page parsed, and a task later: mount() has then started the early steps of the blocks warm() had not. */
  const parsed = (then: () => void) => whenParsed(() => setTimeout(then));
  const prefetch = (entries: () => string[]) =>
    parsed(() =>
      manifest().then(
        (m) => m.prefetch(entries, ctx.nonce),
        () => {},
      ),
    );
  const firstContent = () =>
    new Promise<void>((done) => {
      whenParsed(() => setTimeout(done, FIRST_CONTENT_LATEST_MS));
      parsed(() =>
        manifest()
          .then((m) => m.firstContent())
          .then(done, done),
      );
    });

  // The words are a lazy chunk: only a misconfigured page pays for them. Should it not arrive, the
  // codes still name every path.
  const explain = (what: ConfigProblem[] | AdminNote) =>
    manifest()
      .then((m) => m.explain(what, ctx.nonce))
      .catch(() => JSON.stringify(what));

  /**
   * A block's mount is the manifest's (its config, its code, its failures in the admin's words):
   * piazza.js keeps only the record of it and the report of a manifest that did not arrive.
   */
  const mountBlock = (element: HTMLElement, record: Mounted): Promise<void> => {
    const type = element.getAttribute('data-piazza-block') || '';
    const block: MountingBlock = {
      element,
      type,
      current: () => mounted.get(element) === record,
      forget: () => mounted.delete(element),
      mounted(cleanup) {
        if (cleanup) record.cleanup = cleanup;
        const now = block.current();
        if (!now && cleanup) unmountBlock(element, record); // unmounted meanwhile
        return now;
      },
      // one console error naming the block, in the admin's words; then its fallback content back, and `block:error`
      fail: (blockId, what, error) =>
        adminNotes(linePrefix(type, blockId), explain)
          .error(what, error)
          .then((message) => {
            // the words came later: a mount of the element since then is not this block's to undo
            if (mounted.has(element) && !block.current()) return;
            element.replaceChildren(...record.fallback);
            element.setAttribute('data-piazza-state', 'error');
            ctx.events.emit('block:error', { blockId, type, element, message });
          }),
    };
    return manifest().then(
      (m) => m.mountBlock(block, ctx),
      (e) => {
        if (!block.current()) return; // unmounted meanwhile
        block.forget(); // a later piazza.mount() tries again
        return block.fail(element.id || type, { code: 'notLoaded', detail: e?.message || String(e) }, e);
      },
    );
  };

  const blocksIn = (root: ParentNode) => {
    const found = [...root.querySelectorAll<HTMLElement>('[data-piazza-block]')];
    if ((root as Element).matches?.('[data-piazza-block]')) found.unshift(root as HTMLElement);
    return found;
  };

  function unmountBlock(element: HTMLElement, record: Mounted) {
    try {
      record.cleanup?.();
    } catch (e) {
      void adminNotes(linePrefix(element.getAttribute('data-piazza-block') || '', element.id), explain).error({ code: 'cleanup' }, e);
    }
    element.replaceChildren(...record.fallback);
    // the attributes as the page wrote them: a block changes its class, its state and the space
    // marker the template printed (data-piazza-reserve), which a later mount reads again
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
    for (const attribute of record.attributes) element.setAttributeNode(attribute);
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
      const record: Mounted = { fallback: [...el.childNodes], attributes: [...el.attributes].map((a) => a.cloneNode() as Attr) };
      mounted.set(el, record);
      jobs.push(mountBlock(el, record));
    }
    // (without the manifest the messages chunk cannot come either: the line is its code, the error after it)
    const helpers = manifest().then(
      // a helper's chunk, not one element: no id (`helper-gallery` → `[piazza] gallery helper: `)
      (m) =>
        m.mountHelpers(root, ctx, (entry, e) =>
          adminNotes(linePrefix(entry.slice(7), undefined, 'helper'), explain).error({ code: 'helper' }, e),
        ),
      (e) => log.error({ code: 'helpers' }, e),
    );
    await Promise.all([...jobs, helpers]);
  }

  return { mount, unmount, load, prefetch, firstContent, explain };
}
