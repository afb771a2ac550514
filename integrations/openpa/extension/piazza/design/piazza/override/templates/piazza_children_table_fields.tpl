{* piazza: a table of Amministrazione Trasparente (openpa/full/parts/amministrazione_trasparente/
   children_table_fields.tpl, one per `$fields` of the page's table_fields) as a piazza datatable
   block. `$fields` is what the theme computed from the page's "fields" syntax
   (classes/services/content_trasparenza.php parseTableFieldsParameter): it goes to piazza as the
   eZ form of a TrasparenzaTable, and piazza reads it with the theme's meaning
   (blocks/datatable/model/openpa.ts). Three kinds of table still need the theme's jQuery template,
   which this includes as it is: calls for tenders with the phase filter (ShowBandoFaseSelect),
   time-indexed roles (their link goes to the person) and tables that include expired contents
   (their own endpoint). docs/openpa.md, "Pages that run the jQuery plugins". *}
{if or(is_set($fields.error),
       and($fields.class_identifier|eq('bando'), openpaini('Trasparenza', 'ShowBandoFaseSelect', 'disabled')|eq('enabled')),
       $fields.class_identifier|eq('time_indexed_role'),
       $fields.include_expired)}
  {include uri='file:extension/openpa_bootstrapitalia/design/bootstrapitalia2/templates/openpa/full/parts/amministrazione_trasparente/children_table_fields.tpl' fields=$fields table_index=$table_index node=$node}
{else}
{def $piazza_columns = array()
     $piazza_locale = fetch('content', 'locale', hash('locale_code', ezini('RegionalSettings', 'Locale')))}
{foreach $fields.class_fields as $field}
  {set $piazza_columns = $piazza_columns|append(hash(
    'identifier', $field.identifier, 'column', $field.column, 'dataType', $field.dataType, 'templateType', $field.template.type,
    'matrixColumn', cond(is_set($field.matrix_column), $field.matrix_column, ''), 'showLink', $field.showLink))}
{/foreach}
{include uri='design:piazza/preload.tpl' entries=array('datatable-openpa', 'datatable')}
<div class="position-relative">
  {if $fields.title}<h3 class="h4 mt-5">{$fields.title|wash()}</h3>{/if}
  {if $fields.description}<p>{$fields.description|wash()}</p>{/if}
  <div class="my-4">
    <div data-piazza-block="datatable" id="container-{$node.node_id}-{$table_index}"><script type="application/json">{hash('openpa', hash(
      'block', hash('id', concat('trasparenza-', $node.node_id, '-', $table_index), 'type', 'TrasparenzaTable', 'view', 'default'),
      'attributes', hash('query', $fields.query, 'order', $fields.order, 'group_by', cond($fields.group_by, $fields.group_by, ''), 'class_identifier', $fields.class_identifier),
      'site', hash('prefix', '/'|ezurl(no), 'locale', $piazza_locale.http_locale_code),
      'context', hash('columns', $piazza_columns, 'groups', $fields.facets)
    ))|json_encode()}</script></div>
    <div>
      <h3 class="h6 fs-6 mb-1">Open Data</h3>
      <ul>
        <li><a class="btn-link btn-xs p-0" href="{concat('exportas/custom/csv_search/', $fields.query|urlencode, '/', $node.node_id)|ezurl(no)}">{'Download data in format %extension'|i18n('bootstrapitalia',, hash('%extension', 'CSV'))}</a></li>
        <li><a class="btn-link btn-xs p-0" href="{concat('/api/opendata/v2/content/search/', $fields.query|urlencode)}">{'Download data in format %extension'|i18n('bootstrapitalia',, hash('%extension', 'JSON'))}</a></li>
        {if $fields.class_identifier|eq('lotto')}
        <li><a class="btn-link btn-xs p-0" href={concat('exportas/avpc/', $fields.class_identifier, '/', $node.node_id)|ezurl()}>{'Download data in format %extension'|i18n('bootstrapitalia',, hash('%extension', 'ANAC (XML)'))}</a></li>
        <li><a class="btn-link btn-xs p-0" href={concat('exportas/csvsicopat/', $fields.class_identifier, '/', $node.node_id)|ezurl()}>{'Download data in format %extension'|i18n('bootstrapitalia',, hash('%extension', 'SICOPAT (CSV)'))}</a></li>
        {/if}
      </ul>
    </div>
  </div>
</div>
{undef $piazza_columns $piazza_locale}
{/if}
