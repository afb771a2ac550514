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
{* A page whose rich text has a stacked table (piazza_table_stacked.tpl sets the flag): the helper
   runs once the page is parsed and its first paint waits for it, so nothing below a table moves
   when it is stacked (helpers/stacktable-hold.ts). Its files from piazza.ini [Preload]. *}
{* (the entry's name in a variable: the compiled template would otherwise read the ini once, at compile time) *}
{def $piazza_hold = 'helper-stacktable-hold'}
{if and(is_set($module_result.content_info.persistent_variable.piazza_stacked_tables), ezini_hasvariable('Preload', $piazza_hold, 'piazza.ini'))}
{def $piazza_hold_files = ezini('Preload', $piazza_hold, 'piazza.ini')}
{include uri='design:piazza/preload.tpl' entries=array('helper-stacktable')}
<script type="module" blocking="render" src={concat('javascript/', $piazza_folder, '/', $piazza_hold_files[0])|ezdesign()}{if $piazza_nonce|ne('')} nonce="{$piazza_nonce|wash()}"{/if}></script>
{undef $piazza_hold_files}
{/if}
{undef $piazza_hold}
{else}
<!-- piazza: extension/piazza/design/piazza/javascript/{$piazza_folder|wash()}/piazza.js is not installed (docs/openpa.md, step 2): no piazza on this page -->
<script{if $piazza_nonce|ne('')} nonce="{$piazza_nonce|wash()}"{/if}>console.error("[piazza] extension/piazza/design/piazza/javascript/{$piazza_folder|wash(javascript)}/piazza.js is not installed (docs/openpa.md, step 2): no piazza on this page");</script>
{/if}
{undef $piazza_folder $piazza_src $piazza_integrity $piazza_nonce $piazza_messages}
