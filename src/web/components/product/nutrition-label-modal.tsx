import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';

/**
 * The nutrition label in a modal: the native dialog, so focus trap, Escape and the return of focus
 * to the button are built in. Loaded when first opened (`nutrition-label-dialog.tsx`).
 */
export default function NutritionLabelModal({
  url,
  productName,
  open,
  onClose,
}: {
  url: string;
  productName: string;
  /** Shown as a modal while true; it stays in the page, closed, once it has been opened. */
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="nutrition-label-title"
      className="m-auto max-h-[90vh] w-[min(92vw,420px)] rounded-3xl bg-white p-6 shadow-2xl backdrop:bg-ink/60"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="nutrition-label-title" className="font-display text-xl font-semibold">
          Nutrition label
        </h2>
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-full hover:bg-sand"
          onClick={() => dialog.current?.close()}
          aria-label="Close nutrition label"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <img
        src={url}
        alt={`Nutrition facts for ${productName}`}
        width={360}
        height={420}
        className="mx-auto h-auto w-full"
      />
    </dialog>
  );
}
