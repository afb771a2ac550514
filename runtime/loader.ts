// Finds blocks and helper markup, imports only the chunks they need and isolates failures:
// one broken block logs one console error (block id + JSON path), keeps its fallback content,
// and never stops the others.
import manifestFile from 'piazza:manifest';
import type { Manifest } from './manifest';
import type { AdminNote, ConfigProblem, RuntimeContext } from './types';

export interface Loader {
  mount(root?: ParentNode): Promise<void>;
  /** Takes the blocks under `root` (or `root` itself) back to their fallback content, running their cleanups. */
  unmount(root?: ParentNode): void;
  load<T>(entry: string): Promise<T>;
  /** Problems (or a note) as the admin reads them, in the page's admin language. */
  explain(what: ConfigProblem[] | AdminNote): Promise<string>;
}

/** A block element's mount: what it held before (its fallback, its class) and the cleanup its chunk returned. */
interface Mounted { fallback: Node[]; className: string | null; cleanup?: () => void }

export function createLoader(ctx: RuntimeContext): Loader {
  const mounted = new WeakMap<Element, Mounted>();
  let counter = 0;

  /** Asked for now, at boot, so it arrives while the page parses; a failed download is asked again by the next mount(). */
  let contents: Promise<Manifest> | undefined;
  const manifest = () => (contents ||= import(/* webpackIgnore: true */ ctx.base + 'chunks/' + manifestFile)
    .then((m: { default: Manifest }) => m.default, (e) => { contents = undefined; throw e; }));
  manifest().then((m) => m.warm(ctx), () => {}); // (a failure is reported by the mount that needs it)

  const load = <T>(entry: string): Promise<T> => manifest().then((m) => m.load<T>(entry, ctx.nonce));

  // The words are a lazy chunk: only a misconfigured page pays for them. Should it not arrive, the
  // codes still name every path.
  const explain = (what: ConfigProblem[] | AdminNote) => manifest().then((m) => m.explain(what, ctx.nonce)).catch(() => JSON.stringify(what));

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
    const named = (config as { blockId?: unknown } | null)?.blockId;
    if (typeof named === 'string' && named) blockId = named;
    element.setAttribute('data-piazza-state', 'loading');
    const current = () => mounted.get(element) === record;
    try {
      const build = await manifest().catch((e) => { throw Object.assign(e, { download: true }); });
      const cleanup = await build.mountBlock(element, config, { ...ctx, blockId, type }, current);
      if (cleanup) record.cleanup = cleanup;
      if (!current()) return void (cleanup && unmountBlock(element, record)); // unmounted meanwhile
      element.setAttribute('data-piazza-state', 'mounted');
      ctx.events.emit('block:mounted', { blockId, type, element });
    } catch (e: any) {
      if (e?.download) mounted.delete(element); // the manifest or the code did not arrive: a later piazza.mount() tries again
      else if (!current()) return; // unmounted meanwhile
      await (e?.note ? fail(e.note) : Array.isArray(e?.problems) ? fail(e.problems) : fail(e?.message || String(e), e));
    }
  }

  const blocksIn = (root: ParentNode) => {
    const found = [...root.querySelectorAll<HTMLElement>('[data-piazza-block]')];
    if ((root as Element).matches?.('[data-piazza-block]')) found.unshift(root as HTMLElement);
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
      const record: Mounted = { fallback: [...el.childNodes], className: el.getAttribute('class') };
      mounted.set(el, record);
      jobs.push(mountBlock(el, record));
    }
    const helpers = manifest().then((m) => m.mountHelpers(root, ctx), (e) => console.error('[piazza] helpers not loaded', e));
    await Promise.all([...jobs, helpers]);
  }

  return { mount, unmount, load, explain };
}
