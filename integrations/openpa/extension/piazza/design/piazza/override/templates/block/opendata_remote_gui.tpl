{* piazza: the listing block (opendata_remote_gui) as a piazza listing block.
   Same block attributes as the theme's template (show_grid, show_map, show_search, facets, query,
   limit, items_per_row, fields, remote_url, hide_if_empty, view_api, query_builder,
   input_search_placeholder, show_all_link, show_all_text); they become the block's JSON config, so
   nothing changes for editors. Not carried over: `template` (a jsrender template: piazza shows the
   hit's server-rendered view instead) and `simple_geo_api` (piazza picks its own endpoint).
   No ezscript_require: the jQuery plugin, Leaflet, jsrender and EventCalendar are not loaded for
   this block any more. docs/openpa.md, "Blocks". *}
{set_defaults( hash(
  'wrapper_class', 'py-5 position-relative',
  'container_class', 'container'
))}
{def $attributes = $block.custom_attributes
     $show_grid = cond(is_set($attributes.show_grid), $attributes.show_grid, true())
     $show_map = cond(is_set($attributes.show_map), $attributes.show_map, false())
     $facet_list = cond(and(is_set($attributes.facets), $attributes.facets|ne('')), $attributes.facets|explode(','), array())
     $remote_url = cond(and(is_set($attributes.remote_url), $attributes.remote_url|ne('')), $attributes.remote_url|trim('/'), '')
     $tabs = array()
     $facets = array()
     $time_intervals = false()
     $published_range = false()
     $query_builder = cond($block.type|eq('OpendataQueriedContents'), 'server', 'browser')
     $map_settings = hash()
     $config = false()}

{* Facets as the theme writes them, "Label:field", "Label:field:tree", "Label:time_interval",
   "Label:published_range"; a tag tree becomes the facet's options, in the tree's order. *}
{foreach $facet_list as $facet}
  {def $parts = $facet|explode(':')}
  {if is_set($parts[1])}
    {if $parts[1]|eq('time_interval')}
      {set $time_intervals = true()}
    {elseif $parts[1]|eq('published_range')}
      {set $published_range = true()}
    {else}
      {def $tag_root = false()}
      {if and(is_set($parts[2]), $parts[2]|eq('tree'))}
        {set $tag_root = tag_root_from_attribute_identifier($parts[1])}
      {/if}
      {if $tag_root}
        {def $tree = api_tagtree($tag_root)
             $options = array()}
        {foreach $tree.children as $tag}
          {set $options = $options|append(hash('value', concat('', $tag.id), 'label', $tag.keyword, 'depth', 0))}
          {foreach $tag.children as $child}
            {set $options = $options|append(hash('value', concat('', $child.id), 'label', $child.keyword, 'depth', 1))}
            {foreach $child.children as $grandchild}
              {set $options = $options|append(hash('value', concat('', $grandchild.id), 'label', $grandchild.keyword, 'depth', 2))}
              {foreach $grandchild.children as $leaf}
                {set $options = $options|append(hash('value', concat('', $leaf.id), 'label', $leaf.keyword, 'depth', 3))}
              {/foreach}
            {/foreach}
          {/foreach}
        {/foreach}
        {set $facets = $facets|append(hash('field', concat('raw[subattr_', $parts[1], '___tag_ids____si]'), 'label', $parts[0], 'options', $options))}
        {undef $tree $options}
      {else}
        {set $facets = $facets|append(hash('field', $parts[1], 'label', $parts[0]))}
      {/if}
      {undef $tag_root}
    {/if}
  {/if}
  {undef $parts}
{/foreach}

{* The theme shows the agenda when a facet is the time interval, and the tabs in this order. *}
{if $show_grid}{set $tabs = $tabs|append('list')}{/if}
{if $show_map}{set $tabs = $tabs|append('geo')}{/if}
{if $time_intervals}{set $tabs = $tabs|append('agenda')}{/if}

{if and(is_set($attributes.query_builder), $attributes.query_builder|ne(''))}
  {set $query_builder = $attributes.query_builder}
{/if}

