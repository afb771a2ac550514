// Stands in for markdown-to-jsx inside @rjsf/core (rollup.config.mjs aliases it here): the schemas'
// help texts use inline `code` and nothing else of markdown, and its 25 KB bought nothing more.
import type { ComponentChildren } from 'preact';

/** `a `b` c` → a <code>b</code> c; the rest stays text (never parsed as HTML). */
export function Markdown({ children }: { children?: ComponentChildren; options?: unknown }) {
  if (typeof children !== 'string') return <>{children}</>;
  return <>{children.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}
export default Markdown;
