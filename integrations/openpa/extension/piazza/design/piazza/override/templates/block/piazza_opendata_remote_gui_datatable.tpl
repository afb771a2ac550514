{* piazza: the data-table block (OpendataRemoteContents, view datatable) as a piazza datatable
   block. The theme's block attributes go to piazza as they are (piazza/block_form.tpl); piazza
   reads them with the theme's meaning (blocks/datatable/model/openpa.ts). No jQuery, DataTables or
   Chosen needed for this block. Picked by override.ini.append.php of this extension on every
   theme. docs/openpa.md, "Blocks". *}
{set_defaults( hash(
  'wrapper_class', 'py-5 position-relative',
  'container_class', 'container'
))}
{def $piazza_attributes = $block.custom_attributes
     $piazza_remote = cond(is_set($piazza_attributes.remote_url), $piazza_attributes.remote_url|trim('/'), '')}
{include uri='design:piazza/preload.tpl' entries=array('datatable-openpa', 'datatable')}
<div class="{$wrapper_class}">
  <div class="{$container_class}">
    {include uri='design:parts/block_name.tpl' no_margin=true()}
    <div data-piazza-block="datatable" id="remote-datatable-{$block.id}">{include uri='design:piazza/block_form.tpl' block=$block}
      {if $piazza_remote|ne('')}<p><a href="{$piazza_remote|wash()}">{'View all'|i18n('bootstrapitalia')}</a></p>{/if}
    </div>
  </div>
</div>
{if and(is_set($piazza_attributes.show_all_link), $piazza_attributes.show_all_link|eq(1))}
<div class="row mt-2">
  <div class="col text-center">
    <a class="btn btn-primary" href="{$piazza_remote|wash()}">{if and(is_set($piazza_attributes.show_all_text), $piazza_attributes.show_all_text|ne(''))}{$piazza_attributes.show_all_text|wash()}{else}{'View all'|i18n('bootstrapitalia')}{/if}</a>
  </div>
</div>
{/if}
{undef $piazza_attributes $piazza_remote}
{unset_defaults( array('wrapper_class', 'container_class'))}
