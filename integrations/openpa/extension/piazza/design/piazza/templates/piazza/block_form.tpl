{* piazza: the eZ form of a block, as JSON: the block's own attributes and what only the server
   knows (site access prefix, locale, tag trees, piazza.ini [Map], and the `context` a template
   passes). piazza turns it into the block's config with the block's one mapping (blocks/<type>/
   model/openpa.ts), in the page and in `npm run validate`. json_encode writes "/" as "\/": no text
   of the form can close the script element. docs/openpa.md, "Blocks".
   Parameters: block; tag_roots (optional: name => tag id, trees to send besides the facets');
   context (optional hash). *}
{def $piazza_form_attributes = $block.custom_attributes
     $piazza_locale = fetch('content', 'locale', hash('locale_code', ezini('RegionalSettings', 'Locale')))
     $piazza_roots = cond(is_set($tag_roots), $tag_roots, hash())
     $piazza_trees = hash()
     $piazza_labels = hash()
     $piazza_map = hash()}
{* "Label:field:tree" facets: the tree of the field's root tag *}
{if and(is_set($piazza_form_attributes.facets), $piazza_form_attributes.facets|contains(':tree'))}
  {foreach $piazza_form_attributes.facets|explode(',') as $piazza_facet}
    {def $piazza_parts = $piazza_facet|explode(':')}
    {if and(is_set($piazza_parts[2]), $piazza_parts[2]|eq('tree'))}
      {def $piazza_root = tag_root_from_attribute_identifier($piazza_parts[1])}
      {if $piazza_root}{set $piazza_roots = $piazza_roots|merge(hash($piazza_parts[1], $piazza_root))}{/if}
      {undef $piazza_root}
    {/if}
    {undef $piazza_parts}
  {/foreach}
{/if}
{* each tree: four levels, in the tree's order, as the theme's selects *}
{foreach $piazza_roots as $piazza_name => $piazza_root}
  {def $piazza_tree = api_tagtree($piazza_root)
       $piazza_options = array()}
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
  {set $piazza_trees = $piazza_trees|merge(hash($piazza_name, $piazza_options))
       $piazza_labels = $piazza_labels|merge(hash($piazza_name, $piazza_tree.keyword))}
  {undef $piazza_tree $piazza_options}
{/foreach}
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
  'tagTreeLabels', $piazza_labels,
  'map', $piazza_map,
  'context', cond(is_set($context), $context, hash())
))|json_encode()}</script>
{undef $piazza_form_attributes $piazza_locale $piazza_roots $piazza_trees $piazza_labels $piazza_map}
