import { ChevronRight } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { orderSchema, type Order } from '../../../domain/orders';
import { apiRequest } from '../../api';
import { Spinner } from '../spinner';

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric' });

/** The profile's recent orders (the latest 10), or null when they could not be fetched (logged). */
export async function loadRecentOrders(userId: number, signal?: AbortSignal): Promise<Order[] | null> {
  try {
    const reply = await apiRequest<unknown>(`/api/users/${userId}/orders`, signal ? { signal } : {});
    const orders = orderSchema.array().safeParse(reply);
    if (!orders.success) throw new Error(messages.invalidServerResponse);
    return orders.data.slice(0, 10);
  } catch (error) {
    if (!signal?.aborted) console.error('Failed to fetch orders', error);
    return null;
  }
}

/**
 * 'Recent Orders' on the profile: each links to its details; 'Your orders will appear here' when none.
 * The orders arrive after the page (loadRecentOrders, started by the page's loader).
 */
export function RecentOrders({ orders }: { orders: Promise<Order[] | null> }) {
  return (
    <section
      aria-labelledby="recent-orders-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <h2 id="recent-orders-title" className="font-display text-2xl font-semibold">
        Recent Orders
      </h2>
      <Suspense fallback={<Spinner label="Loading your orders" className="py-8" />}>
        <Await resolve={orders}>{(loaded) => <OrderList orders={loaded} />}</Await>
      </Suspense>
    </section>
  );
}

function OrderList({ orders }: { orders: Order[] | null }) {
  if (!orders) return <p className="mt-4 font-medium text-danger">Failed to fetch orders</p>;
  if (orders.length === 0) {
    return (
      <div className="mt-4 rounded-2xl bg-sand px-5 py-6 text-center">
        <p className="font-medium text-cocoa">{messages.noOrdersYet}</p>
        <Link to="/shop" className="btn-accent mt-4">
          Shop Snacks
        </Link>
      </div>
    );
  }
  return (
    <ul className="mt-4 divide-y divide-beige">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={`/orders/${order.id}`}
            className="flex items-center justify-between gap-4 rounded-xl px-2 py-4 hover:bg-cream"
          >
            <span>
              <span className="block font-semibold text-cocoa">Order #{order.id}</span>
              <span className="block text-sm text-muted">
                {dateFormat.format(new Date(order.created_at))} ·{' '}
                {order.items.reduce((n, i) => n + i.quantity, 0)} items · {order.status}
              </span>
            </span>
            <span className="flex items-center gap-2 font-semibold">
              {formatPrice(dollarsToCents(order.total))}
              <ChevronRight className="h-4 w-4 text-muted" aria-hidden="true" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
