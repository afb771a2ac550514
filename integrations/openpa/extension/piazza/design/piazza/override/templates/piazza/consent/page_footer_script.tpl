{* The OpenPA themes' page_footer_script.tpl (bootstrapitalia2's, which bootstrapitalia2110 uses too)
   with its trackers written as held tags: override.ini, group piazza_consent_page_footer_script.
   A <script src> the parser meets runs before anything can stop it, so Google Analytics and
   Matomo (Web Analytics Italia) are <script type="text/plain" data-consent="…">: piazza runs them,
   once, when the visitor allows their service ("google", "matomo" of piazza/consent.tpl), and never
   otherwise. The rest is what the theme prints: its Bootstrap Italia bundle and fonts, the footer
   packs of anonymous visitors (Sentry for editors), the login box, Plausible.
   test/unit/openpa/consent-templates.test.ts renders both with the real engine and compares them. *}
{def $piazza_held = openpaini('Seo', 'CookieConsentMultimedia')|eq('enabled')}
<script src="{'javascript/bootstrap-italia.bundle.min.js'|ezdesign( 'no' )}"></script>
<script>window.__PUBLIC_PATH__ = "https://static.opencityitalia.it/fonts";bootstrap.loadFonts()</script>

{if fetch('user','current_user').is_logged_in|not()}
{$footer_script_loader}
{else}
    {def $sentry_script_loader = sentry_script_loader()}
    {if $sentry_script_loader}
      <script src="{$sentry_script_loader}" crossorigin="anonymous"></script>
      <script>
        window.Sentry && Sentry.onLoad(function() {ldelim}
          Sentry.init({ldelim}
            environment: "{openpa_instance_identifier()}"
          {rdelim});
        {rdelim});
      </script>
    {/if}
    {undef $sentry_script_loader}
{/if}
{if is_set($footer_css_loader)}{$footer_css_loader}{/if}

{if openpaini( 'StanzaDelCittadinoBridge', 'UseLoginBox', 'disabled' )|ne('disabled')}
  <script src="{built_in_app('login').src}"></script>
{/if}

{if openpaini( 'Seo', 'GoogleAnalyticsAccountID', false() )}
  <script{if $piazza_held} type="text/plain" data-consent="google"{/if} async src="https://www.googletagmanager.com/gtag/js?id={openpaini( 'Seo', 'GoogleAnalyticsAccountID' )}"></script>
  <script{if $piazza_held} type="text/plain" data-consent="google"{/if}>
    window.dataLayer = window.dataLayer || [];
    function gtag(){ldelim}dataLayer.push(arguments);{rdelim}
    gtag('js', new Date());
    gtag('config', '{openpaini( 'Seo', 'GoogleAnalyticsAccountID' )}', {ldelim}{if openpaini('Seo', 'GoogleCookieless')|eq('enabled')}client_storage: 'none', {/if}anonymize_ip: true {rdelim});
  </script>
{/if}

{if and(openpaini( 'Seo', 'webAnalyticsItaliaID', false() ), is_set($module_result.errorCode)|not())}
  <script{if $piazza_held} type="text/plain" data-consent="matomo"{else} type="text/javascript"{/if}>
    var _paq = window._paq || [];
    {if openpaini('Seo', 'WebAnalyticsItaliaCookieless')|eq('enabled')}_paq.push(['disableCookies']);{/if}
    _paq.push(['trackPageView']);
    _paq.push(['enableLinkTracking']);
    (function() {ldelim}
      var u="https://ingestion.webanalytics.italia.it/";
      _paq.push(['setTrackerUrl', u+'matomo.php']);
      _paq.push(['setSiteId', '{openpaini( 'Seo', 'webAnalyticsItaliaID' )}']);
      var d=document, g=d.createElement('script'), s=d.getElementsByTagName('script')[0];
      g.type='text/javascript'; g.async=true; g.defer=true; g.src=u+'matomo.js'; s.parentNode.insertBefore(g,s);
      {rdelim})();
  </script>
  <!-- End Matomo Code -->
{/if}

{include uri='design:page_footer_plausible.tpl'}
{undef $piazza_held}
