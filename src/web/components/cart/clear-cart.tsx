import { useEffect, useRef } from 'react';
import { cartActions } from '../../features/cart/cart-store';
import { ConfirmInline } from './confirm-inline';

/** The text-link look of the cart's quiet actions (Clear Cart, View cart). */
export const quietAction =
  'inline-flex min-h-11 items-center text-sm font-semibold text-muted underline decoration-beige decoration-2 underline-offset-4 hover:text-cocoa hover:decoration-cocoa';

/**
 * 'Clear Cart' as a quiet action that asks first: 'Remove all items from your cart?' with Remove all
 * and Keep (decision 0052). The owner holds `asking`, so the drawer can answer Escape with Keep
 * instead of closing. Keep gives focus back to Clear Cart; `onCleared` lets the owner place focus
 * once the cart is empty.
 */
export function ClearCart({
  asking,
  onAskingChange,
  onCleared,
}: {
  asking: boolean;
  onAskingChange: (asking: boolean) => void;
  onCleared?: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!asking && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [asking]);

  if (asking) {
    return (
      <ConfirmInline
        question="Remove all items from your cart?"
        confirmLabel="Remove all"
        takeFocus
        testId="clear-cart-confirm"
        onKeep={() => {
          returnFocus.current = true;
          onAskingChange(false);
        }}
        onConfirm={() => {
          onAskingChange(false);
          cartActions.clear();
          onCleared?.();
        }}
      />
    );
  }
  return (
    <button ref={button} type="button" className={quietAction} onClick={() => onAskingChange(true)}>
      Clear Cart
    </button>
  );
}
