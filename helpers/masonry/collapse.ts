// Cards' collapsible sections on a page without the theme's script (no `bootstrap.Collapse`): the
// markup's `data-bs-toggle="collapse"` buttons still open and close their section as Bootstrap would
// (class `show`, aria-expanded), so the text is never out of reach. Checked at each click: a theme
// that loads later takes over.
export function collapseWithoutTheme(grid: HTMLElement): void {
  grid.addEventListener('click', (e) => {
    if ((window as any).bootstrap?.Collapse) return;
    const toggle = (e.target as Element).closest?.('[data-bs-toggle="collapse"]');
    const selector = toggle?.getAttribute('data-bs-target') || toggle?.getAttribute('href');
    let section: Element | null = null;
    try {
      section = selector ? document.querySelector(selector) : null;
    } catch {
      /* not a selector */
    }
    if (!toggle || !section) return;
    e.preventDefault();
    const open = section.classList.toggle('show');
    toggle.setAttribute('aria-expanded', String(open));
    toggle.classList.toggle('collapsed', !open);
  });
}
