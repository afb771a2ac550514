// @vitest-environment jsdom
// When a listing block gives its held space back (issue 31): at its first results, unless the tab
// it opens on still shows the spinner of its view's code on the way (a map's answer can come first),
// in which case the space is held until the view replaces the spinner, so that the block never
// folds to the spinner's height between the two.
import { afterEach, describe, expect, it } from 'vitest';
import { reserveSpace } from '../../../blocks/listing/reserve';
import { settings } from './fixtures';

// jsdom has no CSS.escape (runtime/reserve.ts's selector): the block ids here need no escaping.
(globalThis as { CSS?: { escape(s: string): string } }).CSS ??= { escape: (s: string) => s };

const panel = (inner: string, attrs = '') => `<div class="piazza-listing-panel pt-4"${attrs}>${inner}</div>`;
const SPINNER = '<div class="d-flex justify-content-center py-5"><span class="progress-spinner piazza-listing-spinner"></span></div>';
const held = (el: Element) => el.getAttribute('data-piazza-reserve');
const styles = () => document.head.querySelectorAll('style').length;
const mutationsDone = () => new Promise((r) => setTimeout(r)); // MutationObserver callbacks are microtasks: all run before a task

describe('a listing block gives its space back', () => {
  afterEach(() => {
    document.head.replaceChildren();
    document.body.replaceChildren();
  });

  const block = (html: string) => {
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    return el;
  };
  const geoBlock = () => settings({ blockId: 'luoghi', view: 'card_teaser_info', tabs: ['geo', 'list'] });

  it('at once when the results are drawn', () => {
    const el = block(panel('<div class="piazza-geo">…</div>'));
    const release = reserveSpace(el, geoBlock(), 'geo', '');
    expect(held(el)).toBe('luoghi');
    expect(styles()).toBe(1);
    release();
    expect(held(el)).toBeNull();
    expect(styles()).toBe(0);
  });

  it('once the view replaces the spinner of its code, when the answer came first', async () => {
    const el = block(panel(SPINNER) + panel(SPINNER, ' hidden'));
    const release = reserveSpace(el, geoBlock(), 'geo', '');
    release();
    await mutationsDone();
    expect(held(el)).toBe('luoghi');
    expect(styles()).toBe(1);
    // a spinner in a hidden panel (another tab) does not hold it
    el.firstElementChild!.innerHTML = '<div class="piazza-geo">map and places</div>';
    await mutationsDone();
    expect(held(el)).toBeNull();
    expect(styles()).toBe(0);
  });

  it('at once on a second call (the block unmounted, or a later answer) while it waits', async () => {
    const el = block(panel(SPINNER));
    const release = reserveSpace(el, geoBlock(), 'geo', '');
    release();
    await mutationsDone();
    expect(held(el)).toBe('luoghi');
    release();
    expect(held(el)).toBeNull();
    expect(styles()).toBe(0);
  });

  it('a tab made out of sight (offstage) does not hold it', () => {
    const el = block(panel('<div class="piazza-geo">…</div>') + panel(SPINNER, ' class="piazza-listing-offstage"'));
    // (the second panel's class attribute replaces the first: an offstage panel)
    el.lastElementChild!.className = 'piazza-listing-panel pt-4 piazza-listing-offstage';
    const release = reserveSpace(el, geoBlock(), 'geo', '');
    release();
    expect(held(el)).toBeNull();
  });
});
