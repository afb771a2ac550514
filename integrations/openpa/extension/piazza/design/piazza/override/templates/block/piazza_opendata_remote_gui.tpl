{* piazza: the listing block — OpendataRemoteContents (views default and horizontal) and
   OpendataQueriedContents — as a piazza listing block. The theme's block attributes go to piazza
   as they are (piazza/block_form.tpl); piazza reads them with the theme's meaning (blocks/listing/
   model/openpa.ts). No ezscript_require: the jQuery plugin, Leaflet, jsrender and EventCalendar are
   not loaded for this block. Picked by override.ini.append.php of this extension on every theme.
   docs/openpa.md, "Blocks". *}
{set_defaults( hash(
  'wrapper_class', 'py-5 position-relative',
  'container_class', 'container'
))}
{def $piazza_attributes = $block.custom_attributes}
{* Shown as the theme shows it: with a list, a map, or a calendar (a time_interval facet). *}
{if or(cond(is_set($piazza_attributes.show_grid), $piazza_attributes.show_grid, true()),
       cond(is_set($piazza_attributes.show_map), $piazza_attributes.show_map, false()),
       and(is_set($piazza_attributes.facets), $piazza_attributes.facets|contains('time_interval')))}
{def $piazza_remote = cond(is_set($piazza_attributes.remote_url), $piazza_attributes.remote_url|trim('/'), '')}
{include uri='design:piazza/preload.tpl' entries=array('listing-openpa', 'listing-early', 'listing')}
<div class="{$wrapper_class} remote-gui-wrapper">
  <div class="{$container_class}">
    {include uri='design:parts/block_name.tpl'}
    <div data-piazza-block="listing" id="remote-gui-{$block.id}">{include uri='design:piazza/block_form.tpl' block=$block}
      {if $piazza_remote|ne('')}<p><a href="{$piazza_remote|wash()}">{'View all'|i18n('bootstrapitalia')}</a></p>{/if}
    </div>
    {if and(is_set($piazza_attributes.show_all_link), $piazza_attributes.show_all_link|eq(1))}
    <div class="row mt-lg-2">
      <div class="col-12 col-lg-3 offset-lg-9">
        <a class="btn btn-primary text-button w-100" href="{$piazza_remote|wash()}">{if and(is_set($piazza_attributes.show_all_text), $piazza_attributes.show_all_text|ne(''))}{$piazza_attributes.show_all_text|wash()}{else}{'View all'|i18n('bootstrapitalia')}{/if}</a>
      </div>
    </div>
    {/if}
  </div>
</div>
{undef $piazza_remote}
{/if}
{undef $piazza_attributes}
{unset_defaults( array('wrapper_class', 'container_class'))}
