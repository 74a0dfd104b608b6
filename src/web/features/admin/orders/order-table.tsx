import { dollarsToCents, formatPrice } from '../../../../domain/money';
import type { Order } from '../../../../domain/orders';
import { StatusBadge } from '../../../components/orders/status-badge';
import type { PagedList } from '../shared/admin-api';
import { DataTable, type Column } from '../shared/data-table';
import { dateTimeFormat, ghostButton } from '../shared/ui';
import { itemCount, ORDERS_PAGE_SIZE } from './orders';
import { PaidBadge } from './paid-badge';

/**
 * A page of orders: a table on wide screens, a list of cards on narrow ones, and the pages; `empty`
 * when the page has none. While another page or search loads, the rows stay, dimmed.
 */
export function OrderTable({
  result,
  page,
  loading,
  empty,
  onPage,
  onView,
}: {
  result: PagedList<Order>;
  page: number;
  loading: boolean;
  empty: string;
  onPage: (page: number) => void;
  onView: (order: Order) => void;
}) {
  const view = (order: Order) => (
    <button type="button" className={ghostButton} onClick={() => onView(order)}>
      View<span className="sr-only"> order #{order.id}</span>
    </button>
  );
  const created = (order: Order) => (
    <p className="text-xs text-muted">{dateTimeFormat.format(new Date(order.created_at))}</p>
  );

  const columns: Column<Order>[] = [
    {
      header: 'Order',
      cell: (order) => (
        <>
          <p className="font-semibold text-cocoa">#{order.id}</p>
          {created(order)}
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (order) => (
        <>
          <p className="text-ink">
            {order.first_name} {order.last_name}
          </p>
          <p className="text-xs break-all text-muted">{order.email}</p>
        </>
      ),
    },
    { header: 'Items', align: 'right', className: 'tabular-nums', cell: itemCount },
    {
      header: 'Total',
      align: 'right',
      className: 'font-semibold text-cocoa tabular-nums',
      cell: (order) => formatPrice(dollarsToCents(order.total)),
    },
    { header: 'Payment', cell: (order) => <PaidBadge paid={order.is_paid} /> },
    { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
    { header: 'Details', hideHeader: true, align: 'right', cell: view },
  ];

  return (
    <DataTable
      caption="Orders"
      columns={columns}
      rows={result.items}
      rowKey={(order) => order.id}
      rowTestId="admin-order-row"
      empty={empty}
      loading={loading}
      paging={{ label: 'Order pages', page, pageSize: ORDERS_PAGE_SIZE, total: result.total, onPage }}
      card={(order) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-cocoa">
                #{order.id} · {formatPrice(dollarsToCents(order.total))}
              </p>
              {created(order)}
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
        </>
      )}
    />
  );
}
