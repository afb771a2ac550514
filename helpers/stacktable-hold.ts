// The stacked tables before the first paint (issue 31, layout shift). piazza's eZ head template
// prints this entry as `<script type="module" blocking="render">` in <head> on a page whose rich
// text has a stacked table (piazza_table_stacked.tpl tells it through the view's persistent
// variable): a deferred module runs once the parser is done and the page's stylesheets are in, and
// `blocking="render"` holds the first paint until it has run — so the visitor's first frame has the
// tables as they stay, and nothing below them moves. Engines without `blocking` (Firefox, Safari)
// run it before DOMContentLoaded all the same. The helper is the same module piazza.js's manifest
// mounts (one chunk, one instance): that later mount finds the tables handled and only checks them.
import { mount } from './stacktable';

/** The nonce of this script's own element (a module has no document.currentScript). */
const nonce = Array.from(document.scripts).find((s) => s.src === import.meta.url)?.nonce || '';
mount(document, { nonce });
