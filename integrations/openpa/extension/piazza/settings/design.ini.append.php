<?php /* #?ini charset="utf-8"?

# Makes design/piazza of this extension available. Put "piazza" FIRST in the siteaccess's
# AdditionalSiteDesignList (site.ini.append.php), before bootstrapitalia2 / bootstrapitalia2110,
# so its block overrides win (docs/openpa.md, step 3).
[ExtensionSettings]
DesignExtensions[]=piazza

*/ ?>
