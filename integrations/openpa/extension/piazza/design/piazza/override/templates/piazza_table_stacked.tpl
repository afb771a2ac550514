{* piazza: a rich-text table the editor gave a responsive-stack, responsive-card or responsive-column
   class (openpa_bootstrapitalia settings/content.ini [table] AvailableClasses), matched by the
   piazza_table_* groups of override.ini on the table tag's classification. It preloads the stacked
   tables' helper where the table is printed (its chunk downloads while the page parses, not after
   piazza.js and the manifest asked for it) and sets the flag below, with which piazza/head.tpl holds
   the first paint until the tables are stacked (no layout shift, issue 31; the preload alone lost
   that race). Then the table as the theme prints it: its template
   of design bootstrapitalia, included as it is (bootstrapitalia2110's own prints the same for these
   classes; bootstrapitalia2 has none). Nothing in piazza.ini [Preload]: the table alone. *}
{include uri='design:piazza/preload.tpl' entries=array('helper-stacktable')}
{* …and tells piazza/head.tpl, through the view's persistent variable (as eZ's own ezkeyword.tpl
   does: the node view keeps it in content_info, view cache included), to hold the page's first
   paint until the tables are stacked (helpers/stacktable-hold.ts). *}
{if is_array($#persistent_variable)|not()}
{set scope='global' persistent_variable=hash('piazza_stacked_tables', true())}
{elseif is_set($#persistent_variable.piazza_stacked_tables)|not()}
{set scope='global' persistent_variable=$#persistent_variable|merge(hash('piazza_stacked_tables', true()))}
{/if}
{include uri='file:extension/openpa_bootstrapitalia/design/bootstrapitalia/templates/content/datatype/view/ezxmltags/table.tpl'
         classification=$classification rows=$rows
         align=cond(is_set($align), $align, false()) caption=cond(is_set($caption), $caption, false())
         summary=cond(is_set($summary), $summary, false()) title=cond(is_set($title), $title, false())}
