import { lazy, Suspense, useState } from 'react';

const NutritionLabelModal = lazy(() => import('./nutrition-label-modal'));

/**
 * 'View nutrition label' and the label in a modal (`nutrition-label-modal.tsx`), whose code loads
 * when it is first opened: the product page's first load carries only the button.
 */
export function NutritionLabelDialog({ url, productName }: { url: string; productName: string }) {
  // null until first opened; from then on the dialog stays in the page, open or closed.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <button
        type="button"
        className="text-sm font-semibold text-maple-dark underline underline-offset-4 hover:text-cocoa"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        View nutrition label
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <NutritionLabelModal
            url={url}
            productName={productName}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
