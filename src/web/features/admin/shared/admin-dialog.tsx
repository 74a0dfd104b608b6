import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> (focus trap, Escape, top layer). Rendered only while open:
 * it opens when mounted and reports every way of closing (Escape, the close button, `close()` from
 * inside) through `onClose`, so the parent unmounts it. While `busy`, it cannot be dismissed, so a
 * save in flight is never abandoned half way.
 */
export function AdminDialog({
  title,
  description,
  onClose,
  busy = false,
  size = 'md',
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const width = { sm: 'w-[min(92vw,440px)]', md: 'w-[min(94vw,640px)]', lg: 'w-[min(96vw,880px)]' }[size];

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      className={`m-auto max-h-[92dvh] ${width} overflow-hidden rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 open:flex open:flex-col`}
    >
      <header className="flex items-start justify-between gap-4 border-b border-beige px-6 pt-5 pb-4 sm:px-8">
        <div className="min-w-0">
          <h2 id={titleId} className="font-display text-2xl font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-muted">
              {description}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          disabled={busy}
          className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-cocoa hover:bg-sand disabled:opacity-50"
          aria-label="Close"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>
      {/* relative: what is positioned inside (screen-reader-only text, radios drawn by their labels)
          scrolls with the body, not the dialog, whose own box would otherwise grow past the footer. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto px-6 py-5 sm:px-8">{children}</div>
      {footer && (
        <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-beige bg-cream/60 px-6 py-4 sm:px-8 [&>button]:flex-1 [&>button]:px-4 [&>button]:whitespace-nowrap sm:[&>button]:flex-none sm:[&>button]:px-6">
          {footer}
        </footer>
      )}
    </dialog>
  );
}

/** Closes the dialog an element sits in (its `close` event then reaches `onClose`). */
export function closeDialogOf(element: Element | null): void {
  element?.closest('dialog')?.close();
}
