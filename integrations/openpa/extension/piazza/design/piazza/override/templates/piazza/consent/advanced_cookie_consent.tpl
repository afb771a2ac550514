{* Replaces the OpenPA themes' footer/advanced_cookie_consent.tpl (override.ini, group
   piazza_consent_advanced_cookie_consent): their orestbida CookieConsent 3.0.1 banner, its script
   and its CSS are not loaded. piazza's consent config comes from piazza/consent.tpl in <head>
   (same condition, categories and texts), and piazza runs what the banner's onAccept/onReject
   ran (the multimedia effects). docs/openpa.md, step 5. *}
