import { useEffect, useId, useRef } from 'react';

/**
 * A question asked in place before something is removed from the cart (decision 0052): the question,
 * the removing answer and Keep. Escape answers Keep. When the shopper asked by pressing a button,
 * focus goes to Keep, the safe answer, and the group's name reads the question; when it follows
 * typing (0 in a quantity field), focus stays where it is and the question is announced instead.
 */
export function ConfirmInline({
  question,
  confirmLabel,
  onConfirm,
  onKeep,
  takeFocus,
  testId,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onKeep: () => void;
  takeFocus: boolean;
  testId?: string;
}) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) keep.current?.focus();
  }, [takeFocus]);
  return (
    <div
      role="group"
      aria-labelledby={id}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onKeep();
      }}
      className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl bg-sand px-4 py-3 ring-1 ring-beige"
    >
      <p id={id} role={takeFocus ? undefined : 'alert'} className="text-sm font-semibold text-cocoa">
        {question}
      </p>
      <div className="flex gap-2">
        <button
          ref={keep}
          type="button"
          onClick={onKeep}
          className="inline-flex min-h-11 items-center rounded-full border-2 border-cocoa bg-white px-5 text-sm font-semibold text-cocoa hover:bg-cream"
        >
          Keep
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className="inline-flex min-h-11 items-center rounded-full bg-danger px-5 text-sm font-semibold text-white hover:bg-[#8f1c13]"
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
