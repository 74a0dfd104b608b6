import { Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toCartProduct } from '../../domain/cart';
import type { Product } from '../../domain/catalog';
import { GROUND_SHIPPING, type ShippingInfo } from '../../domain/checkout';
import { messages } from '../../domain/messages';
import { formatPrice } from '../../domain/money';
import { ApiError, apiRequest } from '../api';
import { AddressBlock, shippingInfoAddress } from '../components/checkout/address-block';
import { CheckoutCard, CheckoutFrame, EmptyCheckout } from '../components/checkout/checkout-frame';
import { OrderSummary } from '../components/checkout/order-summary';
import { StripePaymentElement, type StripeHandle } from '../components/checkout/stripe-payment-element';
import {
  emptyCard,
  readCard,
  TestCardFields,
  type CardErrors,
  type CardValues,
} from '../components/checkout/test-card-fields';
import { cartStockActions, forgetHeld, rememberHeld } from '../features/cart/cart-stock';
import { cartActions, currentCart, useCart } from '../features/cart/cart-store';
import {
  checkPayment,
  confirmTestPayment,
  createOrder,
  createPaymentIntent,
  type CheckoutRequest,
  type PaymentIntent,
} from '../features/checkout/checkout-api';
import type { Order } from '../../domain/orders';
import { checkoutActions, useCheckout } from '../features/checkout/checkout-store';
import { checkoutTexts } from '../features/checkout/texts';
import { cartTotals, useFreeShipping } from '../features/checkout/totals';
import { RequireUser } from '../features/session/require-user';
import type { StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/checkout-payment';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    stripePublishableKey: context.settings.stripePublishableKey,
    freeShippingEmail: context.settings.freeShippingEmail ?? null,
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: checkoutTexts.expressCheckout,
    description: 'Pay for your order.',
    origin: page.origin,
    path: '/checkout/payment',
    noindex: true,
  });
}

interface Settings {
  stripePublishableKey: string | null;
  freeShippingEmail: string | null;
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  return <RequireUser>{(user) => <PaymentStep user={user} settings={loaderData} />}</RequireUser>;
}

function PaymentStep({ user, settings }: { user: StoredUser; settings: Settings }) {
  const checkout = useCheckout();
  const cart = useCart();
  // Paid already (the shopper came back): the order is on the confirmation page, never paid twice.
  if (checkout.order) return <Navigate to="/order-confirmation" replace />;
  if (!checkout.shippingInfo) {
    return (
      <CheckoutFrame step={3}>
        <MissingShippingInfo />
      </CheckoutFrame>
    );
  }
  if (cart.items.length === 0) {
    return (
      <CheckoutFrame step={3}>
        <EmptyCheckout />
      </CheckoutFrame>
    );
  }
  return <Payment user={user} info={checkout.shippingInfo} settings={settings} />;
}

/** SPEC §2: the payment step reached without an address. */
function MissingShippingInfo() {
  return (
    <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-beige">
      <p role="alert" className="mx-auto max-w-md font-medium text-cocoa">
        {checkoutTexts.shippingInfoMissing}
      </p>
      <Link to="/checkout" className="btn-primary mt-6">
        Back to Checkout
      </Link>
    </div>
  );
}

/**
 * What went wrong: the payment (the card's reason, then 'Payment failed. Please try again.'), the
 * Stripe form not being ready; not enough stock for the cart ('stock', the server's message naming
 * the product and what is left); a checkout open too long ('expired': a new payment is opened at
 * today's prices, issue 16); or, after an error past the card step, the page is checking what
 * became of the payment ('checking'), or could not find out in time ('unknown'): in both it never
 * offers to pay again (issue 14).
 */
type Failure = {
  kind: 'payment' | 'not-initialized' | 'stock' | 'expired' | 'checking' | 'unknown';
  message: string;
} | null;

/** The server's reason for a refused call (4xx), else nothing more to say. */
const reason = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : '');

/** A refused payment: declined card, expired card, prices changed since the cart was filled, ... */
class PaymentRefused extends Error {}
class NotInitialized extends Error {}
class InvalidCard extends Error {}
/** The cart asks for more than is left (409 from create-payment-intent): the server's message. */
class NotEnoughStock extends Error {}
/** The payment was open too long and the server let it go (409 messages.paymentExpired). */
class PaymentExpired extends Error {}

/** The catalogue's current stock for the cart drawer and page (after the server refused for stock). */
async function learnStock(): Promise<void> {
  try {
    cartStockActions.replace(await apiRequest<Product[]>('/api/products'));
  } catch (error) {
    console.warn('Could not read the stock', error);
  }
}

