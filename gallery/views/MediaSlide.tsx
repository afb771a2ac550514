// Slides fslightbox shows as "custom sources": videos (with load errors caught) and YouTube/Vimeo
// behind their consent. The root element stays the same for the slide's life: fslightbox moved it
// into its own DOM, and Preact keeps patching it there.
import { useEffect, useRef } from 'preact/hooks';
import { chooseVideoSource, embedUrl, previewOf, watchUrl, type ExternalService } from '../model/items';
import { SERVICE_NAMES } from '../messages';
import { hasConsentSettings, useGallery } from './store';

export function MediaSlide({ index }: { index: number }) {
  const [store] = useGallery();
  const item = store.items[index];
  return (
    <div class={'piazza-gallery-media piazza-gallery-' + item.kind} data-index={index}>
      {item.kind === 'video' ? <Video index={index} /> : <External index={index} />}
    </div>
  );
}

function ErrorText({ text, href }: { text: string; href?: string }) {
  const [store] = useGallery();
  return (
    <p class="piazza-gallery-error-text">
      {text}
      {href && (
        <>
          {' '}
          <a href={href} download>
            {store.i18n.t('download')}
          </a>
        </>
      )}
    </p>
  );
}

function Video({ index }: { index: number }) {
  const [store, snap] = useGallery();
  const item = store.items[index];
  const ref = useRef<HTMLVideoElement>(null);
  const current = snap.session.index === index;
  const failed = snap.errors.includes(index);
  const src =
    typeof document !== 'undefined' ? chooseVideoSource(item, (type) => !!document.createElement('video').canPlayType(type)) : null;

  useEffect(() => {
    if (!src) store.markError(index);
  }, [src]);
  // A video that is not the current slide stops.
  useEffect(() => {
    if (!current) ref.current?.pause();
  }, [current]);
  if (failed || !src) return <ErrorText text={store.i18n.t('error.video')} href={item.href || undefined} />;
  const poster = previewOf(item, 'large') || undefined;
  return (
    <video
      ref={ref}
      class="piazza-gallery-video-element"
      src={src}
      poster={poster}
      controls
      preload={current ? 'metadata' : 'none'}
      aria-label={item.title || undefined}
      onError={() => store.markError(index)}
      onPlay={() => store.dispatch({ type: 'hold', reason: 'media', on: true })}
      onPause={() => store.dispatch({ type: 'hold', reason: 'media', on: false })}
      onEnded={() => store.dispatch({ type: 'hold', reason: 'media', on: false })}
    />
  );
}

function External({ index }: { index: number }) {
  const [store, snap] = useGallery();
  const { i18n } = store;
  const item = store.items[index];
  const service = item.kind as ExternalService;
  const name = SERVICE_NAMES[service];
  const allowed = store.allowed(service);
  const current = snap.session.index === index && snap.session.phase === 'open';
  const frame = useRef<HTMLIFrameElement>(null);
  /** The visitor pressed the button: play at once (a user gesture), and move focus to the player. */
  const asked = useRef(false);
  const focusPlayer = useRef(false);
  void snap.consent; // re-render on consent changes

  useEffect(() => {
    if (!current) asked.current = false; // coming back later does not autoplay again
    if (focusPlayer.current && frame.current) {
      focusPlayer.current = false;
      frame.current.focus();
    }
  });

  if (allowed && current) {
    return (
      <iframe
        ref={frame}
        class="piazza-gallery-frame"
        src={embedUrl(item, asked.current)}
        title={i18n.t('frameTitle', { service: name, title: item.title || item.videoId })}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerpolicy="strict-origin-when-cross-origin"
      />
    );
  }
  const preview = previewOf(item, 'large');
  const textId = 'piazza-gallery-consent-' + index;
  return (
    <div class="piazza-gallery-consent" role="group" aria-labelledby={textId}>
      {preview && <img class="piazza-gallery-consent-preview" src={preview} alt="" />}
      <div class="piazza-gallery-consent-body">
        {item.title && <p class="piazza-gallery-consent-title">{item.title}</p>}
        <p id={textId}>{i18n.t('consent.text', { service: name })}</p>
        {!allowed && (
          <div class="piazza-gallery-consent-actions">
            <button
              type="button"
              class="btn btn-primary btn-sm"
              onClick={() => {
                asked.current = focusPlayer.current = true;
                store.dispatch({ type: 'stop' });
                store.allowForPageView(service);
              }}
            >
              {i18n.t('consent.allow', { service: name })}
            </button>
            {hasConsentSettings(service, store.ctx) && (
              <button type="button" class="btn btn-outline-light btn-sm" onClick={() => store.ctx.consent!.open()}>
                {i18n.t('consent.settings')}
              </button>
            )}
          </div>
        )}
        <a class="piazza-gallery-consent-link" href={watchUrl(item)} target="_blank" rel="noopener">
          {i18n.t('consent.watch', { service: name })} <span class="visually-hidden">{i18n.t('consent.newWindow')}</span>
        </a>
      </div>
    </div>
  );
}
