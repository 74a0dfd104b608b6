/**
 * The payment step's work (docs/product.md, Checkout and payment; decisions 0013 and 0022): opening
 * the payment for the cart as it is, confirming the card (Stripe's Payment Element, or the built-in
 * test processor without a Stripe key), recording the order, and finding out what became of a
 * payment whose answer was lost.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toCartProduct } from '../../../domain/cart';
import type { Product } from '../../../domain/catalog';
import type { ShippingInfo } from '../../../domain/checkout';
import { messages } from '../../../domain/messages';
import type { Order } from '../../../domain/orders';
import { ApiError, apiRequest } from '../../api';
import type { StripeHandle } from './components/stripe-payment-element';
import { emptyCard, type CardErrors, type CardValues } from './components/test-card-fields';
import { cartStockActions, forgetHeld } from '../cart/cart-stock';
import { cartActions, currentCart, useCart } from '../cart/cart-store';
import type { StoredUser } from '../session/stored-session';
import { checkPayment, createOrder, type CheckoutRequest, type PaymentIntent } from './checkout-api';
import { checkoutActions } from './checkout-store';
import { confirmPayment } from './confirm-payment';
import { usePaymentIntent } from './use-payment-intent';
import {
  AlreadyPaid,
  InvalidCard,
  isExpired,
  learnStock,
  NotEnoughStock,
  NotInitialized,
  PaymentExpired,
  PaymentRefused,
  reason,
  Uncertain,
  type Failure,
} from './payment-outcomes';
import { checkoutTexts } from './texts';
import { cartTotals, useFreeShipping } from './totals';

/** Back from a payment method that redirects (Stripe): the intent and its outcome, from the address. */
export interface StripeReturn {
  paymentIntentId: string;
  succeeded: boolean;
}

