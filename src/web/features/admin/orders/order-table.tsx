import { dollarsToCents, formatPrice } from '../../../../domain/money';
import type { Order } from '../../../../domain/orders';
import { StatusBadge } from '../../../components/orders/status-badge';
import type { PagedList } from '../shared/admin-api';
import { Pager } from '../shared/pager';
import { dateTimeFormat, ghostButton, panelClass, tdClass, thClass } from '../shared/ui';
import { itemCount, ORDERS_PAGE_SIZE } from './orders';
import { PaidBadge } from './paid-badge';

/**
 * A page of orders: a table on wide screens, a list of cards on narrow ones, and the pages. While
 * another page or search loads, the rows stay, dimmed.
 */
export function OrderTable({
  result,
  page,
  loading,
  onPage,
  onView,
}: {
  result: PagedList<Order>;
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
  onView: (order: Order) => void;
}) {
  const view = (order: Order) => (
    <button type="button" className={ghostButton} onClick={() => onView(order)}>
      View<span className="sr-only"> order #{order.id}</span>
    </button>
  );

  return (
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
      <Pager
        label="Order pages"
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        shown={result.items.length}
        total={result.total}
        loading={loading}
        onPage={onPage}
      />
    </div>
  );
}
