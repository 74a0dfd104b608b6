import { Truck } from 'lucide-react';
import { useEffect } from 'react';
import { data, Link, replace, useNavigate } from 'react-router';
import { GROUND_SHIPPING, type ShippingInfo } from '../../domain/checkout';
import { formatPrice, formatPriceShort } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_RATES_CENTS } from '../../domain/pricing';
import { AddressBlock, shippingInfoAddress } from '../components/checkout/address-block';
import { CheckoutCard, CheckoutFrame, EmptyCheckout } from '../features/checkout/components/checkout-frame';
import { SubscriptionTerms } from '../features/checkout/components/subscription-terms';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { currentCart, useCart } from '../features/cart/cart-store';
import { checkoutActions, currentCheckout, useCheckout } from '../features/checkout/checkout-store';
import { checkoutTexts } from '../features/checkout/texts';
import { cartTotals, useCartPricing, type PricingSettingsInBrowser } from '../features/checkout/totals';
import { RequireUser } from '../features/session/require-user';
import { SignedInError, SignedInFallback } from '../features/session/signed-in-route';
import { getStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/checkout-shipping';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
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
    title: `Shipping | ${checkoutTexts.expressCheckout}`,
    description: 'Choose how your order ships.',
    origin: page.origin,
    path: '/checkout/shipping',
    noindex: true,
  });
}

/** 'Calculating...' shows this long after the address changes. */
const CALCULATING_MS = 500;

/** The rates (docs/product.md, Prices, shipping and tax) as the shipping step states them. */
const RATES_TEXT =
  `Orders of ${formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS)} or more ship free. ` +
  `Vancouver ${formatPriceShort(SHIPPING_RATES_CENTS.vancouver)}, ` +
  `Burnaby and Brentwood ${formatPriceShort(SHIPPING_RATES_CENTS.burnaby)}, ` +
  `anywhere else in British Columbia ${formatPriceShort(SHIPPING_RATES_CENTS.elsewhere)}.`;

/** The address saved by the address step (this tab's checkout); without one, back to that step. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  // Signed out: the page sends the visitor to /login first, remembering this step.
  if (!getStoredUser()) return { ...page, shippingInfo: null };
  const { shippingInfo } = currentCheckout();
  if (!shippingInfo) throw replace('/checkout');
  return { ...page, shippingInfo };
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedInError error={error} />;
}

export default function CheckoutShipping({ loaderData }: Route.ComponentProps) {
  const { shippingInfo, pricing } = loaderData;
  return (
    <RequireUser>
      {() =>
        shippingInfo ? (
          <ShippingOptions info={shippingInfo} pricingSettings={pricing} />
        ) : (
          <SignedInFallback />
        )
      }
    </RequireUser>
  );
}

function ShippingOptions({
  info,
  pricingSettings,
}: {
  info: ShippingInfo;
  pricingSettings: PricingSettingsInBrowser;
}) {
  const navigate = useNavigate();
  const cart = useCart();
  const checkout = useCheckout();
  const pricedCost = checkout.shippingCost;
  const needsTerms = cart.items.some((item) => item.subscription) && !checkout.subscriptionTermsAccepted;
  const pricing = useCartPricing(pricingSettings);
  const totals = cartTotals(cart.items, info, pricing);
  // A new address is priced again: its cost reads 'Calculating...' for a moment first.
  const calculating = pricedCost === null;

  useEffect(() => {
    if (!calculating) return;
    const timer = window.setTimeout(() => {
      const items = currentCart().items;
      checkoutActions.priceShipping(items, cartTotals(items, info, pricing));
    }, CALCULATING_MS);
    return () => window.clearTimeout(timer);
  }, [calculating, info, pricing]);

  if (cart.items.length === 0) {
    return (
      <CheckoutFrame step={2}>
        <EmptyCheckout />
      </CheckoutFrame>
    );
  }

  const cost = calculating
    ? checkoutTexts.calculating
    : totals.shippingCents === 0
      ? 'Free'
      : formatPrice(totals.shippingCents);

  return (
    <CheckoutFrame
      step={2}
      summary={
        <OrderSummary items={cart.items} totals={totals} shipping={calculating ? 'calculating' : 'priced'} />
      }
    >
      <CheckoutCard
        title="Shipping to"
        id="ship-to-title"
        action={
          <Link to="/checkout" className="text-sm font-semibold text-maple-dark hover:underline">
            Change
          </Link>
        }
      >
        <AddressBlock address={shippingInfoAddress(info)} testId="ship-to" />
      </CheckoutCard>
      <CheckoutCard title="Shipping method" id="shipping-method-title">
        <fieldset>
          <legend className="sr-only">Shipping method</legend>
          <label className="flex cursor-pointer items-center gap-4 rounded-2xl border-2 border-cocoa bg-cream px-4 py-4">
            <input
              type="radio"
              name="shipping-method"
              value="ground"
              checked
              readOnly
              className="h-5 w-5 accent-cocoa"
            />
            <Truck className="h-6 w-6 shrink-0 text-cocoa" aria-hidden="true" />
            <span className="flex-1 font-semibold text-cocoa">{GROUND_SHIPPING}</span>
            <span
              className="font-semibold text-cocoa tabular-nums"
              aria-live="polite"
              data-testid="shipping-cost"
            >
              {cost}
            </span>
          </label>
        </fieldset>
        <p className="mt-3 text-sm text-muted">{RATES_TEXT}</p>
      </CheckoutCard>
      <SubscriptionTerms
        cart={cart}
        totalCents={totals.totalCents}
        accepted={checkout.subscriptionTermsAccepted}
        onAcceptedChange={checkoutActions.acceptSubscriptionTerms}
      />
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Link to="/checkout" className="text-center text-sm font-semibold text-maple-dark hover:underline">
          ← Back to information
        </Link>
        <button
          type="button"
          className="btn-primary sm:min-w-56"
          disabled={calculating || needsTerms}
          aria-describedby={needsTerms ? 'subscription-terms-title' : undefined}
          onClick={() => void navigate('/checkout/payment')}
        >
          {checkoutTexts.proceedToPayment}
        </button>
      </div>
    </CheckoutFrame>
  );
}
