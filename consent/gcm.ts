// Google Consent Mode v2 bridge (opt-in through `googleConsentMode`: GCM type → category).
// `default` is sent synchronously from piazza.js, before any Google tag, from the stored choice;
// `update` follows every change. The cookie keeps its shape: the signals derive from categories.
import { categoryBlocked } from './rules';
import type { ConsentConfig } from './types';
import { GCM_TYPES } from './values';

export type GcmState = Record<string, 'granted' | 'denied'>;

/** Every one of the 7 types: granted when its category is allowed now, denied otherwise (also when unmapped). */
export function gcmState(config: ConsentConfig): GcmState {
  const map = config.googleConsentMode || {};
  const state: GcmState = {};
  for (const type of GCM_TYPES) state[type] = map[type] && !categoryBlocked(config, map[type]!) ? 'granted' : 'denied';
  return state;
}

export function gcmSignal(config: ConsentConfig, kind: 'default' | 'update'): void {
  if (!config.googleConsentMode) return;
  const w = window as any;
  const layer = (w.dataLayer = w.dataLayer || []);
  // What gtag() does: push the Arguments object itself (GTM tells commands from events by that).
  (
    (function () {
      layer.push(arguments);
    }) as (...args: unknown[]) => void
  )('consent', kind, gcmState(config));
}
