// Built-in consent texts: English (the original's texts). Loaded on its own, only when the page needs it.
import type { Texts } from '../texts';

const texts: Texts = {
  barLabel: 'Cookie consent',
  barMainText: 'This website uses cookies to ensure you get the best experience on our website.',
  barLinkSetting: 'Cookie Settings',
  barBtnAcceptAll: 'Accept all cookies',
  barBtnRefuseAll: 'Refuse all cookies',
  barClose: 'Close and refuse all cookies',
  closeAriaLabel: 'Close',
  modalMainTitle: 'Cookie settings',
  modalMainText:
    "Cookies are small piece of data sent from a website and stored on the user's computer by the user's web browser while the user is browsing. Your browser stores each message in a small file, called cookie. When you request another page from the server, your browser sends the cookie back to the server. Cookies were designed to be a reliable mechanism for websites to remember information or to record the user's browsing activity.",
  modalBtnSave: 'Save current settings',
  modalBtnAcceptAll: 'Accept all cookies and close',
  modalBtnRefuseAll: 'Refuse all cookies and close',
  modalAffectedSolutions: 'Affected solutions:',
  learnMore: 'Learn More',
  on: 'On',
  off: 'Off',
  alwaysOn: 'Always active',
  embedText: 'This content is provided by {service}, which may set cookies. It is shown only if you allow “{category}”.',
  embedAllow: 'Allow and show',
};
export default texts;
