// The block kit: what every block does the same way, so that a block's index.ts is its wiring only.
//
// ─── How a block plugs in ─────────────────────────────────────────────────────────────────────────
// 1. Its config schema, `schemas/<type>.schema.json` (JSON Schema draft-07; keys of the old jQuery
//    plugins marked `"deprecated": true` with `description` and `x-description-it`), then `npm run
//    gen`: schemas/generated/<type>.validate.js (standalone validator, no eval), .legacy.js, .d.ts.
// 2. One line in blocks/registry.json: `"<type>": { "budgets": [...] }`. The build's entries, the
//    loader's manifest (`data-piazza-block="<type>"`), the configurator (a type to choose, its form
//    from the schema's titles and help: configurator/blocks.ts fromSchema), `npm run validate`,
//    the typings (`BlockConfigs['<type>']`) and the size budgets read it: nothing else outside the
//    block's folder changes.
// 3. Its folder, `blocks/<type>/`: index.ts exporting
//      export const mount = defineBlock<Config>({ type, validate, legacy, css, catalog, setup(scope) { … } });
//    `setup` gets a scope with the validated config (defaults filled in), its i18n (`catalog`, the
//    config's `locale` and `i18n` overrides), its admin logger (`scope.log`, ctx.log: `[piazza] <type>
//    block "<id>": ` then a line given in both languages, `log.warn({ it, en })`, printed in the
//    admin's), a polite announcer, a host element (in place of the fallback content from the first
//    `render`, or the end of setup; the JSON config kept with `keepConfig`) and `render(vnode)` into
//    it (the block's ctx carries the logger too); a setup may await (let the page run) before it renders;
//    everything it starts it hands to `scope.add(dispose)`; `scope.shown()` once its first content
//    (results, rows, or what failed in their place) is on screen (`block:shown`).
//    The kit checks the config (a ConfigError names the JSON path; the loader prints it and keeps the
//    fallback), reports the legacy settings once, injects the stylesheet with the page nonce, and on
//    unmount (or a setup that throws) runs the disposers in reverse order, unrenders, removes the
//    announcer and releases the stylesheet.
//    Optional: early.ts (`early(element, config, ctx)`: first requests while the code downloads),
//    openpa.ts (`fromOpenpa`, `relocate`: an eZ form → the config) and public.ts, found by name.
//    public.ts is the block's contract to tools: the one file of the folder that the configurator
//    and `npm run validate` import (the page never loads it), re-exporting what they use —
//    `loadOpenpaMapping()` (the eZ mapping, loaded on first use), `isPluginSettings` and
//    `fromPluginSettings` (a jQuery plugin's settings the block also mounts), and what the
//    configurator's words for the block need. The rest of the folder may change shape freely.
// 4. Controllers: a controller is the store a view reads and what drives it (requests, URL,
//    announcements), no DOM, no Preact; index.ts creates it and disposes of it, views only read it
//    and call its actions. Its file is named `<thing>.controller.ts` after what it drives, beside it:
//    listing/list.controller.ts, tabs.controller.ts, facet-counts.controller.ts, a lazy tab's
//    listing/geo/geo.controller.ts, datatable/table.controller.ts (its test: <thing>.controller.test.ts).
//    A results store with `resultStore()` (runtime/block/result-store.ts); URL state with
//    `urlCodec(prefix, keys)` next to the state and `scope.url({…})`.
// Imports (biome.json fails the lint otherwise, test/unit/kit/import-graph.test.ts the unit tests):
// a block imports runtime/ (this kit, http, i18n, dom…) and its own folder, never another block's
// files; configurator/ and scripts/ import a block's public.ts only; runtime/ imports no block; no
// import circle.
// ──────────────────────────────────────────────────────────────────────────────────────────────────
import { type ComponentChild, render } from 'preact';
import type { ValidateFunction } from 'ajv';
import { checkConfig, ConfigError, ignoredNote, legacyNotes, type LegacyNote } from '../config';
import { createAnnouncer, injectStyle } from '../dom';
import { mark } from '../timeline';
import { createI18n, type Catalog, type I18n, type Messages } from '../i18n';
import { adminLog, linePrefix, type AdminLog } from '../log';
import type { Announce, BlockContext, ConfigProblem, MountContext } from '../types';
import { urlState, type UrlState, type UrlStateOptions } from './url-state';

/** What every block config may carry, read by the kit. */
interface KitConfig {
  locale?: string;
  i18n?: Messages;
}

