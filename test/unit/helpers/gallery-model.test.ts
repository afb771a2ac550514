import { describe, expect, it } from 'vitest';
import { chooseVideoSource, embedUrl, isExternalVideoHost, previewOf, toItem, vimeoIdOf, youtubeIdOf } from '../../../gallery/model/items';
import {
  DEFAULTS,
  initial,
  optionsFrom,
  preloadIndexes,
  reduce,
  slideshowState,
  swipeDirection,
  type Action,
  type SessionState,
} from '../../../gallery/model/session';

describe('gallery items (blueimp attributes)', () => {
  it('reads an image link as the portal renders it', () => {
    expect(toItem({ href: 'http://p.test/var/img/duomo.jpg', title: 'Piazza Duomo', thumbnail: '/t.jpg' })).toMatchObject({
      kind: 'image',
      href: 'http://p.test/var/img/duomo.jpg',
      title: 'Piazza Duomo',
      thumbnail: '/t.jpg',
    });
  });

  it('recognises YouTube and Vimeo by id attribute or by URL', () => {
    expect(toItem({ href: 'https://www.youtube.com/watch?v=abcDEF12345', type: 'text/html', youtube: 'abcDEF12345' })).toMatchObject({
      kind: 'youtube',
      videoId: 'abcDEF12345',
    });
    expect(toItem({ href: 'https://youtu.be/abcDEF12345' })).toMatchObject({ kind: 'youtube', videoId: 'abcDEF12345' });
    expect(toItem({ href: 'https://vimeo.com/76979871', vimeo: '' })).toMatchObject({ kind: 'vimeo', videoId: '76979871' });
    expect(toItem({ href: '#', type: 'text/html', vimeo: '76979871' })).toMatchObject({ kind: 'vimeo', videoId: '76979871' });
    expect(youtubeIdOf('https://www.youtube-nocookie.com/embed/abcDEF12345?rel=0')).toBe('abcDEF12345');
    expect(youtubeIdOf('https://www.youtube.com/shorts/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeIdOf('https://example.com/watch?v=abcDEF12345')).toBeNull();
    expect(vimeoIdOf('https://player.vimeo.com/video/76979871')).toBe('76979871');
    expect(vimeoIdOf('https://vimeo.evil.com/1')).toBeNull();
  });

  it('ignores malformed video ids', () => {
    expect(toItem({ href: '/a.jpg', youtube: '"><script>' })!.kind).toBe('image');
    expect(toItem({ href: '/a.jpg', vimeo: '12a' })!.kind).toBe('image');
  });

  it('reads videos by type, by sources or by file extension', () => {
    expect(toItem({ href: '/v.mp4', type: 'video/mp4', poster: '/p.jpg' })).toMatchObject({ kind: 'video', poster: '/p.jpg' });
    expect(toItem({ href: '/v.webm' })!.kind).toBe('video');
    const item = toItem({
      type: 'video/*',
      sources: '[{"href":"/v.webm","type":"video/webm"},{"href":"/v.mp4","type":"video/mp4"},{"href":"javascript:x"}]',
    })!;
    expect(item.sources).toEqual([
      { href: '/v.webm', type: 'video/webm' },
      { href: '/v.mp4', type: 'video/mp4' },
    ]);
    expect(toItem({ type: 'video/mp4' })).toBeNull();
    expect(toItem({ href: '/v.mp4', sources: 'not json' })!.sources).toEqual([]);
  });

  it('has nothing to show without a source, and never keeps a javascript: URL', () => {
    expect(toItem({ title: 'solo titolo' })).toBeNull();
    expect(toItem({ href: 'javascript:alert(1)' })).toBeNull();
    expect(toItem({ href: '/a.jpg', thumbnail: 'javascript:x' })!.thumbnail).toBe('');
  });

  it('chooses a playable video source as blueimp does', () => {
    const canPlay = (t: string) => t === 'video/webm';
    const item = toItem({ href: '/v.mp4', type: 'video/mp4', sources: '[{"href":"/v.webm","type":"video/webm"}]' })!;
    expect(chooseVideoSource(item, canPlay)).toBe('/v.webm');
    expect(chooseVideoSource(item, () => true)).toBe('/v.mp4');
    expect(chooseVideoSource(item, () => false)).toBeNull();
    expect(chooseVideoSource(toItem({ href: '/v.webm' })!, () => false)).toBe('/v.webm');
  });

  it('never previews from a video host before consent', () => {
    expect(isExternalVideoHost('https://i.ytimg.com/vi/x/0.jpg')).toBe(true);
    expect(isExternalVideoHost('https://i.vimeocdn.com/video/1.jpg')).toBe(true);
    expect(isExternalVideoHost('/var/img/a.jpg')).toBe(false);
    const yt = toItem({ youtube: 'abcDEF12345', thumbnail: 'https://i.ytimg.com/vi/abcDEF12345/0.jpg', poster: '/local.jpg' })!;
    expect(previewOf(yt)).toBe('/local.jpg');
    expect(previewOf(yt, 'large')).toBe('/local.jpg');
    const video = toItem({ href: '/v.mp4', thumbnail: '/t.jpg', poster: '/p.jpg' })!;
    expect([previewOf(video), previewOf(video, 'large')]).toEqual(['/t.jpg', '/p.jpg']);
    expect(previewOf(toItem({ href: '/big.jpg' })!)).toBe('/big.jpg');
    expect(previewOf(toItem({ href: '/big.jpg', thumbnail: '/small.jpg' })!)).toBe('/small.jpg');
  });

  it('embeds with the privacy-friendlier players', () => {
    expect(embedUrl(toItem({ youtube: 'abcDEF12345' })!, true)).toBe('https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0');
    expect(embedUrl(toItem({ vimeo: '42' })!, false)).toBe('https://player.vimeo.com/video/42?autoplay=0&dnt=1');
  });
});

describe('gallery session', () => {
  const run = (s: SessionState, ...actions: Action[]) => actions.reduce(reduce, s);

  it('opens on the clicked item and slides with wrap-around', () => {
    const s = initial(3, 2, DEFAULTS);
    expect(s).toMatchObject({ phase: 'open', index: 2, sliding: false, slideshow: 'stopped' });
    const next = reduce(s, { type: 'next' });
    expect(next).toMatchObject({ index: 0, sliding: true });
    expect(reduce(next, { type: 'slideEnd' }).sliding).toBe(false);
    expect(run(s, { type: 'prev' }, { type: 'prev' }).index).toBe(0);
    expect(reduce(s, { type: 'goto', index: 2 })).toBe(s);
  });

  it('plays, pauses while held, and stops', () => {
    let s = initial(4, 0, DEFAULTS);
    s = reduce(s, { type: 'play' });
    expect(slideshowState(s)).toBe('playing');
    s = reduce(s, { type: 'hold', reason: 'hover', on: true });
    s = reduce(s, { type: 'hold', reason: 'focus', on: true });
    expect(slideshowState(s)).toBe('paused');
    s = reduce(s, { type: 'hold', reason: 'hover', on: false });
    expect(slideshowState(s)).toBe('paused');
    s = reduce(s, { type: 'hold', reason: 'focus', on: false });
    expect(slideshowState(s)).toBe('playing');
    expect(slideshowState(reduce(s, { type: 'toggleSlideshow' }))).toBe('stopped');
  });

  it('starts playing when the widget asks, never for a single item', () => {
    expect(initial(3, 0, { startSlideshow: true }).slideshow).toBe('playing');
    expect(initial(1, 0, { startSlideshow: true }).slideshow).toBe('stopped');
    expect(reduce(initial(1, 0, DEFAULTS), { type: 'play' }).slideshow).toBe('stopped');
  });

  it('closes once and then ignores everything', () => {
    const closing = reduce(initial(3, 0, DEFAULTS), { type: 'close' });
    expect(closing.phase).toBe('closing');
    expect(reduce(closing, { type: 'next' }).index).toBe(0);
    const closed = reduce(closing, { type: 'closed' });
    expect(reduce(closed, { type: 'play' })).toBe(closed);
  });

  it('preloads two slides on each side, nearest first, without repeats', () => {
    expect(preloadIndexes(0, 10, 2)).toEqual([0, 1, 9, 2, 8]);
    expect(preloadIndexes(1, 3, 2)).toEqual([1, 2, 0]);
    expect(preloadIndexes(0, 0, 2)).toEqual([]);
  });

  it('takes a swipe over 20 px in under 250 ms, or a drag over half the width', () => {
    expect(swipeDirection({ dx: -21, dy: 3, dt: 120, width: 375 })).toBe('next');
    expect(swipeDirection({ dx: 21, dy: 0, dt: 249, width: 375 })).toBe('prev');
    expect(swipeDirection({ dx: -20, dy: 0, dt: 100, width: 375 })).toBeNull();
    expect(swipeDirection({ dx: -60, dy: 0, dt: 250, width: 375 })).toBeNull();
    expect(swipeDirection({ dx: -200, dy: 0, dt: 900, width: 375 })).toBe('next');
    expect(swipeDirection({ dx: -40, dy: 80, dt: 100, width: 375 })).toBeNull();
  });

  it('reads the widget options with blueimp defaults', () => {
    expect(optionsFrom({})).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ slideshowInterval: 5000, transitionSpeed: 400, preloadRange: 2 });
    expect(
      optionsFrom({ slideshowInterval: '3000', startSlideshow: 'true', transitionSpeed: 'x', slideErrorClass: 'icon icon-ban' }),
    ).toMatchObject({
      slideshowInterval: 3000,
      startSlideshow: true,
      transitionSpeed: 400,
      slideErrorClass: 'icon icon-ban',
    });
    expect(optionsFrom({ slideErrorClass: '"><x' }).slideErrorClass).toBe('slide-error');
  });
});
