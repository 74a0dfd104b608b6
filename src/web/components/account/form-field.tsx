import type { ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-2xl border border-beige bg-white px-4 py-3 text-ink placeholder:text-muted/70 focus:border-maple focus:ring-2 focus:ring-maple/30 aria-[invalid=true]:border-danger';

/** A labelled form control with its error underneath, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /** Text, or text with a link (the tax class's guidance). */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-cocoa">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of a control rendered inside FormField. */
export const describedBy = (id: string, error: string | undefined, hint?: boolean) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});
