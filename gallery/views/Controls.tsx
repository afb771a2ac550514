// The lightbox's own controls, rendered inside fslightbox's dialog: real, labelled buttons (close,
// previous, next, slideshow play/pause), the caption from the item's title, the counter and a strip
// of thumbnails. fslightbox's own toolbar and arrows are hidden by CSS.
import { previewOf } from '../model/items';
import { slideshowState } from '../model/session';
import { useGallery } from './store';

const ICONS = {
  close: 'm12.7 12 3.7-3.6-.8-.8-3.6 3.7-3.6-3.7-.8.8 3.7 3.6-3.7 3.6.8.8 3.6-3.7 3.6 3.7.8-.8z',
  prev: 'M14.6 17.4 9.2 12l5.4-5.4.7.7-4.7 4.7 4.7 4.7z',
  next: 'm9.4 17.4-.7-.7 4.7-4.7-4.7-4.7.7-.7 5.4 5.4z',
  play: 'M8 5.5v13l10.5-6.5z',
  pause: 'M7 5h3.5v14H7zm6.5 0H17v14h-3.5z',
  video: 'M9.5 7.5v9l7-4.5z M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 1.2a8.8 8.8 0 1 1 0 17.6 8.8 8.8 0 0 1 0-17.6z',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg class="icon piazza-gallery-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

export function Controls() {
  const [store, snap] = useGallery();
  const { i18n, items } = store;
  const session = snap.session;
  const count = items.length;
  const item = items[session.index];
  const slideshow = slideshowState(session);
  const playing = session.slideshow === 'playing';

  return (
    <>
      <div class="piazza-gallery-bar">
        <p class="piazza-gallery-counter" aria-hidden="true">
          {i18n.t('counter', { index: session.index + 1, count })}
        </p>
        {count > 1 && (
          <>
            <button
              type="button"
              class="piazza-gallery-btn piazza-gallery-playpause"
              aria-label={i18n.t(playing ? 'pause' : 'play')}
              title={i18n.t(playing ? 'pause' : 'play')}
              onClick={() => store.dispatch({ type: 'toggleSlideshow' })}
            >
              <Icon name={playing ? 'pause' : 'play'} />
            </button>
            {slideshow === 'paused' && <span class="piazza-gallery-paused">{i18n.t('paused')}</span>}
          </>
        )}
        <button
          type="button"
          class="piazza-gallery-btn piazza-gallery-close"
          aria-label={i18n.t('close')}
          title={i18n.t('close')}
          onClick={() => store.lightbox?.close()}
        >
          <Icon name="close" />
        </button>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            class="piazza-gallery-btn piazza-gallery-prev"
            aria-label={i18n.t('prev')}
            title={i18n.t('prev')}
            onClick={() => store.lightbox?.prev()}
          >
            <Icon name="prev" />
          </button>
          <button
            type="button"
            class="piazza-gallery-btn piazza-gallery-next"
            aria-label={i18n.t('next')}
            title={i18n.t('next')}
            onClick={() => store.lightbox?.next()}
          >
            <Icon name="next" />
          </button>
        </>
      )}
      <div class="piazza-gallery-footer">
        {item?.title && <p class="piazza-gallery-caption">{item.title}</p>}
        {count > 1 && (
          <ul class="piazza-gallery-thumbs" aria-label={i18n.t('thumbnails')}>
            {items.map((it, i) => {
              const preview = previewOf(it);
              return (
                <li key={i}>
                  <button
                    type="button"
                    class="piazza-gallery-thumb"
                    aria-label={i18n.t('goto', { index: i + 1, count }) + (it.title ? ': ' + it.title : '')}
                    aria-current={i === session.index ? 'true' : undefined}
                    onClick={() => store.lightbox?.jumpTo(i)}
                  >
                    {preview ? (
                      <img src={preview} alt="" loading="lazy" decoding="async" />
                    ) : it.kind === 'image' ? (
                      <span aria-hidden="true">{i + 1}</span>
                    ) : (
                      <Icon name="video" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
