// fslightbox-react ships no types; the props piazza uses (documented at fslightbox.com/react/documentation).
declare module 'fslightbox-react' {
  import type { ComponentType } from 'preact';
  const FsLightbox: ComponentType<Record<string, unknown>>;
  export default FsLightbox;
}
