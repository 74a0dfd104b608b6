import { useRef, useState, type ReactNode } from 'react';
import { AdminDialog, closeDialogOf } from './admin-dialog';
import { dangerButton } from './ui';

/**
 * Asks before a destructive or far-reaching action. `onConfirm` answers an error message to show
 * (the dialog stays open, nothing changed) or null when done (the dialog closes).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The button that leaves without doing it ('Cancel'; 'Keep order' where cancelling is the action). */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const problem = await onConfirm();
    setBusy(false);
    if (problem) setError(problem);
    else closeDialogOf(confirmButton.current);
  }

  return (
    <AdminDialog
      title={title}
      size="sm"
      busy={busy}
      onClose={onClose}
      description={children}
      footer={
        <>
          <button
            type="button"
            className="btn-outline"
            disabled={busy}
            onClick={(event) => closeDialogOf(event.currentTarget)}
            autoFocus
          >
            {cancelLabel}
          </button>
          <button
            ref={confirmButton}
            type="button"
            className={tone === 'danger' ? dangerButton : 'btn-primary'}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm font-medium whitespace-pre-line text-danger">
          {error}
        </p>
      ) : (
        <p className="text-sm text-muted">You can close this without changing anything.</p>
      )}
    </AdminDialog>
  );
}