{set $config = hash(
  'blockId', $block.id,
  'queryBuilder', $query_builder,
  'remoteUrl', $remote_url,
  'localAccessPrefix', '/'|ezurl(no),
  'query', cond(is_set($attributes.query), $attributes.query, ''),
  'view', cond(and(is_set($attributes.view_api), $attributes.view_api|ne('')), $attributes.view_api, 'card_teaser'),
  'locale', ezini('RegionalSettings', 'Locale'),
  'hideIfEmpty', cond(and(is_set($attributes.hide_if_empty), $attributes.hide_if_empty|ne('')), true(), false()),
  'showSearch', cond(and(is_set($attributes.show_search), $attributes.show_search), true(), false()),
  'timeIntervals', $time_intervals,
  'publishedRange', $published_range,
  'facets', $facets
)}
{if $tabs|count()}
  {set $config = $config|merge(hash('tabs', $tabs))}
{/if}
{if and(is_set($attributes.limit), $attributes.limit|int()|gt(0))}
  {set $config = $config|merge(hash('limitPagination', $attributes.limit|int()))}
{/if}
{* As the theme: three cards per row become two beside the filters. *}
{if and(is_set($attributes.items_per_row), $attributes.items_per_row|int()|gt(0))}
  {set $config = $config|merge(hash('itemsPerRow', cond(and($facet_list|count(), $attributes.items_per_row|int()|eq(3)), 2, $attributes.items_per_row|int())))}
{/if}
{if and(is_set($attributes.fields), $attributes.fields|ne(''))}
  {set $config = $config|merge(hash('fields', $attributes.fields|explode(',')))}
{/if}
{if and(is_set($attributes.input_search_placeholder), $attributes.input_search_placeholder|ne(''))}
  {set $config = $config|merge(hash('i18n', hash('search.label', $attributes.input_search_placeholder)))}
{/if}
{if ezini('Map', 'TileUrl', 'piazza.ini')|ne('')}
  {set $map_settings = $map_settings|merge(hash('tileUrl', ezini('Map', 'TileUrl', 'piazza.ini')))}
{/if}
{if ezini('Map', 'Attribution', 'piazza.ini')|ne('')}
  {set $map_settings = $map_settings|merge(hash('attribution', ezini('Map', 'Attribution', 'piazza.ini'), 'attributionUrl', ezini('Map', 'AttributionUrl', 'piazza.ini')))}
{/if}
{if ezini('Map', 'ConsentService', 'piazza.ini')|ne('')}
  {set $map_settings = $map_settings|merge(hash('consentService', ezini('Map', 'ConsentService', 'piazza.ini')))}
{/if}
{if $map_settings|count()}
  {set $config = $config|merge(hash('map', $map_settings))}
{/if}

{if $tabs|count()}
<div class="{$wrapper_class} remote-gui-wrapper">
  <div class="{$container_class}">
    {include uri='design:parts/block_name.tpl'}
    {* json_encode writes "/" as "\/": no text of the config can close the script element. *}
    <div data-piazza-block="listing" id="remote-gui-{$block.id}"><script type="application/json">{$config|json_encode()}</script>
      {if $remote_url|ne('')}<p><a href="{$remote_url|wash()}">{'View all'|i18n('bootstrapitalia')}</a></p>{/if}
    </div>
    {if and(is_set($attributes.show_all_link), $attributes.show_all_link|eq(1))}
    <div class="row mt-lg-2">
      <div class="col-12 col-lg-3 offset-lg-9">
        <a class="btn btn-primary text-button w-100" href="{$remote_url|wash()}">{if and(is_set($attributes.show_all_text), $attributes.show_all_text|ne(''))}{$attributes.show_all_text|wash()}{else}{'View all'|i18n('bootstrapitalia')}{/if}</a>
      </div>
    </div>
    {/if}
  </div>
</div>
{/if}
{undef $attributes $show_grid $show_map $facet_list $remote_url $tabs $facets $time_intervals $published_range $query_builder $map_settings $config}
{unset_defaults( array('wrapper_class', 'container_class'))}
