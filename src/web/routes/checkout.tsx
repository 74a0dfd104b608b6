import { useEffect, useRef, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import type { ShippingInfo } from '../../domain/checkout';
import type { ShippingDestination } from '../../domain/pricing';
import { CheckoutCard, CheckoutFrame, EmptyCheckout } from '../features/checkout/components/checkout-frame';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { ShippingForm } from '../features/checkout/components/shipping-form';
import { useCart } from '../features/cart/cart-store';
import { checkoutActions, useCheckout } from '../features/checkout/checkout-store';
import { saveAbandonedCart } from '../features/cart/abandoned-cart';
import { trackStartedCheckout } from '../features/checkout/events';
import { checkoutTexts } from '../features/checkout/texts';
import { cartTotals, useFreeShipping } from '../features/checkout/totals';
import { RequireUser } from '../features/session/require-user';
import { SignedInError, SignedInFallback } from '../features/session/signed-in-route';
import type { StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/checkout';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    freeShippingEmail: context.settings.freeShippingEmail ?? null,
  });
}

// The server sends everyone the same shell; the checkout appears after hydration.
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: checkoutTexts.expressCheckout,
    description: 'Your shipping address and order summary.',
    origin: page.origin,
    path: '/checkout',
    noindex: true,
  });
}

/**
 * The checkout is the cart and the address kept in this browser (the stores the steps subscribe to):
 * it shows only in the browser, after the server's loading state.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverLoader();
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedInError error={error} />;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireUser>
      {(user) => <AddressStep user={user} freeShippingEmail={loaderData.freeShippingEmail} />}
    </RequireUser>
  );
}

function AddressStep({ user, freeShippingEmail }: { user: StoredUser; freeShippingEmail: string | null }) {
  const navigate = useNavigate();
  const cart = useCart();
  const checkout = useCheckout();
  const freeShipping = useFreeShipping(freeShippingEmail);
  const [destination, setDestination] = useState<ShippingDestination>(() => ({
    city: checkout.shippingInfo?.city ?? '',
    postalCode: checkout.shippingInfo?.postalCode ?? '',
  }));
  const totals = cartTotals(cart.items, destination, freeShipping);
  const hasItems = cart.items.length > 0;

  // 'Started Checkout' (docs/product.md, Marketing), once per visit of the page with something in
  // the cart.
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || !hasItems) return;
    tracked.current = true;
    trackStartedCheckout(cart);
    // Saved for the reminder e-mail if the shopper leaves now (decision 0016).
    void saveAbandonedCart(user, cart);
  }, [hasItems, cart, user]);

  const submit = (info: ShippingInfo) => {
    checkoutActions.saveShippingInfo(info, cart.items, cartTotals(cart.items, info, freeShipping));
    void navigate('/checkout/shipping');
  };

  if (!hasItems) {
    return (
      <CheckoutFrame step={1}>
        <EmptyCheckout />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame
      step={1}
      summary={
        <OrderSummary
          items={cart.items}
          totals={totals}
          shipping={destination.city.trim() || totals.shippingCents === 0 ? 'priced' : 'unknown'}
        />
      }
    >
      <CheckoutCard title="Shipping address" id="shipping-address-title">
        <ShippingForm
          saved={checkout.shippingInfo}
          user={user}
          onDestinationChange={setDestination}
          onSubmit={submit}
          footer={
            <Link to="/cart" className="text-center text-sm font-semibold text-maple-dark hover:underline">
              ← Back to cart
            </Link>
          }
        />
      </CheckoutCard>
    </CheckoutFrame>
  );
}