export interface BlockScope<C> {
  element: HTMLElement;
  /** The validated config, defaults filled in. */
  config: C;
  ctx: BlockContext;
  i18n: I18n;
  log: AdminLog;
  /** The element the block renders into (after the kept JSON config script). */
  host: HTMLElement;
  /** A polite message for screen readers (debounced: a burst says only the last). */
  announce: Announce;
  /** Renders into the host; unrendered on unmount. */
  render(vnode: ComponentChild): void;
  /** Runs `dispose` on unmount (in reverse order of adding). */
  add(dispose: () => void): void;
  /** The block's state in the page URL (runtime/block/url-state.ts), disposed on unmount. */
  url<S extends object>(o: UrlStateOptions<S>): UrlState<S>;
  /**
   * Its first content is on screen (its first results or rows, or the message of what failed in
   * their place): `block:shown`, once per mount. What waits for the page's own content waits for it
   * (the consent bar: runtime/loader.ts firstContent, for a block whose early step says so).
   */
  shown(): void;
}

export interface BlockDefinition<C> {
  /** The generated standalone validator of schemas/<type>.schema.json. */
  validate: ValidateFunction;
  /** Its legacy keys (schemas/generated/<type>.legacy.js): accepted, reported once each. */
  legacy?: Record<string, LegacyNote['note']>;
  /**
   * Another shape the config may come in (the old jQuery plugin's settings): mapped before the check
   * (in a chunk of its own), what has no equivalent reported like a legacy setting; null: as it is.
   */
  adapt?(raw: unknown): Promise<{ config: unknown; ignored: LegacyNote[] }> | null;
  /** What the schema cannot say (problems with their JSON path). */
  check?(config: C): ConfigProblem[];
  /** The block's stylesheet (`import css from './style.css'`), injected once with the page nonce. */
  css?: string;
  /** The block's texts; without one, `scope.i18n` has none. */
  catalog?: Catalog;
  /** The host's class; `hostOf` gives the element instead (a class on the block element itself). */
  hostClass?: string;
  /** Keeps the JSON config script in the element (the fallback content is replaced either way). */
  keepConfig?: boolean;
  /** The block element's own class while mounted (the loader gives the element its class back). */
  elementClass?: string;
  setup(scope: BlockScope<C>): void | Promise<void>;
}

/** The block's `mount` for the loader (runtime/types.ts BlockModule). */
export function defineBlock<C extends object>(d: BlockDefinition<C>) {
  return async function mount(element: HTMLElement, raw: unknown, loaderCtx: MountContext): Promise<() => void> {
    const ctx: BlockContext = { ...loaderCtx, log: adminLog(linePrefix(loaderCtx.type, loaderCtx.blockId), loaderCtx.explain) };
    const adapted = d.adapt?.(raw);
    const { config: given, ignored } = adapted ? await adapted : { config: raw, ignored: [] };
    const config = checkConfig<C & KitConfig>(d.validate, given);
    const problems = d.check?.(config) || [];
    if (problems.length) throw new ConfigError(problems);
    for (const n of [...ignored, ...legacyNotes(given, d.legacy || {})]) ctx.log.warn(ignoredNote(n));

    const disposers: Array<() => void> = [];
    const releaseStyle = d.css ? injectStyle(ctx.type, d.css, ctx.nonce) : () => {};
    if (d.elementClass) element.classList.add(d.elementClass);
    const host = document.createElement('div');
    if (d.hostClass) host.className = d.hostClass;
    const script = d.keepConfig && element.querySelector(':scope > script[type="application/json"]');
    const announcer = createAnnouncer(); // placed with the host, at the first render
    // The fallback stays until the block's first render (a setup may let the page run before it:
    // no frame shows the block empty); the config script too when asked (readable by tools and by
    // the block's early chunk).
    let placed = false;
    const show = () => {
      if (!placed) element.replaceChildren(...(script ? [script] : []), host, announcer.element);
      placed = true;
    };
    let told = false;
    const cleanup = () => {
      render(null, host); // the views first: their effects may still talk to the controllers
      for (const dispose of disposers.splice(0).reverse()) dispose();
      announcer.destroy();
      releaseStyle();
    };
    const scope: BlockScope<C> = {
      element,
      config,
      ctx,
      host,
      i18n: createI18n(d.catalog || { it: {} }, config.locale, config.i18n),
      log: ctx.log,
      announce: announcer.say,
      render(vnode) {
        show();
        render(vnode, host);
      },
      add: (dispose) => void disposers.push(dispose),
      url(o) {
        const url = urlState(o);
        disposers.push(url.dispose);
        return url;
      },
      shown() {
        if (!told) ctx.events.emit('block:shown', { blockId: ctx.blockId, type: ctx.type, element });
        told = true;
      },
    };
    try {
      await d.setup(scope);
    } catch (e) {
      cleanup();
      throw e;
    }
    show();
    mark('piazza-mounted', ctx.blockId);
    return cleanup;
  };
}
