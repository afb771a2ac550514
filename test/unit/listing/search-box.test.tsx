// @vitest-environment jsdom
// The free-text search box keeps what the visitor types: its own search, coming back from the block's
// state a frame later, does not write over the next words; a text changed from outside (Back/Forward,
// a shared link) is shown.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/preact';
import { createI18n } from '../../../runtime/i18n';
import { catalog } from '../../../blocks/listing/i18n';
import { SearchBox } from '../../../blocks/listing/views/SearchBox';

afterEach(cleanup);

const i18n = createI18n(catalog, 'it-IT');

function setup(text = '') {
  const searched: string[] = [];
  const view = render(<SearchBox idPrefix="eventi" text={text} i18n={i18n} onSearch={(t) => searched.push(t)} />);
  const input = () => view.container.querySelector('input[type="search"]') as HTMLInputElement;
  const type = (value: string) => fireEvent.input(input(), { target: { value } });
  const submit = () => fireEvent.submit(view.container.querySelector('form')!);
  /** The block's state (its `text`) as the parent renders it. */
  const stateSays = (value: string) =>
    act(() => {
      view.rerender(<SearchBox idPrefix="eventi" text={value} i18n={i18n} onSearch={(t) => searched.push(t)} />);
    });
  return { view, input, type, submit, stateSays, searched };
}

describe('listing search box', () => {
  it('its own search arriving late as the state does not replace the words typed since', async () => {
    const box = setup();
    await act(() => {
      fireEvent.click(box.view.container.querySelector('button[aria-controls]')!);
    });
    box.type('lentissimo');
    await act(() => {
      box.submit();
    });
    // The visitor is already typing the next search when the block's state renders the first one.
    box.type('Fe');
    await box.stateSays('lentissimo');
    expect(box.input().value).toBe('Fe');
    box.type('Festa');
    await act(() => {
      box.submit();
    });
    expect(box.searched).toEqual(['lentissimo', 'Festa']);
  });

  it('a text set from outside (Back, a shared link) is shown and opens the box', async () => {
    const box = setup();
    expect(box.view.container.querySelector('form')!.hidden).toBe(true);
    await box.stateSays('mercato');
    expect(box.input().value).toBe('mercato');
    expect(box.view.container.querySelector('form')!.hidden).toBe(false);
    // Back to the first search after one of the visitor's own: shown again.
    box.type('Festa');
    await act(() => {
      box.submit();
    });
    await box.stateSays('Festa');
    await box.stateSays('mercato');
    expect(box.input().value).toBe('mercato');
    expect(box.searched).toEqual(['Festa']);
  });

  it('closing clears the text and searches again only when something was searched', async () => {
    const box = setup('mercato');
    const toggle = box.view.container.querySelector('button[aria-controls]') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await act(() => {
      fireEvent.click(toggle);
    });
    expect(box.searched).toEqual(['']);
    await box.stateSays('');
    await act(() => {
      fireEvent.click(toggle);
    });
    expect(box.input().value).toBe('');
    await act(() => {
      fireEvent.click(toggle);
    });
    expect(box.searched).toEqual(['']);
  });

  it('Enter searches at its keydown, the words in the box, and cancels the form submission that would follow; an Enter that ends a composition does not search', async () => {
    const box = setup();
    await act(() => {
      fireEvent.click(box.view.container.querySelector('button[aria-controls]')!);
    });
    box.type('  Festa della musica ');
    let submitted = 0;
    box.view.container.querySelector('form')!.addEventListener('submit', () => submitted++);
    // fireEvent answers false when a listener cancelled the event: the browser then submits nothing
    let notCancelled = true;
    await act(() => {
      notCancelled = fireEvent.keyDown(box.input(), { key: 'Enter', isComposing: true });
    });
    expect(notCancelled).toBe(true);
    expect(box.searched).toEqual([]);
    await act(() => {
      notCancelled = fireEvent.keyDown(box.input(), { key: 'Enter' });
    });
    expect(notCancelled).toBe(false);
    expect(box.searched).toEqual(['Festa della musica']);
    // other keys are the field's own
    await act(() => {
      notCancelled = fireEvent.keyDown(box.input(), { key: 'a' });
    });
    expect(notCancelled).toBe(true);
    expect(box.searched).toEqual(['Festa della musica']);
    expect(submitted).toBe(0);
  });
});
