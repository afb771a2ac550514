<?php /* #?ini charset="utf-8"?

# piazza's templates for the theme's jQuery blocks and pages.
#
# The block groups below are the theme's own (openpa_bootstrapitalia settings/override.ini.append.php):
# redefining MatchFile is what makes piazza's template win on every theme. eZ takes the first
# override group that matches, in the order groups were first read
# (kernel/common/eztemplatedesignresource.php overrideArray / templateForURI), and reads this
# extension's settings after the theme's when piazza comes BEFORE openpa_bootstrapitalia in
# ActiveExtensions (lib/ezutils/classes/ezextension.php activateExtensions prepends each one's
# settings dir, so the first listed is read last and wins), so a group of our own would come after
# the theme's and never match; the theme's group with our MatchFile does. (An extension.xml
# "extends" would order it too, but eZ's topological sort then moves openpa_bootstrapitalia after
# openpa and every other extension: not something to do to a portal.) The MatchFile names are piazza's own (block/piazza_*.tpl), found only in design
# piazza wherever it sits in AdditionalSiteDesignList, so the design order no longer matters
# (docs/openpa.md, step 3). Groups that are new are prefixed piazza_.

[block_opendata_remote_gui_default]
MatchFile=block/piazza_opendata_remote_gui.tpl

[block_opendata_remote_gui_horizontal]
MatchFile=block/piazza_opendata_remote_gui.tpl

[block_opendata_remote_gui_datatable]
MatchFile=block/piazza_opendata_remote_gui_datatable.tpl

[block_opendata_queried_default]
MatchFile=block/piazza_opendata_remote_gui.tpl

[block_ricerca_luoghi_default]
MatchFile=block/piazza_ricerca_luoghi.tpl

# Amministrazione Trasparente's tables: pagina_trasparenza.tpl (the full view of class
# pagina_trasparenza, whose design keys the content view sets) includes one per table_fields. No
# group of the theme names this template, so ours is the only match.
[piazza_trasparenza_children_table_fields]
Source=openpa/full/parts/amministrazione_trasparente/children_table_fields.tpl
MatchFile=piazza_children_table_fields.tpl
Subdir=templates
Match[class_identifier]=pagina_trasparenza

# Cookie consent (docs/openpa.md, step 5): the orestbida banner is not loaded (piazza's config is
# printed in <head> by piazza/consent.tpl), and the trackers become held tags. A template of the
# same name in design/piazza would never win (SiteDesign, which has its own copies, comes before
# AdditionalSiteDesignList: kernel/common/eztemplatedesignresource.php, findDesignBase); no group
# of the theme names these templates, so these groups without conditions are the only match.
# test/unit/openpa/consent-templates.test.ts proves it with the real engine on both themes.
[piazza_consent_advanced_cookie_consent]
Source=footer/advanced_cookie_consent.tpl
MatchFile=piazza/consent/advanced_cookie_consent.tpl
Subdir=templates

[piazza_consent_page_footer_script]
Source=page_footer_script.tpl
MatchFile=piazza/consent/page_footer_script.tpl
Subdir=templates

[piazza_consent_google_tag_manager]
Source=page_head_google_tag_manager.tpl
MatchFile=piazza/consent/page_head_google_tag_manager.tpl
Subdir=templates

# Rich-text tables that piazza stacks on a phone (helpers/stacktable.ts): the same table, with the
# stacked tables' helper preloaded where it is printed (piazza_table_stacked.tpl). The table tag's
# class is its override key `classification` (kernel ezxhtmlxmloutput.php, attrDesignKeys); no group
# of the theme names this template.
[piazza_table_responsive_stack]
Source=content/datatype/view/ezxmltags/table.tpl
MatchFile=piazza_table_stacked.tpl
Subdir=templates
Match[classification]=responsive-stack

[piazza_table_responsive_card]
Source=content/datatype/view/ezxmltags/table.tpl
MatchFile=piazza_table_stacked.tpl
Subdir=templates
Match[classification]=responsive-card

[piazza_table_responsive_column]
Source=content/datatype/view/ezxmltags/table.tpl
MatchFile=piazza_table_stacked.tpl
Subdir=templates
Match[classification]=responsive-column

# The pagelayout: piazza's copy of the portal's own, written at install time by
# scripts/openpa-pagelayout.mjs (docs/openpa.md, step 4), which also writes its group here. No
# group until then: eZ keeps the theme's pagelayout.
# @pagelayout-begin
# @pagelayout-end

*/ ?>
