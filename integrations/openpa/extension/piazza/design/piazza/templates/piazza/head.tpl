{* piazza.js: the first script of <head>, before any third-party script, so the consent core
   holds trackers back from the start. Never put it in an ezscript pack: it finds its chunks
   from its own URL, and a pack would also run it late. docs/openpa.md, step 4.
   When piazza.js is not installed in this extension's design, ezdesign falls back to another
   design's path with only a debug warning (kernel/common/eztemplatedesignresource.php): then this
   writes an HTML comment and a console error naming the file, instead of a wrong URL. *}
{def $piazza_folder = ezini('Assets', 'Folder', 'piazza.ini')
     $piazza_src = concat('javascript/', $piazza_folder, '/piazza.js')|ezdesign(no)
     $piazza_integrity = ezini('Assets', 'Integrity', 'piazza.ini')
     $piazza_nonce = ezini('CSP', 'NoncePlaceholder', 'piazza.ini')
     $piazza_messages = ezini('Messages', 'Language', 'piazza.ini')}
{* the consent config (piazza/consent.tpl) comes before piazza.js, which reads it *}
{if $piazza_src|begins_with('/extension/piazza/')}
{include uri='design:piazza/consent.tpl'}
<script src="{$piazza_src|wash()}"{if $piazza_integrity|ne('')} integrity="{$piazza_integrity|wash()}" crossorigin="anonymous"{/if}{if $piazza_messages|ne('')} data-piazza-messages="{$piazza_messages|wash()}"{/if}{if $piazza_nonce|ne('')} nonce="{$piazza_nonce|wash()}"{/if}></script>
{include uri='design:piazza/preload.tpl' entries=array('manifest')}
{else}
<!-- piazza: extension/piazza/design/piazza/javascript/{$piazza_folder|wash()}/piazza.js is not installed (docs/openpa.md, step 2): no piazza on this page -->
<script{if $piazza_nonce|ne('')} nonce="{$piazza_nonce|wash()}"{/if}>console.error("[piazza] extension/piazza/design/piazza/javascript/{$piazza_folder|wash(javascript)}/piazza.js is not installed (docs/openpa.md, step 2): no piazza on this page");</script>
{/if}
{undef $piazza_folder $piazza_src $piazza_integrity $piazza_nonce $piazza_messages}
