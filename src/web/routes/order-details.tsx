import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  useFetcher,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { buyAgainMessage, planBuyAgain, type CatalogueProduct } from '../../domain/buy-again';
import {
  canCancel,
  cancelBlockedReason,
  canEditAddress,
  type Order,
  type OrderAddressUpdate,
} from '../../domain/orders';
import { ApiError, apiRequest } from '../api';
import { AddressBlock, orderAddress } from '../components/checkout/address-block';
import { AddressEditForm } from '../components/orders/address-edit-form';
import { BuyAgain, type BuyAgainResult } from '../components/orders/buy-again';
import { CancelOrder } from '../components/orders/cancel-order';
import { OrderLines } from '../components/orders/order-lines';
import { OrderProgress } from '../components/orders/order-progress';
import { OrderRefunds, shownRefunds } from '../components/orders/order-refunds';
import { hasTracking, ParcelTracking } from '../components/orders/parcel-tracking';
import { StatusBadge } from '../components/orders/status-badge';
import { putInCart } from '../features/cart/add-to-cart';
import { cartStockActions } from '../features/cart/cart-stock';
import { currentCart } from '../features/cart/cart-store';
import { fetchOrder } from '../features/checkout/checkout-api';
import {
  cancelOrder,
  changeOrderAddress,
  type OrderChange,
  type OrderSubmission,
} from '../features/checkout/order-changes';
import { orderTexts } from '../features/checkout/texts';
import { RequireUser } from '../features/session/require-user';
import { SignedInFallback } from '../features/session/signed-in-route';
import { getStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/order-details';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// The order is read in the browser with the shopper's session (clientLoader); the server sends a
// loading shell.
export const headers = publicPageHeaders;

export function meta({ data: page, params, matches }: Route.MetaArgs) {
  // A missing order (thrown 404) leaves no page data: the site's own settings give the origin.
  const origin = page?.origin ?? matches[0]?.data?.settings.publicUrl;
  if (!origin) return [];
  return pageMeta({
    title: `Order #${params.orderId}`,
    description: 'The details of your Northbite order.',
    origin,
    path: `/orders/${encodeURIComponent(params.orderId)}`,
    noindex: true,
  });
}

const isOrderId = (value: string) => /^[1-9]\d{0,15}$/.test(value);

/** A missing order, someone else's (it answers 404 like a missing one), or a number that is none. */
const noSuchOrder = () => data(orderTexts.noOrderFound, { status: 404 });

export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  // Signed out: nothing to ask; the page sends the visitor to /login.
  if (!getStoredUser()) return { ...(await serverLoader()), order: null };
  if (!isOrderId(params.orderId)) throw noSuchOrder();
  const [page, order] = await Promise.all([serverLoader(), loadOrder(params.orderId, request.signal)]);
  return { ...page, order };
}
clientLoader.hydrate = true as const;

async function loadOrder(orderId: string, signal: AbortSignal): Promise<Order> {
  try {
    return await fetchOrder(orderId, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw noSuchOrder();
    if (!signal.aborted) console.error('Failed to fetch order details', error);
    throw error;
  }
}

/**
 * The page's changes: cancelling the order, or a new shipping address (docs/product.md, Orders).
 */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<OrderChange> {
  const submission = (await request.json()) as OrderSubmission;
  return submission.intent === 'cancel'
    ? cancelOrder(params.orderId, request.signal)
    : changeOrderAddress(params.orderId, submission.address, request.signal);
}

/** After a change the order is read again only when it changed or moved meanwhile. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const change = actionResult as OrderChange | undefined;
  return change ? change.reload : defaultShouldRevalidate;
}

export const HydrateFallback = SignedInFallback;

/** A missing order says 'No order details found.', any other failure 'Error fetching order details: …'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const message =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  return (
    <RequireUser>
      {() => (
        <OrderFrame>
          <Notice>
            {missing ? (
              <p role="alert" className="font-display text-2xl font-semibold text-cocoa">
                {orderTexts.noOrderFound}
              </p>
            ) : (
              <p role="alert" className="font-medium text-danger">
                {orderTexts.fetchDetailsFailed(message)}
              </p>
            )}
          </Notice>
        </OrderFrame>
      )}
    </RequireUser>
  );
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <RequireUser>
      {(user) =>
        order ? (
          <OrderFrame>
            <LoadedOrder key={order.id} order={order} mine={order.user_id === user.id} />
          </OrderFrame>
        ) : (
          <SignedInFallback />
        )
      }
    </RequireUser>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeStyle: 'short' });

const BUY_AGAIN_FAILED = 'We could not reach the shop to buy again. Please try again.';

/**
 * Buy again (decision 0053): the catalogue as it is now, the order's lines planned against it and
 * the cart (domain/buy-again.ts), each line put in and reported as Add to Cart does (putInCart).
 */
async function buyAgain(order: Order): Promise<BuyAgainResult> {
  try {
    const catalogue = await apiRequest<CatalogueProduct[]>('/api/products');
    cartStockActions.replace(catalogue);
    const plan = planBuyAgain(order.items, catalogue, currentCart().items);
    for (const { product, quantity } of plan.add) {
      putInCart(product, quantity);
    }
    return { text: buyAgainMessage(plan), added: plan.add.length > 0, failed: false };
  } catch (error) {
    console.warn('Could not read the catalogue to buy again', error);
    return { text: BUY_AGAIN_FAILED, added: false, failed: true };
  }
}

function OrderFrame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-5xl">{children}</div>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-beige">
      {children}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/profile" className="btn-primary">
          Your orders
        </Link>
        <Link to="/track-orders" className="btn-outline">
          Track an order
        </Link>
      </div>
    </div>
  );
}

