// Free-text search: a toggle opens the form; Enter (or the button) searches; closing clears the
// text and searches again. Enter searches from its keydown, not through the form's implicit
// submission: Firefox fires `submit` for a search field ~20 ms after the key (a text field: ~2 ms;
// measured on plain forms, Firefox ESR 153), and every search waited for it (issue 31).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { I18n } from '../../../runtime/i18n';
import { Icon } from '../../../runtime/ui/icons';

interface Props {
  idPrefix: string;
  text: string;
  i18n: I18n;
  onSearch(text: string): void;
}

export function SearchBox({ idPrefix, text, i18n, onSearch }: Props) {
  const { t } = i18n;
  const [open, setOpen] = useState(text !== '');
  const [draft, setDraft] = useState(text);
  const input = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);
  // The text this box last searched: its own search coming back as `text` must not write over what the
  // visitor typed since (the effect runs a frame or more after Enter, and a quick typist is already on
  // the next words).
  const searched = useRef(text);
  // Back/Forward or a shared link changed the text: show it.
  useEffect(() => {
    if (text === searched.current) return;
    searched.current = text;
    setDraft(text);
    if (text) setOpen(true);
  }, [text]);
  const search = (value: string) => {
    searched.current = value;
    onSearch(value);
  };
  useLayoutEffect(() => {
    if (open && focusInput.current) input.current?.focus();
    focusInput.current = false;
  }, [open]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      setDraft('');
      if (text) search('');
    } else {
      focusInput.current = true;
      setOpen(true);
    }
  };
  const formId = idPrefix + '-search';
  return (
    <div class="piazza-listing-search mb-3">
      <button type="button" class="btn btn-outline-primary btn-sm btn-icon" aria-expanded={open} aria-controls={formId} onClick={toggle}>
        <Icon name={open ? 'close' : 'search'} className="icon-primary" />
        <span>{open ? t('search.close') : t('search.open')}</span>
      </button>
      <form
        id={formId}
        role="search"
        class="mt-3"
        hidden={!open}
        onSubmit={(e) => {
          e.preventDefault();
          search(draft.trim());
        }}
      >
        <div class="form-group mb-0">
          <label for={formId + '-text'} class="active">
            {t('search.label')}
          </label>
          <div class="input-group">
            <input
              ref={input}
              type="search"
              class="form-control"
              id={formId + '-text'}
              name={formId + '-text'}
              autocomplete="off"
              value={draft}
              onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
              onKeyDown={(e) => {
                // (an Enter that ends an input method's composition picks the word, it does not search)
                if (e.key !== 'Enter' || e.isComposing) return;
                e.preventDefault(); // no implicit submission after it: one search per Enter
                search((e.currentTarget as HTMLInputElement).value.trim());
              }}
            />
            <div class="input-group-append">
              <button type="submit" class="btn btn-primary">
                {t('search.submit')}
              </button>
            </div>
          </div>
        </div>
      </form>
    </div>
  );
}
