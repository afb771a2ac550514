// The lightbox session's store (gallery/views/store.ts): the pure reducer's session
// in a valtio store, consent bumps, page-view allowances and load errors, and what destroy stops.
import { afterEach, describe, expect, it } from 'vitest';
import { subscribe } from 'valtio/vanilla';
import { createEmitter } from '../../../runtime/events';
import { adminNotes } from '../../../runtime/log';
import { createI18n } from '../../../runtime/i18n';
import type { RuntimeContext } from '../../../runtime/types';
import { catalog } from '../../../gallery/messages';
import { toItem, type GalleryItem } from '../../../gallery/model/items';
import { DEFAULTS } from '../../../gallery/model/session';
import { createStore, resetPageViewAllowances } from '../../../gallery/views/store';

const tick = () => new Promise((r) => setTimeout(r, 0));
const items = ['/a.jpg', '/b.jpg', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'].map((href) => toItem({ href })!) as GalleryItem[];

function setup(index = 0) {
  const events = createEmitter(adminNotes('[piazza] ', async (what) => JSON.stringify(what)));
  // No consent core: external video is allowed only by the placeholder's button.
  const ctx = { version: 't', nonce: '', base: '/', events, explain: async () => '' } as RuntimeContext;
  const store = createStore(items, index, { ...DEFAULTS, startSlideshow: true }, ctx, createI18n(catalog, 'it'));
  let changes = 0;
  const unsubscribe = subscribe(store.state, () => changes++);
  return { store, events, changes: () => changes, unsubscribe };
}

afterEach(() => resetPageViewAllowances());

describe('gallery store', () => {
  it("holds the reducer's session, and tells its readers only when the reducer changed something", async () => {
    const t = setup(1);
    expect(items.map((i) => i.kind)).toEqual(['image', 'image', 'youtube']);
    expect(t.store.state.session).toMatchObject({ index: 1, count: 3, phase: 'open', slideshow: 'playing', sliding: false });
    t.store.dispatch({ type: 'next' });
    await tick();
    expect(t.store.state.session).toMatchObject({ index: 2, sliding: true });
    expect(t.changes()).toBe(1);
    t.store.dispatch({ type: 'goto', index: 2 }); // already there
    t.store.dispatch({ type: 'hold', reason: 'hover', on: false }); // nothing held
    await tick();
    expect(t.changes()).toBe(1);
    t.store.dispatch({ type: 'hold', reason: 'media', on: true });
    await tick();
    expect(t.store.state.session.holds).toEqual(['media']);
    expect(t.changes()).toBe(2);
  });

  it('bumps consent on consent:change and on a page-view allowance, which then allows that service only', async () => {
    const t = setup();
    expect(t.store.allowed('youtube')).toBe(false);
    t.events.emit('consent:change', {});
    expect(t.store.state.consent).toBe(1);
    t.store.allowForPageView('youtube');
    expect(t.store.state.consent).toBe(2);
    expect(t.store.allowed('youtube')).toBe(true);
    expect(t.store.allowed('vimeo')).toBe(false);
    // For the page view: another session of the same page knows it too.
    expect(setup().store.allowed('youtube')).toBe(true);
  });

  it('lists each failed slide once', () => {
    const t = setup();
    t.store.markError(2);
    t.store.markError(0);
    t.store.markError(2);
    expect(t.store.state.errors).toEqual([2, 0]);
  });

  it('stops hearing consent changes once destroyed', async () => {
    const t = setup();
    t.store.destroy();
    t.events.emit('consent:change', {});
    await tick();
    expect(t.store.state.consent).toBe(0);
    expect(t.changes()).toBe(0);
  });
});
