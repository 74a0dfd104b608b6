import type { ReactNode } from 'react';
import { panelClass } from './ui';

/** A list with nothing to show (no data yet, or nothing matching the filters). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={`${panelClass} px-6 py-12 text-center text-muted`}>
      <p>{children}</p>
    </div>
  );
}

/** A list that could not be loaded (the failure is logged by the caller), with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className={`${panelClass} px-6 py-12 text-center`}>
      <p role="alert" className="font-medium text-danger">
        Failed to load {what}. Please try again.
      </p>
      <button type="button" className="btn-outline mt-5" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A table that may scroll sideways on a narrow screen: the scrolling box is a named region that
 * keyboard users can focus and scroll.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded-2xl ring-1 ring-beige focus-visible:ring-2 focus-visible:ring-maple"
    >
      {children}
    </div>
  );
}

/** A form's failure as a whole (the server refused it, or it could not be sent). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium whitespace-pre-line text-danger"
    >
      {children}
    </p>
  );
}
