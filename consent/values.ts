// What some keys of a consent config may be: shared by sanitise() (config.ts, in piazza.js) and the
// check that names the problems (check.ts, a lazy chunk). Nothing of the UI chunk needs them, so
// they stay out of it.

export const SERVICE_TYPES = ['script-tag', 'dynamic-script', 'wrapped', 'localcookie'];
/** A CSS colour without anything that could end the declaration (the theme goes into a stylesheet). */
export const COLOUR = /^(#[\da-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/+-]+\)|[a-z]+)$/i;
/** Relative, or http(s): never javascript: and friends. */
export const LINK = /^(https?:|(?![a-z][a-z\d+.-]*:))/i;

export const GCM_TYPES = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export function toRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}
