import { useEffect, useRef, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { savedFieldsOf, type SavedAddress } from '../../domain/addresses';
import type { ShippingInfo } from '../../domain/checkout';
import type { ShippingDestination } from '../../domain/pricing';
import { CheckoutCard, CheckoutFrame, EmptyCheckout } from '../features/checkout/components/checkout-frame';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { ShippingForm, type ShippingSubmit } from '../features/checkout/components/shipping-form';
import { loadAddressBook, saveAddress } from '../features/account/address-book';
import { useCart } from '../features/cart/cart-store';
import { checkoutActions, useCheckout } from '../features/checkout/checkout-store';
import { saveAbandonedCart } from '../features/cart/abandoned-cart';
import { trackStartedCheckout } from '../features/checkout/events';
import { checkoutTexts } from '../features/checkout/texts';
import { cartTotals, useCartPricing, type PricingSettingsInBrowser } from '../features/checkout/totals';
import { RequireUser } from '../features/session/require-user';
import { SignedInError, SignedInFallback } from '../features/session/signed-in-route';
import { getStoredUser, type StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/checkout';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    pricing: {
      freeShippingEmail: context.settings.freeShippingEmail ?? null,
      taxShipping: context.settings.taxShipping,
    },
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
 * it shows only in the browser, after the server's loading state. A signed-in shopper's address book
 * (decision 0049) is read first, so the form starts from the default address; without it (a failed
 * read) the form works as for a first checkout, without offering to save.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [page, addresses] = await Promise.all([
    serverLoader(),
    getStoredUser() ? readAddresses(request.signal) : Promise.resolve(null),
  ]);
  return { ...page, addresses };
}

async function readAddresses(signal: AbortSignal): Promise<SavedAddress[] | null> {
  try {
    return (await loadAddressBook(signal)).addresses;
  } catch (error) {
    if (!signal.aborted) console.error('Failed to load the saved addresses', error);
    return null;
  }
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedInError error={error} />;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireUser>
      {(user) => (
        <AddressStep
          user={user}
          pricingSettings={loaderData.pricing}
          addresses={'addresses' in loaderData ? loaderData.addresses : null}
        />
      )}
    </RequireUser>
  );
}

function AddressStep({
  user,
  pricingSettings,
  addresses,
}: {
  user: StoredUser;
  pricingSettings: PricingSettingsInBrowser;
  addresses: SavedAddress[] | null;
}) {
  const navigate = useNavigate();
  const cart = useCart();
  const checkout = useCheckout();
  const pricing = useCartPricing(pricingSettings);
  const [destination, setDestination] = useState<ShippingDestination>(() => ({
    city: checkout.shippingInfo?.city ?? '',
    postalCode: checkout.shippingInfo?.postalCode ?? '',
    state: checkout.shippingInfo?.state,
  }));
  const totals = cartTotals(cart.items, destination, pricing);
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

  const submit = async (info: ShippingInfo, options: ShippingSubmit) => {
    checkoutActions.saveShippingInfo(info, cart.items, cartTotals(cart.items, info, pricing));
    if (options.saveAddress) {
      // Kept for next time (decision 0049); the checkout goes on whether or not it could be saved.
      await saveAddress(savedFieldsOf(info)).catch((error: unknown) =>
        console.error('Failed to save the address', error),
      );
    }
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
          addresses={addresses}
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
