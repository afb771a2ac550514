// The build's table of contents, a lazy module of its own (chunks/manifest-[hash].js) that piazza.js
// starts fetching at boot, while the page is still parsing: piazza.js holds only its file name, so
// its size does not grow with each block or helper added.
import files from 'piazza:files';

/** Page helpers: the portal's existing markup → the chunk that handles it. */
const helpers: Array<[selector: string, entry: string]> = [
  ['table.responsive-stack,table.responsive-card,table.responsive-column', 'helper-stacktable'],
  ['.table-procedure-wrapper', 'helper-procedure'],
  ['[data-bs-toggle=masonry] .card-text .collapse', 'helper-masonry'],
  ['[data-shared_link][data-shared_link_view]', 'helper-sharedlink'], // an <a>, or a card <div href> in some templates
  ['[data-gallery]', 'helper-gallery'],
];

export interface Manifest {
  /** entry name → [entry file, ...files it imports], relative to dist/chunks/ */
  files: Record<string, string[]>;
  helpers: typeof helpers;
}

export default { files, helpers } satisfies Manifest;
