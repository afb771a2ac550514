// A real link to an .ics file whose text is made only when it is wanted (activated, focused,
// hovered or right-clicked): 500 events must not mean 500 files built up front. The object URL
// lives as long as the link.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function IcsLink({
  build,
  version,
  filename,
  className,
  children,
}: {
  build(): string;
  /** When it changes, the file is made again (the events were reloaded). */
  version: number;
  filename: string;
  className?: string;
  children: ComponentChildren;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  const url = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = null;
      link.current?.setAttribute('href', '#');
    },
    [version],
  );
  // Runs before the browser follows the link, so the download gets the file.
  const prepare = () => {
    if (!url.current) url.current = URL.createObjectURL(new Blob([build()], { type: 'text/calendar;charset=utf-8' }));
    if (link.current && link.current.getAttribute('href') !== url.current) link.current.href = url.current;
  };
  return (
    <a
      ref={link}
      href="#"
      download={filename}
      type="text/calendar"
      class={className}
      onClick={prepare}
      onFocus={prepare}
      onPointerEnter={prepare}
      onContextMenu={prepare}
    >
      {children}
    </a>
  );
}
