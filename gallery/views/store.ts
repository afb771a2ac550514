// One lightbox session's store: the pure session state plus what the views share (items, texts,
// the fslightbox adapter, consent for external video). Components read it with useStore.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { proxy } from '../../runtime/block/store';
import { useStore } from '../../runtime/block/use-store';
import type { I18n } from '../../runtime/i18n';
import type { RuntimeContext } from '../../runtime/types';
import type { ExternalService, GalleryItem } from '../model/items';
import { initial, reduce, type Action, type GalleryOptions, type SessionState } from '../model/session';
import type { Lightbox } from './fslightbox-adapter';

/** External video the visitor allowed with the placeholder's button: for this page view only. */
const allowedThisView = new Set<ExternalService>();

/**
 * The consent names that govern a video service, most specific first: a service of its own, else
 * OpenPA's `multimedia` service/category (the portal's config for embedded video).
 */
const CONSENT_NAMES: Record<ExternalService, string[]> = { youtube: ['youtube', 'multimedia'], vimeo: ['vimeo', 'multimedia'] };

/**
 * External video runs only after a stored choice that allows the service (or the multimedia
 * category), or after the visitor's click on the placeholder. No consent config, no choice yet, or
 * a config that does not mention video: not allowed (a name consent does not know is otherwise
 * "not governed", which would let a video host in silently).
 */
export function consentAllows(service: ExternalService, ctx: RuntimeContext): boolean {
  const consent = ctx.consent;
  if (!consent || !consent.get()) return false;
  const name = CONSENT_NAMES[service].find((n) => consent.knows(n));
  return !!name && consent.allows(name);
}

/** The site's preferences dialog is worth offering when it has a choice for this video. */
export const hasConsentSettings = (service: ExternalService, ctx: RuntimeContext) =>
  CONSENT_NAMES[service].some((n) => ctx.consent?.knows(n));

export interface GalleryState {
  session: SessionState;
  /** Bumped when consent or a page-view allowance changes. */
  consent: number;
  errors: number[];
}

export interface GalleryStore {
  /** What the views re-render on: a valtio store, changed only through the methods below. */
  state: GalleryState;
  items: GalleryItem[];
  options: GalleryOptions;
  ctx: RuntimeContext;
  i18n: I18n;
  lightbox: Lightbox | null;
  dispatch(action: Action): void;
  allowed(service: ExternalService): boolean;
  allowForPageView(service: ExternalService): void;
  markError(index: number): void;
  destroy(): void;
}

export function createStore(items: GalleryItem[], index: number, options: GalleryOptions, ctx: RuntimeContext, i18n: I18n): GalleryStore {
  const state = proxy<GalleryState>({ session: initial(items.length, index, options), consent: 0, errors: [] });
  const off = ctx.events.on('consent:change', () => {
    state.consent++;
  });
  return {
    state,
    items,
    options,
    ctx,
    i18n,
    lightbox: null,
    dispatch(action) {
      // The session is the pure model's: replaced by the reducer's answer, only when that is a new one.
      const session = reduce(state.session, action);
      if (session !== state.session) state.session = session;
    },
    allowed: (service) => allowedThisView.has(service) || consentAllows(service, ctx),
    allowForPageView(service) {
      allowedThisView.add(service);
      state.consent++;
    },
    markError(i) {
      if (!state.errors.includes(i)) state.errors.push(i);
    },
    destroy: off,
  };
}

export const StoreContext = createContext<GalleryStore | null>(null);

/** The session's store and its current snapshot (re-rendering the component when it changes). */
export function useGallery(): [GalleryStore, GalleryState] {
  const store = useContext(StoreContext)!;
  return [store, useStore(store.state)];
}

/** For tests: forget page-view allowances. */
export const resetPageViewAllowances = () => allowedThisView.clear();
