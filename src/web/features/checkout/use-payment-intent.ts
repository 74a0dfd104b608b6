import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Order } from '../../../domain/orders';
import type { ApiError } from '../../api';
import { rememberHeld } from '../cart/cart-stock';
import { createPaymentIntent, type CheckoutRequest, type PaymentIntent } from './checkout-api';
import { isStockRefusal, learnStock, type Failure } from './payment-outcomes';

/**
 * Opens the payment of the payment step as soon as the page shows, and again whenever `key` (the
 * amount, the lines, the address) changes while it is open: it follows the cart, which the drawer
 * can change on this page, and never holds the page up (the card form shows meanwhile). The server
 * reuses the open intent of the same cart and shopper, so this is safe to repeat; if that cart was
 * paid already, the answer is its order, shown instead of the card form. A newer opening cancels
 * the one in flight.
 */
export function usePaymentIntent({
  key,
  returned,
  request,
  showOrder,
  setIntent,
  setFailure,
}: {
  key: string;
  /** Back from Stripe ('placing': the payment went through, its order is being recorded instead). */
  returned: 'none' | 'placing' | 'failed';
  request: () => CheckoutRequest;
  showOrder: (order: Order) => void;
  setIntent: Dispatch<SetStateAction<PaymentIntent | null>>;
  setFailure: Dispatch<SetStateAction<Failure>>;
}): void {
  useEffect(() => {
    if (returned === 'placing') return;
    const controller = new AbortController();
    const current = request();
    createPaymentIntent(current, controller.signal)
      .then((created) => {
        if (created.order) return showOrder(created.order);
        setIntent(created);
        rememberHeld(current.items);
        // The cart was changed to fit what is left: the stock message no longer applies.
        setFailure((shown) => (shown?.kind === 'stock' ? null : shown));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setIntent(null);
        // Not enough left for the cart (decision 0022): the server's message, where checkout errors
        // show; the cart drawer and page learn the stock too.
        if (isStockRefusal(error)) {
          setFailure({ kind: 'stock', message: (error as ApiError).message });
          void learnStock();
          return;
        }
        // A client-secret failure is only logged; paying tries again and says why.
        console.error('Failed to create the payment intent', error);
      });
    return () => controller.abort();
  }, [key, returned, request, showOrder, setIntent, setFailure]);
}
