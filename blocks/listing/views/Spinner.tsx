// Bootstrap Italia's spinner with a hidden text (no live region: the block's own announcer speaks).
export function Spinner({ label, small = false }: { label: string; small?: boolean }) {
  return (
    <span class={'progress-spinner progress-spinner-active' + (small ? ' size-sm' : '') + ' piazza-listing-spinner'}>
      <span class="visually-hidden">{label}</span>
    </span>
  );
}
