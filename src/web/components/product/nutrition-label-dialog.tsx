import { X } from 'lucide-react';
import { useRef } from 'react';

/** 'View nutrition label' and the label in a modal (the native dialog: focus trap and Escape built in). */
export function NutritionLabelDialog({ url, productName }: { url: string; productName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="text-sm font-semibold text-maple-dark underline underline-offset-4 hover:text-cocoa"
        onClick={() => dialog.current?.showModal()}
        aria-haspopup="dialog"
      >
        View nutrition label
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="nutrition-label-title"
        className="m-auto max-h-[90vh] w-[min(92vw,420px)] rounded-3xl bg-white p-6 shadow-2xl backdrop:bg-ink/60"
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
          loading="lazy"
          className="mx-auto h-auto w-full"
        />
      </dialog>
    </>
  );
}
