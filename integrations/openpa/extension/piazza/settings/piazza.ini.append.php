<?php /* #?ini charset="utf-8"?

# Settings read by the piazza templates of this extension (docs/openpa.md).

[Assets]
# Folder of piazza.js and its chunks/, under design/piazza/javascript/ of this extension
# (eZ's rewrite rules serve only javascript/, stylesheets/, images/… folders of a design).
Folder=piazza
# The sha384 of this release's piazza.js (integrity.json or install.html of the release): the
# browser then refuses a piazza.js that is not byte for byte the one released. Update it with
# every new release; empty: no integrity check.
Integrity=

[Messages]
# Language of the console messages for site admins (config problems): empty for Italian, "en"
# for English.
Language=

[CSP]
# With a Content-Security-Policy that uses a nonce: the text your web server replaces with each
# response's nonce (e.g. nginx sub_filter, docs/openpa.md). Empty: no nonce attribute.
NoncePlaceholder=

[Map]
# Tiles of the listing block's map tab. Empty: piazza's default (OpenStreetMap's servers).
# A site-relative URL (/tiles/{z}/{x}/{y}.png) keeps visitors' requests on the portal.
TileUrl=
Attribution=
AttributionUrl=
# A consent service (key of the page's consent config) that must be accepted before any
# third-party tile is requested; empty: no consent asked for the tiles.
ConsentService=

[Preload]
# The release's chunk files each page or block needs, for <link rel="modulepreload"> (head.tpl,
# the block templates): they download while the theme's CSS is parsed. Written by
# `npm run openpa:preloads -- --dist <release>/dist --ini <this file>` (scripts/preloads.mjs,
# from dist/chunks/manifest.json) at each release; nothing here: no preload, piazza still works.
# @preloads-begin
# @preloads-end

*/ ?>