/** A 409 that says the payment expired. */
const isExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === messages.paymentExpired;
/** A 409 of create-payment-intent: not enough stock for a line. */
const isStockRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && !isExpired(error);

/** This very cart was paid already: its order, which the server has now recorded. */
class AlreadyPaid extends Error {
  constructor(readonly order: Order) {
    super('This cart has been paid for already');
  }
}
/** The card step was sent but its answer was lost or was a server error: the outcome is unknown. */
class Uncertain extends Error {
  constructor(readonly paymentIntentId: string) {
    super('The payment outcome is not known yet');
  }
}

/** Answers of the card step that say the card was not charged. */
const REFUSED_STATUSES = new Set([400, 402, 404, 409, 429]);

function Payment({ user, info, settings }: { user: StoredUser; info: ShippingInfo; settings: Settings }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const cart = useCart();
  const freeShipping = useFreeShipping(settings.freeShippingEmail);
  const totals = cartTotals(cart.items, info, freeShipping);
  const stripeKey = settings.stripePublishableKey;

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

  // Back from a payment method that redirects (Stripe): the intent and its outcome are in the address.
  const [returned, setReturned] = useState<'none' | 'placing' | 'failed'>(() =>
    !searchParams.get('payment_intent')
      ? 'none'
      : searchParams.get('redirect_status') === 'succeeded'
        ? 'placing'
        : 'failed',
  );
  const [returnedIntent] = useState(() => searchParams.get('payment_intent'));

  const showOrder = useCallback(
    (order: Order) => {
      const current = request();
      checkoutActions.saveOrder(order, current.items, current.totals);
      void navigate('/order-confirmation', { replace: true });
    },
    [request, navigate],
  );

  // Open the payment as soon as the page shows (again whenever the amount changes). The server
  // reuses the open intent of the same cart and shopper, so this is safe to repeat; if that cart
  // was paid already, the answer is its order, shown instead of the card form.
  const intentKey = JSON.stringify([
    totals.totalCents,
    cart.items.map((i) => [i.id, i.quantity]),
    info,
    intentRound,
  ]);
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
        // Not enough left for the cart (issue 16): the server's message, where checkout errors show;
        // the cart drawer and page learn the stock too.
        if (isStockRefusal(error)) {
          setFailure({ kind: 'stock', message: (error as ApiError).message });
          void learnStock();
          return;
        }
        // SPEC §8: a client-secret failure is only logged; paying tries again and says why.
        console.error('Failed to create the payment intent', error);
      });
    return () => controller.abort();
  }, [intentKey, request, returned, showOrder]);

  /**
   * The payment was open too long (issue 16): the server let its units go and will not take it.
   * Says so, prices the cart again from the catalogue (today's prices; products no longer sold
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

  /** Confirms the payment; answers the paid intent's id, or throws with the reason. */
  async function confirm(): Promise<string> {
    if (stripeKey) {
      const handle = stripeHandle.current;
      if (!handle) throw new NotInitialized();
      const submitted = await handle.elements.submit();
      if (submitted.error) throw new PaymentRefused(submitted.error.message ?? '');
      const result = await handle.stripe.confirmPayment({
        elements: handle.elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/checkout/payment` },
      });
      if (result.error) {
        // Stripe refuses an intent the shop cancelled when it expired.
        if (result.error.code === 'payment_intent_unexpected_state') throw new PaymentExpired();
        throw new PaymentRefused(result.error.message ?? '');
      }
      if (result.paymentIntent.status !== 'succeeded') throw new PaymentRefused('');
      return result.paymentIntent.id;
    }
    const read = readCard(card);
    if ('errors' in read) {
      setCardErrors(read.errors);
      throw new InvalidCard();
    }
    setCardErrors({});
    let open: PaymentIntent;
    try {
      // The intent of exactly this cart and amount (the server hands back the open one).
      open = await createPaymentIntent(request());
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 402)) {
        throw new PaymentRefused(error.message);
      }
      if (isStockRefusal(error)) throw new NotEnoughStock((error as ApiError).message);
      throw error;
    }
    setIntent(open);
    if (open.order) throw new AlreadyPaid(open.order);
    rememberHeld(request().items);
    try {
      await confirmTestPayment(open.client_secret, read.card);
    } catch (error) {
      if (isExpired(error)) throw new PaymentExpired();
      if (error instanceof ApiError && REFUSED_STATUSES.has(error.status)) {
        throw new PaymentRefused(error.message);
      }
      // Sent, but no clear answer: the card may have been charged.
      console.error('The card step failed without an answer; checking the payment', error);
      throw new Uncertain(open.payment_intent_id);
    }
    return open.payment_intent_id;
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    setReturned('none');
    setFailure(null);
    setBusy(true);
    checkoutActions.setPaymentStatus('processing');
    let paymentIntentId: string;
    try {
      paymentIntentId = await confirm();
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

  return (
    <CheckoutFrame step={3} summary={<OrderSummary items={cart.items} totals={totals} shipping="priced" />}>
      <CheckoutCard title="Review" id="review-title">
        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <div className="flex items-center justify-between gap-3">
              <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Ship to</h3>
              <Link to="/checkout" className="text-sm font-semibold text-maple-dark hover:underline">
                Change<span className="sr-only"> address</span>
              </Link>
            </div>
            <div className="mt-2">
              <AddressBlock address={shippingInfoAddress(info)} testId="payment-ship-to" />
            </div>
          </div>
          <div>
            <div className="flex items-center justify-between gap-3">
              <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">
                Shipping method
              </h3>
              <Link to="/checkout/shipping" className="text-sm font-semibold text-maple-dark hover:underline">
                Change<span className="sr-only"> shipping method</span>
              </Link>
            </div>
            <p className="mt-2 text-sm text-ink">{GROUND_SHIPPING}</p>
            <p className="text-sm font-semibold text-cocoa" data-testid="payment-shipping-cost">
              {totals.shippingCents === 0 ? 'Free' : formatPrice(totals.shippingCents)}
            </p>
          </div>
        </div>
      </CheckoutCard>
      <CheckoutCard title="Payment" id="payment-title">
        <form onSubmit={(event) => void pay(event)} noValidate aria-labelledby="payment-title">
          {stripeKey ? (
            <StripePaymentElement
              publishableKey={stripeKey}
              clientSecret={intent?.client_secret ?? null}
              onReady={onStripeReady}
            />
          ) : (
            <TestCardFields values={card} errors={cardErrors} disabled={working} onChange={setCard} />
          )}
          {shownFailure?.kind === 'checking' && (
            <div
              role="status"
              className="mt-5 flex items-center gap-3 rounded-2xl bg-sand px-4 py-3 text-sm font-medium text-cocoa"
            >
              <span
                aria-hidden="true"
                className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-beige border-t-maple motion-reduce:animate-none"
              />
              <p>{shownFailure.message} Please stay on this page; do not pay again.</p>
            </div>
          )}
          {shownFailure?.kind === 'expired' && (
            <p
              role="alert"
              className="mt-5 rounded-2xl bg-sand px-4 py-3 text-sm font-medium text-cocoa ring-1 ring-beige"
              data-testid="payment-expired"
            >
              {shownFailure.message}
            </p>
          )}
          {shownFailure && shownFailure.kind !== 'checking' && shownFailure.kind !== 'expired' && (
            <div
              role="alert"
              className="mt-5 rounded-2xl bg-danger/5 px-4 py-3 text-sm font-medium text-danger ring-1 ring-danger/30"
            >
              {shownFailure.message && <p>{shownFailure.message}</p>}
              {shownFailure.kind === 'payment' && <p>{checkoutTexts.paymentFailed}</p>}
              {shownFailure.kind === 'stock' && (
                <p className="mt-1">
                  <Link to="/cart" className="font-semibold underline">
                    Review your cart
                  </Link>
                </p>
              )}
              {shownFailure.kind === 'unknown' && (
                <p className="text-ink">
                  We could not confirm your payment yet. Please do not pay again: if it went through, your
                  order will appear under Recent Orders on your{' '}
                  <Link to="/profile" className="font-semibold underline">
                    account page
                  </Link>{' '}
                  within a few minutes.
                </p>
              )}
            </div>
          )}
          <button
            type="submit"
            className="btn-primary mt-6 w-full gap-2"
            disabled={working || paidButNoOrder}
          >
            <Lock className="h-4 w-4" aria-hidden="true" />
            {working ? 'Processing...' : `Pay ${formatPrice(totals.totalCents)}`}
          </button>
          <p className="mt-3 text-center text-xs text-muted">
            Your card details go straight to the payment processor; Northbite never sees or stores them.
          </p>
        </form>
      </CheckoutCard>
      <Link
        to="/checkout/shipping"
        className="block text-center text-sm font-semibold text-maple-dark hover:underline sm:text-left"
      >
        ← Back to shipping
      </Link>
    </CheckoutFrame>
  );
}
