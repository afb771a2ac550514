// The configurator's module (fixtures/pages/configuratore.html; its own build, dist/configurator/):
// the page's no-JavaScript text replaced by the app (app.tsx). piazza.js on the page draws nothing:
// the preview's block runs in its own frame, on a page of the portal.
import { render } from 'preact';
import { App } from './app';

const root = document.getElementById('configuratore');
if (root) {
  root.replaceChildren();
  render(<App />, root);
}
