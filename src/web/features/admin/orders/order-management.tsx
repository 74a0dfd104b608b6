import { useState } from 'react';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../../domain/orders';
import { Spinner } from '../../../components/spinner';
import { useListParams, useReload, useSearchBox } from '../shared/list-params';
import { SearchInput } from '../shared/search-input';
import { LoadFailed } from '../shared/states';
import { panelClass, toolbarInput } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { OrderDialog } from './order-dialog';
import { OrderTable } from './order-table';
import { linkedOrderId, orderQuery } from './orders';
import type { OrdersData } from './orders-api';

/** The address parameters of this list; `order` goes when the admin searches or filters (the search keeps its number). */
const LIST_PARAMS = ['status', 'q', 'page', 'order'] as const;

/**
 * Order Management (docs/product.md, Admin tools): every order, newest first, by status, by order
 * number or e-mail, a page at a time; a dialog per order to see it whole and set its status and
 * paid flag. The list is the route's clientLoader's, for the query in the address; `data` is null
 * while it first loads.
 */
export function OrderManagement({ data }: { data: OrdersData | null }) {
  const { params, pending, update, changing } = useListParams();
  const { reload, reloading } = useReload();
  const query = orderQuery(params);
  // The filter shows the choice at once, while its orders load.
  const chosenStatus = pending ? orderQuery(pending).status : query.status;
  // ?tab=orders&order=123 (the new-order alert's link): that order, found and opened.
  const linked = linkedOrderId(params);
  const [linkClosed, setLinkClosed] = useState(false);
  const [open, setOpen] = useState<Order | null>(null);
  const [list, patchList] = useLocalCopy(data);
  const result = list?.ok ? list.value : null;
  const loading = changing(LIST_PARAMS);
  const { search, setSearch, submit } = useSearchBox(query.q, (q) => update({ q, page: null, order: null }));

  const linkedOrder = !linkClosed && result ? (result.items.find((o) => o.id === linked) ?? null) : null;
  const shown = open ?? linkedOrder;

  function saved(order: Order) {
    patchList(
      (current) =>
        current &&
        (current.ok
          ? {
              ok: true,
              value: {
                ...current.value,
                items: current.value.items.map((o) => (o.id === order.id ? order : o)),
              },
            }
          : current),
    );
    setOpen(order);
  }

  const filtered = query.status !== '' || query.q !== '';

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
          submit();
        }}
        className={`${panelClass} grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]`}
      >
        <div className="relative">
          <SearchInput
            id="order-search"
            label="Search by order number or e-mail"
            placeholder="Order number or e-mail"
            value={search}
            onChange={setSearch}
          />
        </div>
        <div>
          <label htmlFor="order-status-filter" className="sr-only">
            Status
          </label>
          <select
            id="order-status-filter"
            value={chosenStatus}
            onChange={(event) =>
              update({
                status: event.target.value as OrderStatus | '',
                page: null,
                // The linked order's number stays the search, as a search of its own.
                ...(linked !== null && !params.has('q') ? { q: String(linked), order: null } : {}),
              })
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

      {list && !list.ok && !reloading ? (
        <LoadFailed what="the orders" onRetry={reload} />
      ) : !result ? (
        <Spinner label="Loading orders" className="py-16" />
      ) : (
        <OrderTable
          result={result}
          page={query.page}
          loading={loading}
          empty={filtered ? 'No orders match the search and status.' : 'No orders yet.'}
          onPage={(page) => update({ page: page === 1 ? null : page })}
          onView={setOpen}
        />
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
