// @vitest-environment jsdom
// The themes' multimedia effects (consent/openpa/effects.ts) on the markup the theme writes,
// without Bootstrap Italia's bundle (2.2 has no VideoPlayer nor rememberChoice; the 2.11 bundle's
// videos are proven in test/browser/consent-openpa.test.ts): what the theme's showIframes() does when
// multimedia is accepted, and each step taken back when it is withdrawn, as its hideIframes() and
// more (the custom tags' own src, the overlays), without a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEffects } from '../../../consent/openpa/effects';
import { adminLines } from '../../../runtime/log';
import { adminMessages } from '../../../runtime/messages';

const PREVIEW = '/bootstrapitalia/iframe?url=https://www.youtube.com/embed/abc';
const EMBED = 'https://www.youtube.com/embed/abc';

/** What the theme's markup shows now. */
const state = () => ({
  embed: document.getElementById('embed')!.getAttribute('src'),
  dimmer: document.getElementById('dimmer')!.className,
  otherDimmer: document.getElementById('other-dimmer')!.className,
  custom: document.getElementById('custom')!.getAttribute('src'),
  customWithout: document.getElementById('custom-no-src')!.getAttribute('src'),
  overlay: document.getElementById('overlay')!.className,
  overlayHidden: document.getElementById('overlay-inner')!.getAttribute('aria-hidden'),
  plain: document.getElementById('plain')!.getAttribute('src'),
});

describe('the multimedia effects follow the choice and are taken back', () => {
  let allowed = false;
  let sync: () => boolean;
  beforeEach(() => {
    allowed = false;
    // consent's lines as the core makes them, worded by the real messages module (Italian: no switch)
    sync = createEffects(
      () => allowed,
      adminLines('[piazza] consent: ', async (what) => adminMessages('it').explain(what as never), 'it'),
    );
    // ezxmltags/iframe.tpl's embed in an editor's .dimmable; a custom tag (the theme's "custom"
    // consent attribute) with a placeholder and one without; parts/video.tpl's overlay; an iframe
    // the consent does not govern.
    document.body.innerHTML = `
      <div class="dimmable"><div class="dimmer fade show" id="dimmer"></div>
        <iframe id="embed" title="Video" src="${PREVIEW}" data-src="${EMBED}" data-preview="${PREVIEW}" data-coookieconsent="multimedia"></iframe></div>
      <div class="dimmable"><div class="dimmer fade show" id="other-dimmer"></div><p>no embed here</p></div>
      <img id="custom" alt="" src="/placeholder.png" data-src="https://cdn.example.org/map.png" data-coookieconsent="custom">
      <img id="custom-no-src" alt="" data-src="https://cdn.example.org/chart.png" data-coookieconsent="custom">
      <div class="acceptoverlayable show" id="overlay"><div class="acceptoverlay" id="overlay-inner"></div></div>
      <iframe id="plain" title="Map" src="/map.html"></iframe>`;
  });

  const before = {
    embed: PREVIEW,
    dimmer: 'dimmer fade show',
    otherDimmer: 'dimmer fade show',
    custom: '/placeholder.png',
    customWithout: null,
    overlay: 'acceptoverlayable show',
    overlayHidden: null,
    plain: '/map.html',
  };

  it('nothing moves while multimedia is not allowed', () => {
    expect(sync()).toBe(false);
    expect(state()).toEqual(before);
  });

  it('allowed: embeds and custom tags get data-src, their dimmer turns to hide, overlays go; withdrawn: all back as it was', () => {
    allowed = true;
    expect(sync()).toBe(true);
    expect(state()).toEqual({
      embed: EMBED,
      dimmer: 'dimmer fade hide',
      otherDimmer: 'dimmer fade show',
      custom: 'https://cdn.example.org/map.png',
      customWithout: 'https://cdn.example.org/chart.png',
      overlay: 'acceptoverlayable',
      overlayHidden: 'true',
      plain: '/map.html',
    });
    expect(sync()).toBe(true); // the same choice again changes nothing
    expect(state().dimmer).toBe('dimmer fade hide');

    allowed = false;
    expect(sync()).toBe(false);
    expect(state()).toEqual(before);

    allowed = true; // and again: shown once more
    sync();
    expect(state()).toMatchObject({ embed: EMBED, dimmer: 'dimmer fade hide', overlay: 'acceptoverlayable' });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { bootstrap?: unknown }).bootstrap;
  });

  it('a theme player that throws stops no other effect, and is told to the admin in Italian', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Error('no YouTube API');
    // Bootstrap Italia 2.11's VideoPlayer, broken: its video is one effect among the others
    (window as { bootstrap?: unknown }).bootstrap = {
      VideoPlayer: {
        getOrCreateInstance: () => {
          throw broken;
        },
      },
    };
    document.body.insertAdjacentHTML('beforeend', '<video data-video-url="https://www.youtube.com/watch?v=abc"></video>');
    allowed = true;
    expect(sync()).toBe(true);
    expect(state()).toMatchObject({ embed: EMBED, dimmer: 'dimmer fade hide', overlay: 'acceptoverlayable' });
    await vi.waitFor(() => expect(error).toHaveBeenCalledOnce());
    expect(error).toHaveBeenCalledWith('[piazza] consent: un effetto multimedia del tema non è riuscito', broken);
  });
});
