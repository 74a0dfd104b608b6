import { useRef } from 'react';
import { orderTexts } from '../../features/checkout/texts';

/**
 * Cancelling an order (docs/product.md, Orders), shown only while the customer may cancel (the page
 * leaves it out otherwise, and says why for Shipped and In Progress; decision 0053). A dialog asks
 * first. `onConfirm` settles once the cancellation was tried (`busy` meanwhile, `failed` if it was
 * refused); `onOpen` forgets the last failure when the dialog opens again.
 */
export function CancelOrder({
  busy,
  failed,
  onOpen,
  onConfirm,
}: {
  busy: boolean;
  failed: boolean;
  onOpen: () => void;
  onConfirm: () => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  async function confirm() {
    await onConfirm();
    dialog.current?.close();
  }

  return (
    <section
      aria-labelledby="cancel-order-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <h2 id="cancel-order-title" className="font-display text-2xl font-semibold">
        Cancel order
      </h2>
      <p className="mt-3 text-sm text-muted" id="cancel-order-note">
        Changed your mind? You can cancel this order until we start preparing it.
      </p>
      <button
        type="button"
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full border-2 border-danger px-6 py-3 text-sm font-semibold text-danger transition-colors hover:bg-danger hover:text-white disabled:opacity-60"
        disabled={busy}
        aria-describedby="cancel-order-note"
        onClick={() => {
          onOpen();
          dialog.current?.showModal();
        }}
      >
        Cancel Order
      </button>
      {failed && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {orderTexts.cancelFailed}
        </p>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="confirm-cancel-title"
        aria-describedby="confirm-cancel-question"
        className="m-auto w-[min(92vw,420px)] rounded-3xl bg-white p-8 text-center shadow-2xl backdrop:bg-ink/60"
      >
        <h2 id="confirm-cancel-title" className="font-display text-2xl font-semibold">
          {orderTexts.confirmCancellation}
        </h2>
        <p id="confirm-cancel-question" className="mt-3 text-muted">
          {orderTexts.confirmCancellationQuestion}
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <button
            type="button"
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-danger px-6 py-3 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Canceling...' : 'Yes, cancel order'}
          </button>
          <button
            type="button"
            className="btn-outline flex-1"
            disabled={busy}
            onClick={() => dialog.current?.close()}
            autoFocus
          >
            Keep order
          </button>
        </div>
      </dialog>
    </section>
  );
}
