// Page helper: collapsible card text inside a masonry grid (`[data-bs-toggle=masonry] .card-text
// .collapse`). The grid follows the cards' heights while sections open or close (see follow.ts).
import type { RuntimeContext } from '../runtime/types';
import { follow, gridOf } from './masonry/follow';

export function mount(root: ParentNode, _ctx: RuntimeContext): void {
  const sections = Array.from(root.querySelectorAll('[data-bs-toggle="masonry"] .card-text .collapse'));
  if (root instanceof Element && root.matches('[data-bs-toggle="masonry"] .card-text .collapse')) sections.push(root);
  const grids = new Set<HTMLElement>();
  for (const section of sections) {
    const grid = gridOf(section);
    if (grid) grids.add(grid);
  }
  for (const grid of grids) follow(grid);
}
