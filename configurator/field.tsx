// One labelled control of the configurator's own pickers: its label, the control, a help line and an
// error line, tied to the control by id (aria-describedby, aria-invalid) in one place, so that a field
// cannot name a help line it does not print, or print one a screen reader never reads.
import type { ComponentChildren } from 'preact';

/** What the control spreads on itself: `<input {...control} …/>`. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  id,
  label,
  help,
  error,
  className = 'mb-3',
  children,
}: {
  id: string;
  label: ComponentChildren;
  help?: ComponentChildren;
  /** Shown, and the control marked invalid, when set. */
  error?: ComponentChildren;
  className?: string;
  children(control: ControlProps): ComponentChildren;
}) {
  const helpId = `${id}-aiuto`;
  const errorId = `${id}-errore`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {help && (
        <small id={helpId} className="form-text">
          {help}
        </small>
      )}
      {error && (
        <div className="invalid-feedback d-block" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A select's options from [value, label] pairs. */
export const Options = ({ items }: { items: ReadonlyArray<readonly [string, ComponentChildren]> }) => (
  <>
    {items.map(([value, label]) => (
      <option key={value} value={value}>
        {label}
      </option>
    ))}
  </>
);
