<?php /* #?ini charset="utf-8"?

# Template overrides of the piazza extension. A template of the same name in design/piazza never
# wins on a real portal: eZ puts SiteDesign (bootstrapitalia2 / bootstrapitalia2110, which have
# their own copies) before AdditionalSiteDesignList (kernel/common/eztemplatedesignresource.php,
# findDesignBase), so each replacement is an override rule without conditions, whose MatchFile
# (under design/piazza/override/templates/) has a name no theme uses.
# test/unit/openpa/consent-templates.test.ts proves it with the real engine on both themes.

# Cookie consent (docs/openpa.md, step 5): the orestbida banner is not loaded (piazza's config is
# printed in <head> by piazza/consent.tpl), and the trackers become held tags.
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

*/ ?>
