import { useEffect, useEffectEvent } from 'react';
import type { CheckoutRequest } from './checkout-api';
import type { IntentSlot, PaymentEvent } from './payment-machine';
import { openPayment } from './payment-outcomes';

/**
 * Opens the payment the machine asks for (payment-machine.ts): as soon as the page shows, and again
 * whenever the cart changes while Pay is offered. It never holds the page up (the card form shows
 * meanwhile). A newer opening cancels the one in flight; the machine ignores an answer it replaced.
 */
export function usePaymentIntent(
  slot: IntentSlot,
  /** The cart and address as they are when the call is sent. */
  request: () => CheckoutRequest,
  dispatch: (event: PaymentEvent) => void,
): void {
  const ticket = slot.status === 'opening' ? slot.ticket : null;
  const send = useEffectEvent((signal: AbortSignal) => openPayment(request(), signal));
  useEffect(() => {
    if (ticket === null) return;
    const controller = new AbortController();
    void send(controller.signal).then((result) => {
      if (!controller.signal.aborted) dispatch({ type: 'intent-answered', ticket, result });
    });
    return () => controller.abort();
  }, [ticket, dispatch]);
}
