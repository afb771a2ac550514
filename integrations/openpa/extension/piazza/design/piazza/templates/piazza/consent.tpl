{* piazza's consent config on the OpenPA themes bootstrapitalia2 / bootstrapitalia2110, included by
   piazza/head.tpl before piazza.js. It replaces their orestbida banner (footer/advanced_cookie_consent.tpl,
   overridden by piazza/consent/advanced_cookie_consent.tpl): printed where that banner would be
   (Seo.CookieConsentMultimedia=enabled), with the same categories (necessary, analytics, marketing
   with its service "multimedia") and the same texts (cookie_consent_config_translations(), the
   theme's own translations), plus one service per tracker the portal has configured, each written
   as a held tag by piazza/consent/page_footer_script.tpl or page_head_google_tag_manager.tpl.
   "carryOver" takes over visitors' cc_cookie (orestbida) and older cconsent choices; "multimedia"
   runs the theme's multimedia effects. docs/openpa.md, step 5. *}
{if openpaini('Seo', 'CookieConsentMultimedia')|eq('enabled')}
{def $piazza_t = cookie_consent_config_translations()|decode_json()
     $piazza_lang = fetch('content', 'locale').http_locale_code
     $piazza_texts = hash(
        'barLabel', $piazza_t.barMainTitle,
        'barMainText', $piazza_t.barMainText,
        'barBtnAcceptAll', $piazza_t.barBtnAcceptAll,
        'barBtnRefuseAll', $piazza_t.barBtnAcceptNecessary,
        'barLinkSetting', $piazza_t.barLinkSetting,
        'barClose', $piazza_t.close,
        'closeAriaLabel', $piazza_t.close,
        'modalMainTitle', $piazza_t.modalMainTitle,
        'modalMainText', $piazza_t.modalMainText,
        'modalBtnSave', $piazza_t.modalBtnSave,
        'modalBtnAcceptAll', $piazza_t.modalBtnAcceptAll,
        'modalBtnRefuseAll', $piazza_t.modalBtnAcceptNecessary,
        'modalAffectedSolutions', $piazza_t.modalAffectedSolutions,
        'learnMore', $piazza_t.learnMore,
        'on', $piazza_t.on,
        'off', $piazza_t.off,
        'alwaysOn', $piazza_t.necessary.badge)
     $piazza_category = hash(
        'necessary', hash('needed', true(), 'language', hash('locale', hash($piazza_lang, hash('name', $piazza_t.necessary.name, 'description', $piazza_t.necessary.description)))),
        'analytics', hash('language', hash('locale', hash($piazza_lang, hash('name', $piazza_t.analytics.name, 'description', $piazza_t.analytics.description)))),
        'marketing', hash('language', hash('locale', hash($piazza_lang, hash('name', $piazza_t.multimedia.name, 'description', $piazza_t.multimedia.description)))))
     $piazza_services = hash(
        'multimedia', hash('category', 'marketing', 'type', 'wrapped', 'search', 'multimedia',
            'language', hash('locale', hash($piazza_lang, hash('name', openpaini('Seo', 'CookieConsentMultimediaText', 'YouTube, Vimeo'))))))
     $piazza_config = false()}
{if openpaini('Seo', 'GoogleAnalyticsAccountID', false())}
    {set $piazza_services = $piazza_services|merge(hash('google', hash('category', 'analytics', 'type', 'script-tag', 'search', 'google',
        'cookies', array(hash('name', hash('pattern', '^_ga')), hash('name', hash('pattern', '^_gid')), hash('name', hash('pattern', '^_gat'))),
        'language', hash('locale', hash($piazza_lang, hash('name', 'Google Analytics'))))))}
{/if}
{if openpaini('Seo', 'GoogleTagManagerID', false())}
    {set $piazza_services = $piazza_services|merge(hash('gtm', hash('category', 'analytics', 'type', 'script-tag', 'search', 'gtm',
        'cookies', array(hash('name', hash('pattern', '^_ga')), hash('name', hash('pattern', '^_gid')), hash('name', hash('pattern', '^_gat'))),
        'language', hash('locale', hash($piazza_lang, hash('name', 'Google Tag Manager'))))))}
{/if}
{if openpaini('Seo', 'webAnalyticsItaliaID', false())}
    {set $piazza_services = $piazza_services|merge(hash('matomo', hash('category', 'analytics', 'type', 'script-tag', 'search', 'matomo',
        'cookies', array(hash('name', hash('pattern', '^_pk_'))),
        'language', hash('locale', hash($piazza_lang, hash('name', 'Web Analytics Italia'))))))}
{/if}
{set $piazza_config = hash(
    'barTimeout', 0,
    'language', hash('current', $piazza_lang, 'locale', hash($piazza_lang, $piazza_texts)),
    'theme', hash('barColor', '#435a70', 'barTextColor', '#ffffff'),
    'categories', $piazza_category,
    'services', $piazza_services,
    'multimedia', 'multimedia',
    'carryOver', hash('cookie', 'cc_cookie'))}
{if $piazza_t.modalMainTextMoreLink}
    {set $piazza_config = $piazza_config|merge(hash('modalMainTextMoreLink', $piazza_t.modalMainTextMoreLink))}
{/if}
{* json_encode writes "/" as "\/": no text of the config can close the script element. *}
<script type="application/json" id="piazza-consent">{$piazza_config|json_encode()}</script>
{undef $piazza_t $piazza_lang $piazza_texts $piazza_category $piazza_services $piazza_config}
{/if}
