import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { orderSchema, type Order } from '../../../domain/orders';
import { apiRequest } from '../../api';
import { Spinner } from '../spinner';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; orders: Order[] };

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'Recent Orders' on the profile: each links to its details; 'Your orders will appear here' when none. */
export function RecentOrders({ userId }: { userId: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<unknown>(`/api/users/${userId}/orders`, { signal: controller.signal })
      .then((reply) => {
        const orders = orderSchema.array().safeParse(reply);
        if (!orders.success) throw new Error(messages.invalidServerResponse);
        setState({ status: 'loaded', orders: orders.data.slice(0, 10) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to fetch orders', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [userId]);

  return (
    <section
      aria-labelledby="recent-orders-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <h2 id="recent-orders-title" className="font-display text-2xl font-semibold">
        Recent Orders
      </h2>
      {state.status === 'loading' && <Spinner label="Loading your orders" className="py-8" />}
      {state.status === 'failed' && <p className="mt-4 font-medium text-danger">Failed to fetch orders</p>}
      {state.status === 'loaded' && state.orders.length === 0 && (
        <div className="mt-4 rounded-2xl bg-sand px-5 py-6 text-center">
          <p className="font-medium text-cocoa">{messages.noOrdersYet}</p>
          <Link to="/shop" className="btn-accent mt-4">
            Shop Snacks
          </Link>
        </div>
      )}
      {state.status === 'loaded' && state.orders.length > 0 && (
        <ul className="mt-4 divide-y divide-beige">
          {state.orders.map((order) => (
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
      )}
    </section>
  );
}
