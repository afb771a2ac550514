{* piazza: the eZ form of a block, as JSON: the block's own attributes and what only the server
   knows (site access prefix, locale, tag trees of "Label:field:tree" facets, piazza.ini [Map]).
   piazza turns it into the block's config with the block's one mapping (blocks/<type>/model/
   openpa.ts), in the page and in `npm run validate`. json_encode writes "/" as "\/": no text of
   the form can close the script element. docs/openpa.md, "Blocks". *}
{def $piazza_form_attributes = $block.custom_attributes
     $piazza_locale = fetch('content', 'locale', hash('locale_code', ezini('RegionalSettings', 'Locale')))
     $piazza_trees = hash()
     $piazza_map = hash()}
{if and(is_set($piazza_form_attributes.facets), $piazza_form_attributes.facets|contains(':tree'))}
  {foreach $piazza_form_attributes.facets|explode(',') as $piazza_facet}
    {def $piazza_parts = $piazza_facet|explode(':')
         $piazza_root = false()}
    {if and(is_set($piazza_parts[2]), $piazza_parts[2]|eq('tree'))}
      {set $piazza_root = tag_root_from_attribute_identifier($piazza_parts[1])}
    {/if}
    {if $piazza_root}
      {def $piazza_tree = api_tagtree($piazza_root)
           $piazza_options = array()}
      {* four levels, in the tree's order, as the theme's select *}
      {foreach $piazza_tree.children as $tag}
        {set $piazza_options = $piazza_options|append(hash('value', concat('', $tag.id), 'label', $tag.keyword, 'depth', 0))}
        {foreach $tag.children as $child}
          {set $piazza_options = $piazza_options|append(hash('value', concat('', $child.id), 'label', $child.keyword, 'depth', 1))}
          {foreach $child.children as $grandchild}
            {set $piazza_options = $piazza_options|append(hash('value', concat('', $grandchild.id), 'label', $grandchild.keyword, 'depth', 2))}
            {foreach $grandchild.children as $leaf}
              {set $piazza_options = $piazza_options|append(hash('value', concat('', $leaf.id), 'label', $leaf.keyword, 'depth', 3))}
            {/foreach}
          {/foreach}
        {/foreach}
      {/foreach}
      {set $piazza_trees = $piazza_trees|merge(hash($piazza_parts[1], $piazza_options))}
      {undef $piazza_tree $piazza_options}
    {/if}
    {undef $piazza_parts $piazza_root}
  {/foreach}
{/if}
{* the map's tiles, portal-wide (piazza.ini [Map]); empty settings are left out *}
{if ezini('Map', 'TileUrl', 'piazza.ini')|ne('')}{set $piazza_map = $piazza_map|merge(hash('tileUrl', ezini('Map', 'TileUrl', 'piazza.ini')))}{/if}
{if ezini('Map', 'Attribution', 'piazza.ini')|ne('')}{set $piazza_map = $piazza_map|merge(hash('attribution', ezini('Map', 'Attribution', 'piazza.ini')))}{/if}
{if ezini('Map', 'AttributionUrl', 'piazza.ini')|ne('')}{set $piazza_map = $piazza_map|merge(hash('attributionUrl', ezini('Map', 'AttributionUrl', 'piazza.ini')))}{/if}
{if ezini('Map', 'ConsentService', 'piazza.ini')|ne('')}{set $piazza_map = $piazza_map|merge(hash('consentService', ezini('Map', 'ConsentService', 'piazza.ini')))}{/if}
<script type="application/json">{hash('openpa', hash(
  'block', hash('id', $block.id, 'type', $block.type, 'view', $block.view),
  'attributes', $piazza_form_attributes,
  'site', hash('prefix', '/'|ezurl(no), 'locale', $piazza_locale.http_locale_code),
  'tagTrees', $piazza_trees,
  'map', $piazza_map
))|json_encode()}</script>
{undef $piazza_form_attributes $piazza_locale $piazza_trees $piazza_map}
