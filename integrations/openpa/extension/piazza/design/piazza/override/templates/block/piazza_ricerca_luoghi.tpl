{* piazza: the places search block (RicercaLuoghi) as a piazza listing block: map first, then the
   list, a search box and a filter on the tree of `root_tag`. The attributes go to piazza as they
   are (piazza/block_form.tpl) with what only the server knows: the tree, and the id of the public
   privacy state the query keeps (privacy_states()); piazza reads them with the theme's meaning
   (blocks/listing/model/openpa.ts). No ezscript_require: the jQuery plugin, Leaflet and jsrender
   are not loaded for this block. docs/openpa.md, "Blocks". *}
{def $piazza_roots = cond($block.custom_attributes.root_tag, hash('root_tag', $block.custom_attributes.root_tag), hash())}
{include uri='design:piazza/preload.tpl' entries=array('listing-openpa', 'listing-early', 'listing')}
{include uri='design:parts/block_name.tpl'}
<div data-piazza-block="listing" id="remote-gui-{$block.id}" class="place-search-block">{include uri='design:piazza/block_form.tpl' block=$block tag_roots=$piazza_roots context=hash('publicState', privacy_states()['privacy.public'].id)}</div>
{undef $piazza_roots}
