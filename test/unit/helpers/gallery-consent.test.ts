import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../runtime/events';
import { adminNotes } from '../../../runtime/log';
import type { ConsentApi, ConsentChoice, RuntimeContext } from '../../../runtime/types';
import { consentAllows, hasConsentSettings } from '../../../gallery/views/store';

/** A consent core as the runtime exposes it: `allows` and `knows` by service key, search value or category. */
function ctxWith(
  config: { services: Record<string, { category: string; search?: string }>; categories: Record<string, { wanted: boolean }> } | null,
  chosen: boolean,
): RuntimeContext {
  const choice: ConsentChoice | null =
    config && chosen ? { version: 1, categories: config.categories, services: Object.keys(config.services) } : null;
  const consent: ConsentApi = {
    open() {},
    get: () => choice,
    allows(name) {
      if (!config) return true; // no config: nothing is governed
      for (const [key, s] of Object.entries(config.services))
        if ((key === name || s.search === name) && !config.categories[s.category]?.wanted) return false;
      return !(name in config.categories) || config.categories[name].wanted;
    },
    knows: (name) =>
      !!config && (name in config.categories || Object.entries(config.services).some(([key, s]) => key === name || s.search === name)),
  };
  return {
    version: 't',
    nonce: '',
    base: '/',
    events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
    explain: async () => '',
    consent,
  };
}

describe('gallery: consent for external video', () => {
  const openpa = (multimedia: boolean) => ({
    categories: { necessary: { wanted: true }, multimedia: { wanted: multimedia } },
    services: { multimedia: { category: 'multimedia', search: 'wrapped' } },
  });

  it('is never given without a consent core, a config or a stored choice', () => {
    expect(
      consentAllows('youtube', {
        version: 't',
        nonce: '',
        base: '/',
        events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
        explain: async () => '',
      }),
    ).toBe(false);
    expect(consentAllows('youtube', ctxWith(null, false))).toBe(false);
    expect(consentAllows('youtube', ctxWith(openpa(true), false))).toBe(false);
  });

  it("follows OpenPA's multimedia service when the config has no service of the video's own", () => {
    expect(consentAllows('youtube', ctxWith(openpa(true), true))).toBe(true);
    expect(consentAllows('vimeo', ctxWith(openpa(true), true))).toBe(true);
    expect(consentAllows('youtube', ctxWith(openpa(false), true))).toBe(false);
  });

  it("prefers the video's own service, and refuses a config that does not mention video at all", () => {
    const own = {
      categories: { necessary: { wanted: true }, video: { wanted: false }, multimedia: { wanted: true } },
      services: { youtube: { category: 'video' }, multimedia: { category: 'multimedia' } },
    };
    expect(consentAllows('youtube', ctxWith(own, true))).toBe(false);
    expect(consentAllows('vimeo', ctxWith(own, true))).toBe(true);
    const silent = {
      categories: { necessary: { wanted: true }, analytics: { wanted: true } },
      services: { wai: { category: 'analytics' } },
    };
    expect(consentAllows('youtube', ctxWith(silent, true))).toBe(false);
  });

  it("offers the site's preferences only when they hold a choice for the video", () => {
    expect(hasConsentSettings('youtube', ctxWith(openpa(false), false))).toBe(true);
    const silent = {
      categories: { necessary: { wanted: true }, analytics: { wanted: true } },
      services: { wai: { category: 'analytics' } },
    };
    expect(hasConsentSettings('youtube', ctxWith(silent, true))).toBe(false);
    expect(hasConsentSettings('vimeo', ctxWith(null, false))).toBe(false);
    expect(
      hasConsentSettings('vimeo', {
        version: 't',
        nonce: '',
        base: '/',
        events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
        explain: async () => '',
      }),
    ).toBe(false);
  });
});
