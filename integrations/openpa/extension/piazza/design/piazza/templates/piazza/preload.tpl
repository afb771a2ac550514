{* piazza: <link rel="modulepreload"> for the chunks of `entries` (manifest, listing, datatable…),
   so that they download while the theme's CSS is parsed instead of after piazza.js asked for them.
   The file names are piazza.ini [Preload] (written by `npm run openpa:preloads`, scripts/preloads.mjs, from the release's
   dist/chunks/manifest.json); none there, nothing written. A file named twice
   is fetched once (the browser's module map). *}
{foreach $entries as $piazza_entry}
  {if ezini_hasvariable('Preload', $piazza_entry, 'piazza.ini')}
    {foreach ezini('Preload', $piazza_entry, 'piazza.ini') as $piazza_file}
<link rel="modulepreload" href={concat('javascript/', ezini('Assets', 'Folder', 'piazza.ini'), '/', $piazza_file)|ezdesign()}{if ezini('CSP', 'NoncePlaceholder', 'piazza.ini')|ne('')} nonce="{ezini('CSP', 'NoncePlaceholder', 'piazza.ini')|wash()}"{/if}>
    {/foreach}
  {/if}
{/foreach}
