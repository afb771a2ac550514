// @vitest-environment jsdom
// The gallery's faults in English (data-piazza-messages="en"): blueimp's own console words, as an
// admin who knew the theme's blueimp gallery searches for them, after the helper's prefix. The
// Italian default is checked in the browser (test/browser/gallery.test.ts).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../runtime/events';
import { adminNotes } from '../../../runtime/log';
import { mount } from '../../../gallery/index';

describe('gallery faults, English', () => {
  afterAll(() => {
    vi.restoreAllMocks();
    // the switch must not outlive this file (unit files may share a worker)
    document.head.replaceChildren();
    document.body.replaceChildren();
  });

  it("says blueimp's words, prefixed with the helper and the group, and leaves the link a link", () => {
    document.head.innerHTML = '<script src="/dist/piazza.js" data-piazza-messages="en"></script>';
    // The theme's blueimp (../shared/real/original-listing/files/openpa_bootstrapitalia/design/
    // bootstrapitalia/javascript/jquery.blueimp-gallery.min.js) logs 'blueimp Gallery: Widget container
    // not found', '… Slides container not found', '… No or empty list provided as first argument'.
    document.body.innerHTML =
      '<a id="no-widget" href="/a.png" data-gallery>a</a>' +
      '<div id="widget-senza-slides"></div><a id="no-slides" href="/b.png" data-gallery="#widget-senza-slides">b</a>' +
      '<button type="button" id="empty" data-gallery="#widget-vuoto">c</button>';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mount(document, {
      version: 't',
      nonce: '',
      base: '/',
      events: createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what))),
      explain: async () => 'not used',
    });
    // What the gallery did with each click, read after it, before the test keeps jsdom from navigating.
    const prevented: boolean[] = [];
    const record = (e: Event) => {
      prevented.push(e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', record);
    for (const id of ['no-widget', 'no-slides', 'empty']) {
      document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    }
    window.removeEventListener('click', record);
    expect(error.mock.calls).toEqual([
      ['[piazza] gallery helper "": Widget container not found (#blueimp-gallery)'],
      ['[piazza] gallery helper "#widget-senza-slides": Slides container not found (.slides in #widget-senza-slides)'],
      ['[piazza] gallery helper "#widget-vuoto": No or empty list provided'],
    ]);
    expect(prevented).toEqual([false, false, false]);
  });
});
