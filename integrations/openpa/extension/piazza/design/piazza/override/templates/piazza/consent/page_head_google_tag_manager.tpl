{* openpa's page_head_google_tag_manager.tpl (included in <head> by the pagelayouts) with its Google
   Tag Manager snippet as a held tag: override.ini, group piazza_consent_google_tag_manager. The
   snippet inserts gtm.js (and, through it, whatever the container holds): it runs, once, when the
   visitor allows the service "gtm" of piazza/consent.tpl (category analytics). Without piazza's
   consent config (Seo.CookieConsentMultimedia disabled) it is printed as the theme prints it. *}
{if openpaini( 'Seo', 'GoogleTagManagerID', false() )}
<!-- Google Tag Manager -->
<script{if openpaini('Seo', 'CookieConsentMultimedia')|eq('enabled')} type="text/plain" data-consent="gtm"{/if}>(function(w,d,s,l,i){ldelim}w[l]=w[l]||[];w[l].push({ldelim}'gtm.start': new Date().getTime(),event:'gtm.js'{rdelim});
var f=d.getElementsByTagName(s)[0], j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';
j.async=true;j.src= 'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
{rdelim})(window,document,'script','dataLayer','{openpaini( 'Seo', 'GoogleTagManagerID')}');
</script>
<!-- End Google Tag Manager -->
{/if}
