import { Lock } from 'lucide-react';
import { data, Link, Navigate } from 'react-router';
import type { ShippingInfo } from '../../domain/checkout';
import { formatPrice } from '../../domain/money';
import { CheckoutCard, CheckoutFrame, EmptyCheckout } from '../features/checkout/components/checkout-frame';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { PaymentFailure } from '../features/checkout/components/payment-failure';
import { PaymentReview } from '../features/checkout/components/payment-review';
import { StripePaymentElement } from '../features/checkout/components/stripe-payment-element';
import { TestCardFields } from '../features/checkout/components/test-card-fields';
import { useCart } from '../features/cart/cart-store';
import { useCheckout } from '../features/checkout/checkout-store';
import { checkoutTexts } from '../features/checkout/texts';
import type { StripeReturn } from '../features/checkout/payment-machine';
import { usePayment } from '../features/checkout/use-payment';
import { RequireUser } from '../features/session/require-user';
import { SignedInError, SignedInFallback } from '../features/session/signed-in-route';
import type { StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/checkout-payment';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    stripePublishableKey: context.settings.stripePublishableKey,
    pricing: {
      freeShippingEmail: context.settings.freeShippingEmail ?? null,
      taxShipping: context.settings.taxShipping,
    },
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

/**
 * The shop's payment settings, and where the shopper comes back from a payment method that
 * redirects (Stripe adds the intent and its outcome to the address). The cart and the address are
 * this tab's stores, which the step follows as they change.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const paymentIntentId = search.get('payment_intent');
  const stripeReturn: StripeReturn | null = paymentIntentId
    ? { paymentIntentId, succeeded: search.get('redirect_status') === 'succeeded' }
    : null;
  return { ...(await serverLoader()), stripeReturn };
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedInError error={error} />;
}

type Settings = Route.ComponentProps['loaderData'];

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

/** The payment step reached without an address. */
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

function Payment({ user, info, settings }: { user: StoredUser; info: ShippingInfo; settings: Settings }) {
  const stripeKey = settings.stripePublishableKey;
  const {
    cart,
    totals,
    clientSecret,
    card,
    setCard,
    cardErrors,
    onStripeReady,
    pay,
    shownFailure,
    working,
    payDisabled,
  } = usePayment({
    user,
    info,
    stripeKey,
    pricingSettings: settings.pricing,
    stripeReturn: settings.stripeReturn,
  });

  return (
    <CheckoutFrame step={3} summary={<OrderSummary items={cart.items} totals={totals} shipping="priced" />}>
      <PaymentReview info={info} shippingCents={totals.shippingCents} />
      <CheckoutCard title="Payment" id="payment-title">
        <form onSubmit={pay} noValidate aria-labelledby="payment-title">
          {stripeKey ? (
            <StripePaymentElement
              publishableKey={stripeKey}
              clientSecret={clientSecret}
              onReady={onStripeReady}
            />
          ) : (
            <TestCardFields values={card} errors={cardErrors} disabled={working} onChange={setCard} />
          )}
          {shownFailure && <PaymentFailure failure={shownFailure} />}
          <button type="submit" className="btn-primary mt-6 w-full gap-2" disabled={payDisabled}>
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
