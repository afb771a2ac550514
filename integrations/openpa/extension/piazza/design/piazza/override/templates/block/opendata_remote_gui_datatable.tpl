{* piazza: the data-table block (opendata_remote_gui_datatable) as a piazza datatable block.
   Same block attributes as the theme's template: query, limit, fields ("_link" is the link
   column, "matrix.column" a column of a matrix field), facets ("Name:field[:limit[:sort]]"),
   remote_url, show_all_link, show_all_text. Like the original, column titles and types come
   from the class of the query's `classes [...]` when it names exactly one class.
   No jQuery, DataTables or Chosen needed for this block. docs/openpa.md, "Blocks". *}
{def $attributes = $block.custom_attributes
     $query = cond(is_set($attributes.query), $attributes.query, '')
     $remote_url = cond(and(is_set($attributes.remote_url), $attributes.remote_url|ne('')), $attributes.remote_url|trim('/'), '')
     $fields = cond(and(is_set($attributes.fields), $attributes.fields|ne('')), $attributes.fields|explode(','), array())
     $facet_list = cond(and(is_set($attributes.facets), $attributes.facets|ne('')), $attributes.facets|explode(','), array())
     $columns = array()
     $facets = array()
     $class_identifier = ''
     $query_classes = $query|explode('classes [')
     $config = false()}

{if is_set($query_classes[1])}
  {def $class_list = $query_classes[1]|explode(']')}
  {if $class_list[0]|contains(',')|not()}
    {set $class_identifier = $class_list[0]|trim()}
  {/if}
  {undef $class_list}
{/if}

{foreach $fields as $field_text}
  {def $field = $field_text|trim()}
  {if $field|eq('_link')}
    {set $columns = $columns|append(hash('field', 'id', 'title', '#', 'link', true(), 'sortable', false()))}
  {elseif $field|contains('.')}
    {* A column of a matrix: piazza shows the whole matrix as a small table in its cell. *}
    {set $columns = $columns|append(hash('field', $field|explode('.')[0], 'type', 'matrix', 'sortable', false()))}
  {elseif $field|ne('')}
    {set $columns = $columns|append($field)}
  {/if}
  {undef $field}
{/foreach}
{* The theme's default columns: the link and the name. *}
{if $columns|count()|eq(0)}
  {set $columns = array(hash('field', 'id', 'title', '#', 'link', true(), 'sortable', false()), 'name')}
{/if}

{foreach $facet_list as $facet}
  {def $parts = $facet|explode(':')}
  {if and($parts[0]|ne(''), is_set($parts[1]))}
    {set $facets = $facets|append(hash(
      'field', $parts[1],
      'label', $parts[0],
      'limit', cond(is_set($parts[2]), $parts[2]|int(), 300),
      'sort', cond(and(is_set($parts[3]), $parts[3]|eq('count')), 'count', 'alpha')
    ))}
  {/if}
  {undef $parts}
{/foreach}

{* This portal's contents through the eZ module door (session and site access as the page);
   another portal's through its REST door, with JSONP as the original. *}
{set $config = hash(
  'blockId', $block.id,
  'query', $query,
  'columns', $columns,
  'facets', $facets,
  'locale', ezini('RegionalSettings', 'Locale'),
  'searchUrl', cond($remote_url|ne(''), concat($remote_url, '/api/opendata/v2/datatable/search/'), concat('opendata/api/datatable/search'|ezurl(no), '/')),
  'classesUrl', cond($remote_url|ne(''), concat($remote_url, '/api/opendata/v2/classes/'), concat('opendata/api/classes'|ezurl(no), '/')),
  'jsonp', cond($remote_url|ne(''), true(), false())
)}
{if $class_identifier|ne('')}
  {set $config = $config|merge(hash('class', $class_identifier))}
{/if}
{if and(is_set($attributes.limit), $attributes.limit|int()|gt(0))}
  {set $config = $config|merge(hash('pageSize', $attributes.limit|int()))}
{/if}

<div class="py-5 position-relative">
  <div class="container">
    {include uri='design:parts/block_name.tpl' no_margin=true()}
    {* json_encode writes "/" as "\/": no text of the config can close the script element. *}
    <div data-piazza-block="datatable" id="remote-datatable-{$block.id}"><script type="application/json">{$config|json_encode()}</script>
      {if $remote_url|ne('')}<p><a href="{$remote_url|wash()}">{'View all'|i18n('bootstrapitalia')}</a></p>{/if}
    </div>
  </div>
</div>
{if and(is_set($attributes.show_all_link), $attributes.show_all_link|eq(1))}
<div class="row mt-2">
  <div class="col text-center">
    <a class="btn btn-primary" href="{$remote_url|wash()}">{if and(is_set($attributes.show_all_text), $attributes.show_all_text|ne(''))}{$attributes.show_all_text|wash()}{else}{'View all'|i18n('bootstrapitalia')}{/if}</a>
  </div>
</div>
{/if}
{undef $attributes $query $remote_url $fields $facet_list $columns $facets $class_identifier $query_classes $config}
