// Pure rules of the procedure steps' "show all / hide all" control.

export interface ToggleAllState {
  /** Every step is open: the control offers "hide all" only. */
  allOpen: boolean;
  /** The "show all" label is the one shown (any step closed, or no step at all). */
  showAllVisible: boolean;
}

/** all open → only hide-all; otherwise (none or some open) → only show-all, whose action opens the rest. */
export function toggleAllState(open: boolean[]): ToggleAllState {
  const allOpen = open.length > 0 && open.every(Boolean);
  return { allOpen, showAllVisible: !allOpen };
}

/** What a press of the control does: close everything when all are open, else open everything. */
export const toggleAllAction = (open: boolean[]): 'open' | 'close' => (toggleAllState(open).allOpen ? 'close' : 'open');

/** The step a URL fragment points at: a step id, or the id of its heading (aria-labelledby). */
export function stepForHash(hash: string, steps: Array<{ id: string; headingId: string | null }>): number {
  const id = decodeURIComponentSafe(hash.replace(/^#/, ''));
  if (!id) return -1;
  return steps.findIndex((s) => s.id === id || (s.headingId !== null && s.headingId === id));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
