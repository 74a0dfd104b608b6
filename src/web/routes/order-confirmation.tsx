import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { AddressBlock, orderAddress } from '../components/checkout/address-block';
import { OrderLines } from '../components/orders/order-lines';
import { checkoutActions, currentCheckout } from '../features/checkout/checkout-store';
import { trackPlacedOrder } from '../features/checkout/events';
import { CLEAR_AFTER_ORDER_MS, finishPlacedOrder } from '../features/checkout/finish-order';
import { checkoutTexts } from '../features/checkout/texts';
import { ScreenError, SignedInFallback } from '../features/session/signed-in-route';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/order-confirmation';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// The order lives in this tab's checkout state: the server sends everyone the same shell.
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Order Confirmation',
    description: 'Thank you for your order.',
    origin: page.origin,
    path: '/order-confirmation',
    noindex: true,
  });
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long' });

/** The order just placed, as this tab's checkout has it. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { ...(await serverLoader()), order: currentCheckout().order };
}
clientLoader.hydrate = true as const;

// The order stays on screen after the checkout state is cleared: it is read once.
export function shouldRevalidate() {
  return false;
}

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError error={error} />;
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const orderId = order?.id;
  useEffect(() => {
    if (orderId === undefined) return;
    // 'Placed Order' once per order, even if the page is reloaded.
    const shown = currentCheckout().order;
    if (shown && currentCheckout().trackedOrderId !== shown.id) {
      checkoutActions.markOrderTracked(shown.id);
      trackPlacedOrder(shown);
    }
    // 7 seconds later the checkout and the cart are cleared (docs/product.md, Screens); sooner if
    // the shopper leaves the page or closes the tab, so bought snacks never linger in the cart.
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', finish);
      finishPlacedOrder();
    };
    const timer = window.setTimeout(finish, CLEAR_AFTER_ORDER_MS);
    window.addEventListener('pagehide', finish);
    return finish;
  }, [orderId]);

  if (!order) {
    return (
      <div className="bg-sand py-16 sm:py-24">
        <div className="container-page max-w-xl">
          <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-beige">
            <p className="font-display text-2xl font-semibold text-cocoa">{checkoutTexts.noOrderDetails}</p>
            <Link to="/shop" className="btn-primary mt-6">
              {checkoutTexts.shopNow}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-3xl space-y-6">
        <header className="text-center">
          <CircleCheck className="mx-auto h-12 w-12 text-forest" aria-hidden="true" />
          <h1 className="mt-3 font-display text-3xl font-bold sm:text-4xl">{checkoutTexts.thankYou}</h1>
          <p className="mt-3 text-muted">
            Order number{' '}
            <strong className="text-cocoa" data-testid="order-number">
              #{order.id}
            </strong>{' '}
            · {dateFormat.format(new Date(order.created_at))}
          </p>
          <p className="mt-1 text-sm text-muted">
            A confirmation is on its way to <span className="font-semibold text-cocoa">{order.email}</span>.
          </p>
        </header>
        <section
          aria-labelledby="confirmation-items-title"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
        >
          <h2 id="confirmation-items-title" className="font-display text-2xl font-semibold">
            Your order
          </h2>
          <div className="mt-3">
            <OrderLines order={order} />
          </div>
        </section>
        <section
          aria-labelledby="confirmation-shipping-title"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
        >
          <h2 id="confirmation-shipping-title" className="font-display text-2xl font-semibold">
            Shipping info
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            <AddressBlock address={orderAddress(order)} testId="confirmation-address" />
            <div className="text-sm">
              <p className="font-semibold text-cocoa">Ground Shipping</p>
              <p className="text-muted">2 to 5 business days</p>
            </div>
          </div>
        </section>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/shop" className="btn-primary w-full sm:w-auto">
            {checkoutTexts.backToShop}
          </Link>
          <Link to={`/orders/${order.id}`} className="btn-outline w-full sm:w-auto">
            View order details
          </Link>
        </div>
      </div>
    </div>
  );
}
