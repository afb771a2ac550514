// A consent config shaped like the portal's (page_notifications.tpl): necessary / analytics /
// multimedia, plus a localcookie service. Each call returns a fresh object.
import { configFrom, defaults, sanitise } from '../../../consent/config';
import type { ConsentConfig } from '../../../consent/types';

export const portalConfig = (): Record<string, any> => ({
  cookieVersion: 1,
  categories: {
    necessary: {
      needed: true,
      wanted: true,
      checked: true,
      language: { locale: { en: { name: 'Necessary', description: 'Needed by the site.' } } },
    },
    analytics: {
      needed: false,
      wanted: false,
      checked: false,
      language: { locale: { en: { name: 'Analytics', description: 'Statistics.' } } },
    },
    multimedia: {
      needed: false,
      wanted: false,
      checked: false,
      language: { locale: { en: { name: 'Multimedia', description: 'Videos.' } } },
    },
  },
  services: {
    google: {
      category: 'analytics',
      type: 'dynamic-script',
      search: ['googletagmanager.com', 'google-analytics.com'],
      cookies: [{ name: '_gid' }, { name: { pattern: '^_ga' } }, { name: '_gat', domain: '.comune.test' }],
      language: { locale: { en: { name: 'Google Analytics' } } },
    },
    piwik: { category: 'analytics', type: 'localcookie', search: '_pk_', cookies: [{ name: { pattern: '^_pk_' } }] },
    multimedia: { category: 'multimedia', type: 'wrapped', search: 'wrapped', language: { locale: { en: { name: 'YouTube, Vimeo' } } } },
  },
});

/** The config as the core holds it after the check and the merge. */
export function loaded(raw: Record<string, any> = portalConfig()): ConsentConfig {
  sanitise(raw);
  return configFrom(defaults(), raw);
}
