// The consent config the eZ extension's piazza/consent.tpl prints on an OpenPA theme portal
// (bootstrapitalia2/2110 with Seo.CookieConsentMultimedia=enabled, Google Analytics and Web
// Analytics Italia configured), trimmed of its texts; and orestbida's run() config of the theme's
// footer/advanced_cookie_consent.tpl, callbacks left out. test/unit/openpa/consent-templates.test.ts
// checks the first against the real engine's output.
import { loaded } from './fixtures';

export const themeConfig = (): Record<string, any> => ({
  barTimeout: 0,
  categories: { necessary: { needed: true }, analytics: {}, marketing: {} },
  services: {
    multimedia: { category: 'marketing', type: 'wrapped', search: 'multimedia' },
    google: { category: 'analytics', type: 'script-tag', search: 'google', cookies: [{ name: { pattern: '^_ga' } }] },
    matomo: { category: 'analytics', type: 'script-tag', search: 'matomo', cookies: [{ name: { pattern: '^_pk_' } }] },
  },
  multimedia: 'multimedia',
  carryOver: { cookie: 'cc_cookie' },
});

export const loadedTheme = (edit: (c: Record<string, any>) => void = () => {}) => {
  const raw = themeConfig();
  edit(raw);
  return loaded(raw);
};

/** orestbida's run() config of the themes (footer/advanced_cookie_consent.tpl), as far as the cookie goes. */
export const orestbidaRun = (extra: Record<string, unknown> = {}) => ({
  categories: { necessary: { readOnly: true }, analytics: {}, marketing: { services: { multimedia: {} } } },
  language: { default: 'it', translations: { it: { consentModal: {}, preferencesModal: { sections: [] } } } },
  ...extra,
});
