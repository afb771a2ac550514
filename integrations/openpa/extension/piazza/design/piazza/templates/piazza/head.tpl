{* piazza.js: the first script of <head>, before any third-party script, so the consent core
   holds trackers back from the start. Never put it in an ezscript pack: it finds its chunks
   from its own URL, and a pack would also run it late. docs/openpa.md, step 2. *}
{def $piazza_folder = ezini('Assets', 'Folder', 'piazza.ini')
     $piazza_integrity = ezini('Assets', 'Integrity', 'piazza.ini')
     $piazza_nonce = ezini('CSP', 'NoncePlaceholder', 'piazza.ini')
     $piazza_messages = ezini('Messages', 'Language', 'piazza.ini')}
{include uri='design:piazza/consent.tpl'}
<script src={concat('javascript/', $piazza_folder, '/piazza.js')|ezdesign()}{if $piazza_integrity|ne('')} integrity="{$piazza_integrity|wash()}" crossorigin="anonymous"{/if}{if $piazza_messages|ne('')} data-piazza-messages="{$piazza_messages|wash()}"{/if}{if $piazza_nonce|ne('')} nonce="{$piazza_nonce|wash()}"{/if}></script>
{undef $piazza_folder $piazza_integrity $piazza_nonce $piazza_messages}
