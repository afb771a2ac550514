// The space a block holds from before it mounts until its first results (or its error) are shown,
// so that mounting moves nothing below it (issue 31: layout shift, which Lighthouse — Italy's
// validator scores with it — counts). The heights come from each block's pure model
// (blocks/*/model/reserve.ts); here, the one stylesheet and marker attribute they share, which the
// page that prints the block may print too (README, "Layout shift"), so the space is there from
// the first paint.
import { injectStyle } from './dom';

export const RESERVE_ATTRIBUTE = 'data-piazza-reserve';

/**
 * The stylesheet holding `selector` at `heights` (px, or a CSS length where the height depends on
 * the window's; one per window width of `widths`, ascending from 0): one rule, and a media query
 * where a wider window changes it. Pure.
 */
export function reservationCss(selector: string, heights: ReadonlyArray<number | string>, widths: readonly number[]): string {
  return heights
    .map((h, i) => {
      if (i && h === heights[i - 1]) return '';
      const rule = selector + '{min-height:' + (typeof h === 'number' ? h + 'px' : h) + '}';
      return i ? '@media (min-width:' + widths[i] + 'px){' + rule + '}' : rule;
    })
    .join('');
}

/** The selector of a block's reservation. */
export const reserveSelector = (key: string) => '[' + RESERVE_ATTRIBUTE + '="' + CSS.escape(key) + '"]';

/** key → the release of its stylesheet (an early chunk and the mount reserve the same space once). */
const held = new Map<string, () => void>();

/** Holds `element` at `heights` until the returned release (idempotent) gives the space back. */
export function holdSpace(
  element: HTMLElement,
  key: string,
  heights: ReadonlyArray<number | string>,
  widths: readonly number[],
  nonce: string,
): () => void {
  element.setAttribute(RESERVE_ATTRIBUTE, key);
  if (!held.has(key)) held.set(key, injectStyle('reserve-' + key, reservationCss(reserveSelector(key), heights, widths), nonce));
  return () => {
    element.removeAttribute(RESERVE_ATTRIBUTE);
    held.get(key)?.();
    held.delete(key);
  };
}