export function usePayment({
  user,
  info,
  stripeKey,
  freeShippingEmail,
  stripeReturn,
}: {
  user: StoredUser;
  info: ShippingInfo;
  stripeKey: string | null;
  freeShippingEmail: string | null;
  stripeReturn: StripeReturn | null;
}) {
  const navigate = useNavigate();
  const cart = useCart();
  const freeShipping = useFreeShipping(freeShippingEmail);
  const totals = cartTotals(cart.items, info, freeShipping);

  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  /** Bumped to open a new payment when the last one expired. */
  const [intentRound, setIntentRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const stripeHandle = useRef<StripeHandle | null>(null);
  const onStripeReady = useCallback((handle: StripeHandle | null) => {
    stripeHandle.current = handle;
  }, []);

  // What is being paid for: the latest cart and address, read when needed.
  const request = useCallback((): CheckoutRequest => {
    const items = currentCart().items;
    return { user, shippingInfo: info, items, totals: cartTotals(items, info, freeShipping) };
  }, [user, info, freeShipping]);

  const [returned, setReturned] = useState<'none' | 'placing' | 'failed'>(() =>
    !stripeReturn ? 'none' : stripeReturn.succeeded ? 'placing' : 'failed',
  );
  const returnedIntent = stripeReturn?.paymentIntentId ?? null;

  const showOrder = useCallback(
    (order: Order) => {
      const current = request();
      checkoutActions.saveOrder(order, current.items, current.totals);
      void navigate('/order-confirmation', { replace: true });
    },
    [request, navigate],
  );

  // The payment for the cart as it is: opened when the page shows, again whenever the amount changes.
  const intentKey = JSON.stringify([
    totals.totalCents,
    cart.items.map((i) => [i.id, i.quantity]),
    info,
    intentRound,
  ]);
  usePaymentIntent({
    key: intentKey,
    returned,
    request,
    showOrder,
    setIntent,
    setFailure,
  });

  /**
   * The payment was open too long (decision 0022): the server let its units go and will not take
   * it. Says so, prices the cart again from the catalogue (today's prices; products no longer sold
   * leave the cart) and opens a new payment, as the page does when it loads.
   */
  const restartExpired = useCallback(async () => {
    forgetHeld();
    checkoutActions.setPaymentStatus('failed');
    setIntent(null);
    setBusy(false);
    setFailure({ kind: 'expired', message: messages.paymentExpired });
    try {
      const products = await apiRequest<Product[]>('/api/products');
      cartStockActions.replace(products);
      cartActions.refresh(products.map(toCartProduct));
    } catch (error) {
      console.warn('Could not price the cart again; opening a new payment with the cart as it is', error);
    }
    setIntentRound((n) => n + 1);
  }, []);

  /**
   * Records the order of a payment that went through. Any error but the server's "not paid" (402)
   * leaves the outcome open: the page asks again until it knows (checkPayment), never offering a
   * second payment meanwhile.
   */
  const placeOrder = useCallback(
    async (paymentIntentId: string) => {
      try {
        showOrder(await createOrder(request(), paymentIntentId));
        return;
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) {
          checkoutActions.setPaymentStatus('failed');
          setFailure({ kind: 'payment', message: error.message });
          setBusy(false);
          return;
        }
        if (isExpired(error)) return restartExpired();
        console.error('Failed to record the order; checking the payment', error);
      }
      await settle(paymentIntentId);
    },
    // settle is stable in what it does; it reads only setters, request() and restartExpired.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [request, showOrder, restartExpired],
  );

  /** Asks the server what became of the payment until it knows (about two minutes at most). */
  async function settle(paymentIntentId: string) {
    setBusy(true);
    setFailure({ kind: 'checking', message: 'Checking your payment…' });
    const result = await checkPayment(request(), paymentIntentId).catch((error: unknown) => {
      if (isExpired(error)) return { outcome: 'expired' as const };
      console.error('Checking the payment failed', error);
      return { outcome: 'unknown' as const };
    });
    if (result.outcome === 'expired') return restartExpired();
    if (result.outcome === 'ordered') return showOrder(result.order);
    setBusy(false);
    if (result.outcome === 'not-charged') {
      checkoutActions.setPaymentStatus('failed');
      setFailure({ kind: 'payment', message: 'Your card was not charged.' });
      return;
    }
    setFailure({ kind: 'unknown', message: '' });
  }

  useEffect(() => {
    if (returned !== 'placing' || !returnedIntent) return;
    // Started from a callback: recording the order sets state as it goes (busy, checking, ...).
    void Promise.resolve()
      .then(() => placeOrder(returnedIntent))
      .finally(() => setReturned('none'));
  }, [returned, returnedIntent, placeOrder]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setReturned('none');
    setFailure(null);
    setBusy(true);
    checkoutActions.setPaymentStatus('processing');
    let paymentIntentId: string;
    try {
      paymentIntentId = await confirmPayment({
        stripeKey,
        stripeHandle: stripeHandle.current,
        card,
        request,
        onCardErrors: setCardErrors,
        onIntent: setIntent,
      });
    } catch (error) {
      if (error instanceof AlreadyPaid) return showOrder(error.order);
      if (error instanceof Uncertain) return settle(error.paymentIntentId);
      if (error instanceof PaymentExpired) return restartExpired();
      checkoutActions.setPaymentStatus('failed');
      setBusy(false);
      if (error instanceof InvalidCard) return;
      if (error instanceof NotEnoughStock) {
        setFailure({ kind: 'stock', message: error.message });
        void learnStock();
        return;
      }
      if (error instanceof NotInitialized) {
        setFailure({ kind: 'not-initialized', message: checkoutTexts.stripeNotInitialized });
        return;
      }
      if (!(error instanceof PaymentRefused)) console.error('Payment failed', error);
      setFailure({
        kind: 'payment',
        message: error instanceof PaymentRefused ? error.message : reason(error),
      });
      return;
    }
    await placeOrder(paymentIntentId);
  }

  const paidButNoOrder = failure?.kind === 'checking' || failure?.kind === 'unknown';
  const shownFailure: Failure = failure ?? (returned === 'failed' ? { kind: 'payment', message: '' } : null);
  const working = busy || returned === 'placing';

  return {
    cart,
    totals,
    intent,
    card,
    setCard,
    cardErrors,
    onStripeReady,
    pay,
    shownFailure,
    working,
    paidButNoOrder,
  };
}
