// Inline SVG icons (Bootstrap Italia look) so blocks do not depend on the portal's sprite path.
const paths = {
  'chevron-left': 'M14.6 17.4 9.2 12l5.4-5.4.7.7-4.7 4.7 4.7 4.7z',
  'chevron-right': 'm9.4 17.4-.7-.7 4.7-4.7-4.7-4.7.7-.7 5.4 5.4z',
  close: 'm12.7 12 3.7-3.6-.8-.8-3.6 3.7-3.6-3.7-.8.8 3.7 3.6-3.7 3.6.8.8 3.6-3.7 3.6 3.7.8-.8z',
  search: 'M21.8 21.1l-6.4-6.3A7.9 7.9 0 0 0 18 9a8 8 0 1 0-8 8 7.9 7.9 0 0 0 5.8-2.4l6.3 6.3zM10 16a7 7 0 1 1 7-7 7 7 0 0 1-7 7z',
  error: 'M11.5 14.2V5.7h1.2v8.5zm-.1 2.1h1.2v1.5h-1.2zM12 21a9 9 0 1 1 9-9 9 9 0 0 1-9 9zm0-19a10 10 0 1 0 10 10A10 10 0 0 0 12 2z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg class={'icon icon-sm ' + className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