function LoadedOrder({ order, mine }: { order: Order; mine: boolean }) {
  const cancel = useFetcher<OrderChange>();
  const saving = useFetcher<OrderChange>();
  const [editing, setEditing] = useState(false);
  const editable = mine && canEditAddress(order.status);
  // A fetcher holds its answer while the page reads the order again: a change shows once it is
  // idle, with the order as it now is. A saved address closes the form.
  const done = (fetcher: typeof saving) => fetcher.state === 'idle' && fetcher.data?.done === true;
  const saved = done(saving);
  const canceled = done(cancel);
  const notice = canceled ? 'Your order has been canceled.' : saved ? 'Shipping address updated.' : null;
  // The Cancel card goes once the order is canceled: focus goes to the line that says so.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (canceled) noticeRef.current?.focus();
  }, [canceled]);
  // For Shipped and In Progress the page says the order cannot be canceled (docs/product.md, Orders).
  const cannotCancel =
    mine && (order.status === 'Shipped' || order.status === 'In Progress')
      ? cancelBlockedReason(order.status)
      : null;

  const submit = (fetcher: typeof saving, submission: OrderSubmission) =>
    fetcher.submit(submission as unknown as Parameters<typeof fetcher.submit>[0], {
      method: 'post',
      encType: 'application/json',
    });

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Order details</p>
          <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Order #{order.id}</h1>
          <p className="mt-2 text-muted">Placed {dateFormat.format(new Date(order.created_at))}</p>
          <Link
            to={`/orders/${order.id}/receipt`}
            className="mt-2 inline-block text-sm font-semibold text-maple-dark underline underline-offset-4"
          >
            Receipt
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} />
          <span
            className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
              order.is_paid ? 'bg-white text-forest ring-forest/40' : 'bg-white text-muted ring-beige'
            }`}
          >
            {order.is_paid ? 'Paid' : 'Not paid'}
          </span>
        </div>
      </header>
      {notice && (
        <p
          ref={noticeRef}
          role="status"
          tabIndex={-1}
          className="rounded-2xl bg-white px-5 py-3 font-medium text-forest ring-1 ring-forest/30"
        >
          {notice}
        </p>
      )}
      <OrderProgress order={order}>
        {hasTracking(order) && (
          <section aria-labelledby="order-tracking-title" className="mt-6 border-t border-beige pt-5">
            <h3 id="order-tracking-title" className="font-display text-xl font-semibold">
              Tracking
            </h3>
            <div className="mt-3">
              <ParcelTracking order={order} />
            </div>
          </section>
        )}
        {cannotCancel && (
          <p className="mt-5 border-t border-beige pt-4 text-sm text-muted" data-testid="cancel-blocked">
            {cannotCancel}
          </p>
        )}
      </OrderProgress>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section
          aria-labelledby="order-items-title"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
        >
          <h2 id="order-items-title" className="font-display text-2xl font-semibold">
            Items
          </h2>
          <div className="mt-3">
            <OrderLines order={order} />
          </div>
          {shownRefunds(order).length > 0 && (
            <section aria-labelledby="order-refunds-title" className="mt-8">
              <h3 id="order-refunds-title" className="font-display text-xl font-semibold">
                Refunds
              </h3>
              <p className="mt-1 text-sm text-muted">Refunds go back to the card you paid with.</p>
              <div className="mt-2">
                <OrderRefunds order={order} />
              </div>
            </section>
          )}
          {mine && <BuyAgain onBuyAgain={() => buyAgain(order)} />}
        </section>
        <div className="space-y-6">
          <section
            aria-labelledby="order-address-title"
            className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
          >
            <div className="flex items-start justify-between gap-4">
              <h2 id="order-address-title" className="font-display text-2xl font-semibold">
                Shipping address
              </h2>
              {editable && (!editing || saved) && (
                <button
                  type="button"
                  onClick={() => {
                    saving.reset();
                    setEditing(true);
                  }}
                  className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand"
                  aria-label="Edit shipping address"
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                </button>
              )}
            </div>
            <div className="mt-4">
              {editing && editable && !saved ? (
                <AddressEditForm
                  order={order}
                  onSave={(address: OrderAddressUpdate) => submit(saving, { intent: 'address', address })}
                  problem={saving.state === 'idle' ? (saving.data?.problem ?? null) : null}
                  onCancel={() => setEditing(false)}
                />
              ) : (
                <>
                  <AddressBlock address={orderAddress(order)} testId="order-address" />
                  {mine && !editable && (
                    <p className="mt-4 text-xs text-muted">
                      The address can be changed while the order is Pending or In Progress.
                    </p>
                  )}
                </>
              )}
            </div>
          </section>
          {mine && canCancel(order.status) && (
            <CancelOrder
              busy={cancel.state !== 'idle'}
              failed={cancel.state === 'idle' && cancel.data?.done === false}
              onOpen={() => cancel.reset()}
              onConfirm={() => submit(cancel, { intent: 'cancel' })}
            />
          )}
        </div>
      </div>
      <Link to="/profile" className="inline-block text-sm font-semibold text-maple-dark hover:underline">
        ← Back to your account
      </Link>
    </div>
  );
}
