/**
 * The payment step (docs/product.md, Checkout and payment; decisions 0013, 0022 and 0048): the
 * machine of payment-machine.ts, and effects that run the calls each of its steps asks for and hand
 * back their answers.
 */
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ShippingInfo } from '../../../domain/checkout';
import type { Order } from '../../../domain/orders';
import { currentCart, useCart } from '../cart/cart-store';
import type { StoredUser } from '../session/stored-session';
import type { CheckoutRequest } from './checkout-api';
import { checkoutActions, currentCheckout } from './checkout-store';
import type { StripeHandle } from './components/stripe-payment-element';
import { emptyCard, readCard, type CardErrors, type CardValues } from './components/test-card-fields';
import { confirmWithStripe, confirmWithTestCard } from './confirm-payment';
import {
  cartKey,
  initialPaymentState,
  paymentReducer,
  paymentStatusOf,
  paymentView,
  payOffered,
  type Confirmation,
  type StripeReturn,
} from './payment-machine';
import { checkOrder, priceCartAgain, recordOrder } from './payment-outcomes';
import { cartTotals, useCartPricing, type PricingSettingsInBrowser } from './totals';
import { usePaymentIntent } from './use-payment-intent';

export function usePayment({
  user,
  info,
  stripeKey,
  pricingSettings,
  stripeReturn,
}: {
  user: StoredUser;
  info: ShippingInfo;
  stripeKey: string | null;
  pricingSettings: PricingSettingsInBrowser;
  stripeReturn: StripeReturn | null;
}) {
  const navigate = useNavigate();
  const cart = useCart();
  const pricing = useCartPricing(pricingSettings);
  const totals = cartTotals(cart.items, info, pricing);
  const key = cartKey(totals.totalCents, cart.items, info);
  const [state, dispatch] = useReducer(paymentReducer, null, () => initialPaymentState(key, stripeReturn));
  const { step } = state;

  const [card, setCard] = useState<CardValues>(emptyCard);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const stripeHandle = useRef<StripeHandle | null>(null);
  const onStripeReady = useCallback((handle: StripeHandle | null) => {
    stripeHandle.current = handle;
  }, []);

  // What is being paid for: the latest cart and address, read when a call is sent.
  const request = (): CheckoutRequest => {
    const items = currentCart().items;
    return {
      user,
      shippingInfo: info,
      items,
      totals: cartTotals(items, info, pricing),
      subscriptionTermsAccepted: currentCheckout().subscriptionTermsAccepted,
    };
  };

  // The payment follows the cart, which the drawer can change on this page.
  useEffect(() => dispatch({ type: 'cart-changed', key }), [key]);
  usePaymentIntent(state.intent, request, dispatch);

  // The card step.
  const confirming = step.name === 'paying' ? step.confirming : null;
  const payingCall = step.name === 'paying' ? step.call : 0;
  const confirm = useEffectEvent((confirmation: Confirmation) =>
    confirmation.via === 'stripe'
      ? confirmWithStripe(stripeHandle.current)
      : confirmWithTestCard(confirmation.intent, confirmation.card),
  );
  useEffect(() => {
    if (!confirming) return;
    // Never cancelled: once sent, its answer is what the page must know.
    void confirm(confirming).then((result) => dispatch({ type: 'card-answered', call: payingCall, result }));
  }, [confirming, payingCall]);

  // Recording the order of a payment Stripe took, or asking what became of one.
  const ordering = step.name === 'placing' || step.name === 'checking' ? step : null;
  const askForOrder = useEffectEvent((asking: NonNullable<typeof ordering>) =>
    asking.name === 'placing'
      ? recordOrder(request(), asking.paymentIntentId)
      : checkOrder(request(), asking.paymentIntentId),
  );
  useEffect(() => {
    if (!ordering) return;
    void askForOrder(ordering).then((result) =>
      dispatch({ type: 'order-answered', call: ordering.call, result }),
    );
  }, [ordering]);

  // An expired payment: the cart is priced again, then a new payment opens.
  const repricing = step.name === 'expired' && step.repricing;
  useEffect(() => {
    if (repricing) void priceCartAgain().then(() => dispatch({ type: 'repriced' }));
  }, [repricing]);

  // The order: saved for the confirmation page, which shows it.
  const ordered = step.name === 'ordered' ? step.order : null;
  const showOrder = useEffectEvent((order: Order) => {
    const current = request();
    checkoutActions.saveOrder(order, current.items, current.totals);
    void navigate('/order-confirmation', { replace: true });
  });
  useEffect(() => {
    if (ordered) showOrder(ordered);
  }, [ordered]);

  const status = paymentStatusOf(step);
  useEffect(() => {
    if (status) checkoutActions.setPaymentStatus(status);
  }, [status]);

  function pay(event: FormEvent) {
    event.preventDefault();
    if (!payOffered(step)) return;
    if (stripeKey) return dispatch({ type: 'pay', method: { via: 'stripe' } });
    const read = readCard(card);
    if ('errors' in read) {
      setCardErrors(read.errors);
      return dispatch({ type: 'card-invalid' });
    }
    setCardErrors({});
    dispatch({ type: 'pay', method: { via: 'test', card: read.card } });
  }

  const view = paymentView(state);
  return {
    cart,
    totals,
    clientSecret: view.clientSecret,
    card,
    setCard,
    cardErrors,
    onStripeReady,
    pay,
    shownFailure: view.failure,
    working: view.working,
    payDisabled: view.payDisabled,
  };
}
