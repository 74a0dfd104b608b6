import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { ORDER_STATUSES, orderSchema, type Order, type OrderStatus } from '../../../domain/orders';
import { fetchPagedList, type PagedList } from '../../features/admin/admin-api';
import { itemCount, ORDERS_PAGE_SIZE, ordersPath, type OrderQuery } from '../../features/admin/orders';
import { StatusBadge } from '../orders/status-badge';
import { Spinner } from '../spinner';
import { OrderDialog, PaidBadge } from './order-dialog';
import { SearchIcon } from './icons';
import { EmptyState, LoadFailed } from './states';
import { dateTimeFormat, ghostButton, panelClass, quietButton, tdClass, thClass, toolbarInput } from './ui';

/** Searching waits for a pause in typing, so each keystroke does not send a request. */
const SEARCH_DELAY_MS = 350;

/**
 * Order Management (issue 7): every order, newest first, by status, by order number or e-mail, a
 * page at a time; a dialog per order to see it whole and set its status and paid flag.
 */
export function OrderManagement() {
  // ?tab=orders&order=123 (the new-order alert's link): that order, found and opened.
  const [params] = useSearchParams();
  const linked = /^\d{1,9}$/.test(params.get('order') ?? '') ? Number(params.get('order')) : null;
  const [query, setQuery] = useState<OrderQuery>({ status: '', q: linked ? String(linked) : '', page: 1 });
  const [search, setSearch] = useState(linked ? String(linked) : '');
  const [linkClosed, setLinkClosed] = useState(linked === null);
  const [result, setResult] = useState<(PagedList<Order> & { key: string }) | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<Order | null>(null);
  const path = ordersPath(query);
  const key = `${path}#${reloads}`;
  const loading = result?.key !== key && failedKey !== key;
  const loadError = failedKey === key;

  useEffect(() => {
    const controller = new AbortController();
    fetchPagedList(orderSchema, path, controller.signal)
      .then((page) => setResult({ ...page, key }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to fetch orders', error);
        setFailedKey(key);
      });
    return () => controller.abort();
  }, [path, key]);

  useEffect(() => {
    if (search.trim() === query.q) return;
    const timer = window.setTimeout(
      () => setQuery((current) => ({ ...current, q: search.trim(), page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search, query.q]);

  const linkedOrder = !linkClosed && result ? (result.items.find((o) => o.id === linked) ?? null) : null;
  const shown = open ?? linkedOrder;

  function saved(order: Order) {
    setResult((page) => page && { ...page, items: page.items.map((o) => (o.id === order.id ? order : o)) });
    setOpen(order);
  }

  const pages = result ? Math.max(1, Math.ceil(result.total / ORDERS_PAGE_SIZE)) : 1;
  const first = result && result.total > 0 ? (query.page - 1) * ORDERS_PAGE_SIZE + 1 : 0;
  const last = result ? first + result.items.length - (result.items.length > 0 ? 1 : 0) : 0;
  const filtered = query.status !== '' || query.q !== '';

  const view = (order: Order) => (
    <button type="button" className={ghostButton} onClick={() => setOpen(order)}>
      View<span className="sr-only"> order #{order.id}</span>
    </button>
  );

  return (
    <section aria-labelledby="orders-title" className="space-y-5">
      <div>
        <h2 id="orders-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Orders
        </h2>
        <p className="mt-1 text-sm text-muted">
          {result ? `${result.total} ${filtered ? 'matching ' : ''}orders, newest first.` : 'Newest first.'}
        </p>
      </div>

      <form
        role="search"
        aria-label="Orders"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((current) => ({ ...current, q: search.trim(), page: 1 }));
        }}
        className={`${panelClass} grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]`}
      >
        <div className="relative">
          <label htmlFor="order-search" className="sr-only">
            Search by order number or e-mail
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id="order-search"
            type="search"
            placeholder="Order number or e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${toolbarInput} pl-10`}
          />
        </div>
        <div>
          <label htmlFor="order-status-filter" className="sr-only">
            Status
          </label>
          <select
            id="order-status-filter"
            value={query.status}
            onChange={(event) =>
              setQuery((current) => ({ ...current, status: event.target.value as OrderStatus | '', page: 1 }))
            }
            className={toolbarInput}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
      </form>

      {loadError ? (
        <LoadFailed what="the orders" onRetry={() => setReloads((n) => n + 1)} />
      ) : !result ? (
        <Spinner label="Loading orders" className="py-16" />
      ) : result.items.length === 0 ? (
        <EmptyState>{filtered ? 'No orders match the search and status.' : 'No orders yet.'}</EmptyState>
      ) : (
        <div
          className={`${panelClass} overflow-hidden transition-opacity ${loading ? 'opacity-60' : ''}`}
          aria-busy={loading}
        >
          <table className="hidden w-full text-sm md:table">
            <caption className="sr-only">Orders</caption>
            <thead className="border-b border-beige bg-cream/70">
              <tr>
                <th scope="col" className={thClass}>
                  Order
                </th>
                <th scope="col" className={thClass}>
                  Customer
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Items
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Total
                </th>
                <th scope="col" className={thClass}>
                  Payment
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {result.items.map((order) => (
                <tr key={order.id} data-testid="admin-order-row">
                  <td className={tdClass}>
                    <p className="font-semibold text-cocoa">#{order.id}</p>
                    <p className="text-xs text-muted">{dateTimeFormat.format(new Date(order.created_at))}</p>
                  </td>
                  <td className={tdClass}>
                    <p className="text-ink">
                      {order.first_name} {order.last_name}
                    </p>
                    <p className="text-xs break-all text-muted">{order.email}</p>
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{itemCount(order)}</td>
                  <td className={`${tdClass} text-right font-semibold text-cocoa tabular-nums`}>
                    {formatPrice(dollarsToCents(order.total))}
                  </td>
                  <td className={tdClass}>
                    <PaidBadge paid={order.is_paid} />
                  </td>
                  <td className={tdClass}>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className={`${tdClass} text-right`}>{view(order)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-beige md:hidden">
            {result.items.map((order) => (
              <li key={order.id} className="p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-cocoa">
                      #{order.id} · {formatPrice(dollarsToCents(order.total))}
                    </p>
                    <p className="text-xs text-muted">{dateTimeFormat.format(new Date(order.created_at))}</p>
                    <p className="mt-1 text-sm text-ink">
                      {order.first_name} {order.last_name}
                    </p>
                    <p className="text-xs break-all text-muted">{order.email}</p>
                  </div>
                  <div className="-mr-2 shrink-0">{view(order)}</div>
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <StatusBadge status={order.status} />
                  <PaidBadge paid={order.is_paid} />
                </div>
              </li>
            ))}
          </ul>
          <nav
            aria-label="Order pages"
            className="flex flex-wrap items-center justify-between gap-3 border-t border-beige bg-cream/70 px-4 py-3 text-sm"
          >
            <p className="text-muted" aria-live="polite">
              {first}–{last} of {result.total}
            </p>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className={quietButton}
                disabled={query.page <= 1 || loading}
                onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
              </button>
              <span className="px-2 text-muted">
                Page {query.page} of {pages}
              </span>
              <button
                type="button"
                className={quietButton}
                disabled={query.page >= pages || loading}
                onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
              >
                Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          </nav>
        </div>
      )}

      {shown && (
        <OrderDialog
          order={shown}
          onSaved={saved}
          onClose={() => {
            setOpen(null);
            setLinkClosed(true);
          }}
        />
      )}
    </section>
  );
}
