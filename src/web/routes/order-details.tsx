import { Pencil } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { data, Link } from 'react-router';
import { messages } from '../../domain/messages';
import { canEditAddress, orderSchema, type Order, type OrderAddressUpdate } from '../../domain/orders';
import { ApiError, apiRequest } from '../api';
import { AddressBlock, orderAddress } from '../components/checkout/address-block';
import { AddressEditForm } from '../components/orders/address-edit-form';
import { CancelOrder } from '../components/orders/cancel-order';
import { OrderLines } from '../components/orders/order-lines';
import { OrderRefunds, shownRefunds } from '../components/orders/order-refunds';
import { hasTracking, ParcelTracking } from '../components/orders/parcel-tracking';
import { StatusBadge } from '../components/orders/status-badge';
import { Spinner } from '../components/spinner';
import { fetchOrder } from '../features/checkout/checkout-api';
import { orderTexts } from '../features/checkout/texts';
import { RequireUser } from '../features/session/require-user';
import type { StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/order-details';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// The order is read in the browser with the shopper's session; the server sends a loading shell.
export const headers = publicPageHeaders;

export function meta({ data: page, params }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: `Order #${params.orderId}`,
    description: 'The details of your Northbite order.',
    origin: page.origin,
    path: `/orders/${encodeURIComponent(params.orderId)}`,
    noindex: true,
  });
}

export default function OrderDetails({ params }: Route.ComponentProps) {
  return (
    <RequireUser>
      {(user) => <OrderPage key={params.orderId} orderId={params.orderId} user={user} />}
    </RequireUser>
  );
}

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'missing' }
  | { status: 'loaded'; order: Order };

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeStyle: 'short' });
const isOrderId = (value: string) => /^[1-9]\d{0,15}$/.test(value);

function OrderPage({ orderId, user }: { orderId: string; user: StoredUser }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const valid = isOrderId(orderId);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    fetchOrder(orderId, controller.signal)
      .then((order) => setState({ status: 'loaded', order }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Someone else's order answers 404 like a missing one.
        if (error instanceof ApiError && error.status === 404) return setState({ status: 'missing' });
        console.error('Failed to fetch order details', error);
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [orderId, valid, reloads]);

  const shown: State = valid ? state : { status: 'missing' };
  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-5xl">
        {shown.status === 'loading' && <Spinner label="Loading your order" className="py-24" />}
        {shown.status === 'failed' && (
          <Notice>
            <p role="alert" className="font-medium text-danger">
              {orderTexts.fetchDetailsFailed(shown.message)}
            </p>
          </Notice>
        )}
        {shown.status === 'missing' && (
          <Notice>
            <p role="alert" className="font-display text-2xl font-semibold text-cocoa">
              {orderTexts.noOrderFound}
            </p>
          </Notice>
        )}
        {shown.status === 'loaded' && (
          <LoadedOrder
            order={shown.order}
            mine={shown.order.user_id === user.id}
            onChange={(order) => setState({ status: 'loaded', order })}
            reload={reload}
          />
        )}
      </div>
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

function LoadedOrder({
  order,
  mine,
  onChange,
  reload,
}: {
  order: Order;
  mine: boolean;
  onChange: (order: Order) => void;
  reload: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const editable = mine && canEditAddress(order.status);

  async function saveAddress(address: OrderAddressUpdate): Promise<string | null> {
    try {
      const reply = await apiRequest<unknown>(`/api/orders/${order.id}`, { method: 'PATCH', body: address });
      const updated = orderSchema.safeParse(reply);
      if (!updated.success) throw new Error('Invalid response from the server');
      onChange(updated.data);
      setEditing(false);
      setNotice('Shipping address updated.');
      return null;
    } catch (error) {
      // The new address ships at another rate than the one paid (issue 16): the server says what to do.
      if (error instanceof ApiError && error.message === messages.shippingChangeRefused) return error.message;
      console.error('Failed to update shipping address', error);
      // The status changed meanwhile (409): show the order as it is now.
      if (error instanceof ApiError && error.status === 409) reload();
      return error instanceof ApiError && error.status < 500
        ? `${orderTexts.updateAddressFailed}: ${error.message}`
        : orderTexts.updateAddressFailed;
    }
  }

  async function cancel(): Promise<boolean> {
    try {
      await apiRequest<unknown>(`/api/orders/${order.id}/cancel`, { method: 'POST' });
      setNotice('Your order has been canceled.');
      setEditing(false);
      reload();
      return true;
    } catch (error) {
      console.error('Failed to cancel order', error);
      if (error instanceof ApiError && error.status === 409) reload();
      return false;
    }
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Order details</p>
          <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Order #{order.id}</h1>
          <p className="mt-2 text-muted">Placed {dateFormat.format(new Date(order.created_at))}</p>
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
          role="status"
          className="rounded-2xl bg-white px-5 py-3 font-medium text-forest ring-1 ring-forest/30"
        >
          {notice}
        </p>
      )}
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
        </section>
        <div className="space-y-6">
          {hasTracking(order) && (
            <section
              aria-labelledby="order-tracking-title"
              className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
            >
              <h2 id="order-tracking-title" className="font-display text-2xl font-semibold">
                Tracking
              </h2>
              <div className="mt-4">
                <ParcelTracking order={order} />
              </div>
            </section>
          )}
          <section
            aria-labelledby="order-address-title"
            className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
          >
            <div className="flex items-start justify-between gap-4">
              <h2 id="order-address-title" className="font-display text-2xl font-semibold">
                Shipping address
              </h2>
              {editable && !editing && (
                <button
                  type="button"
                  onClick={() => {
                    setNotice(null);
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
              {editing && editable ? (
                <AddressEditForm order={order} onSave={saveAddress} onCancel={() => setEditing(false)} />
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
          {mine && <CancelOrder status={order.status} onConfirm={cancel} />}
        </div>
      </div>
      <Link to="/profile" className="inline-block text-sm font-semibold text-maple-dark hover:underline">
        ← Back to your account
      </Link>
    </div>
  );
}
