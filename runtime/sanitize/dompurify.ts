// The sanitiser where the browser has none of its own (Safari, older Chromium and Firefox):
// DOMPurify, a chunk fetched only there. runtime/sanitize.ts holds the policy and the steps both
// sanitisers share.
import DOMPurify from 'dompurify';
import type { Clean, Policy } from './types';

/**
 * One DOMPurify, its configuration set once: `sanitize(html, config)` reads and copies the whole
 * configuration at every call (a third of its time on a listing's six cards, in the search's CPU
 * profile, issue 31). It returns nodes, never HTML text: what it cleaned is what goes in the page,
 * with no serialise-and-parse-again between (the way mutation XSS slips through).
 */
export function dompurifySanitizer(policy: Policy): Clean {
  const purifier = DOMPurify(window);
  purifier.setConfig({
    ADD_TAGS: ['use'],
    ADD_ATTR: ['target', 'focusable'], // (the theme's icons say focusable="false"; the native sanitiser keeps it)
    FORBID_TAGS: [...policy.elements],
    FORBID_ATTR: [...policy.attributes],
    RETURN_DOM_FRAGMENT: true,
  });
  return (html) => purifier.sanitize(html) as unknown as DocumentFragment;
}
