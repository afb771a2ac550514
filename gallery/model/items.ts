// Gallery items from blueimp-style attributes (the portal's `atoms/gallery.tpl` links): what each
// item is (image, video, YouTube, Vimeo) and what it needs. Pure: the view reads the attributes.

export type ItemKind = 'image' | 'video' | 'youtube' | 'vimeo';
export type ExternalService = 'youtube' | 'vimeo';

/** The attributes as found on the element (`data-X` wins over the plain attribute, as in blueimp). */
export interface RawItem {
  href?: string | null;
  type?: string | null;
  title?: string | null;
  alt?: string | null;
  thumbnail?: string | null;
  poster?: string | null;
  /** `data-sources`: JSON `[{"href": "...", "type": "video/webm"}, ...]`. */
  sources?: string | null;
  youtube?: string | null;
  vimeo?: string | null;
  srcset?: string | null;
}

export interface VideoSource {
  href: string;
  type: string;
}

export interface GalleryItem {
  kind: ItemKind;
  href: string;
  type: string;
  title: string;
  alt: string;
  thumbnail: string;
  poster: string;
  srcset: string;
  sources: VideoSource[];
  /** YouTube or Vimeo id. */
  videoId: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)(\?|#|$)/i;
const EXTERNAL_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)$/i;

const clean = (s: string | null | undefined) => (s || '').trim();

function hostOf(url: string): string {
  try {
    return new URL(url, 'http://x.invalid/').hostname;
  } catch {
    return '';
  }
}

/** True for URLs of YouTube / Vimeo hosts: never requested before consent (thumbnails and posters included). */
export const isExternalVideoHost = (url: string) => !!url && EXTERNAL_HOSTS.test(hostOf(url));

/** The YouTube id of a watch, short, embed or youtu.be URL. */
export function youtubeIdOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = u.searchParams.get('v') ?? (/^\/(embed|shorts|v|live)\/([^/]+)/.exec(u.pathname)?.[2] || null);
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The Vimeo id of a vimeo.com/123 or player.vimeo.com/video/123 URL. */
export function vimeoIdOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/(^|\.)vimeo\.com$/.test(u.hostname)) return null;
  const id = /^\/(?:video\/)?(\d+)/.exec(u.pathname)?.[1] ?? null;
  return id && VIMEO_ID.test(id) ? id : null;
}

function parseSources(json: string): VideoSource[] {
  if (!json) return [];
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .map((s) => ({ href: clean(s?.href ?? s?.src), type: clean(s?.type) }))
    .filter((s) => s.href && !/^\s*(javascript|data|vbscript):/i.test(s.href));
}

const safeUrl = (url: string) => (/^\s*(javascript|vbscript):/i.test(url) ? '' : url);

/** The item an element describes, or null when it has nothing to show. */
export function toItem(raw: RawItem): GalleryItem | null {
  const href = safeUrl(clean(raw.href));
  const type = clean(raw.type).toLowerCase();
  const sources = parseSources(clean(raw.sources));
  const base = {
    href,
    type,
    title: clean(raw.title),
    alt: clean(raw.alt),
    thumbnail: safeUrl(clean(raw.thumbnail)),
    poster: safeUrl(clean(raw.poster)),
    srcset: clean(raw.srcset),
    sources,
    videoId: '',
  };
  const yt = clean(raw.youtube) || (href ? youtubeIdOf(href) : null) || '';
  if (yt && YOUTUBE_ID.test(yt)) return { ...base, kind: 'youtube', videoId: yt };
  const vimeo = clean(raw.vimeo) || (href ? vimeoIdOf(href) : null) || '';
  if (vimeo && VIMEO_ID.test(vimeo)) return { ...base, kind: 'vimeo', videoId: vimeo };
  if (type.startsWith('video/') || sources.length || (href && !type && VIDEO_FILE.test(href))) {
    return href || sources.length ? { ...base, kind: 'video' } : null;
  }
  if (!href) return null;
  // Anything else a link points at is shown as an image, as blueimp does; a non-image fails visibly.
  return { ...base, kind: 'image' };
}

/**
 * The video URL to play: the item's own when its type is playable (or untyped), else the first
 * playable `data-sources` entry (blueimp's rule). Null when nothing is playable.
 */
export function chooseVideoSource(item: GalleryItem, canPlay: (type: string) => boolean): string | null {
  if (item.href && item.type && canPlay(item.type)) return item.href;
  const source = item.sources.find((s) => !s.type || canPlay(s.type));
  if (source) return source.href;
  if (item.href && !item.type) return item.href;
  return null;
}

/**
 * An image standing for the item: small for the thumbnail strip, large for a video's poster or the
 * consent placeholder. Never one from a video host (that would be a request before consent).
 */
export function previewOf(item: GalleryItem, size: 'small' | 'large' = 'small'): string {
  const candidates =
    item.kind === 'image'
      ? size === 'small'
        ? [item.thumbnail, item.href]
        : [item.href]
      : size === 'small'
        ? [item.thumbnail, item.poster]
        : [item.poster, item.thumbnail];
  return candidates.find((u) => u && !isExternalVideoHost(u)) || '';
}

export function embedUrl(item: GalleryItem, autoplay: boolean): string {
  const play = autoplay ? '1' : '0';
  return item.kind === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${item.videoId}?autoplay=${play}&rel=0`
    : `https://player.vimeo.com/video/${item.videoId}?autoplay=${play}&dnt=1`;
}

export const watchUrl = (item: GalleryItem) =>
  item.kind === 'youtube' ? `https://www.youtube.com/watch?v=${item.videoId}` : `https://vimeo.com/${item.videoId}`;
