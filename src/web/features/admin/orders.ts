/** Order Management (issue 7): the list query and the change an admin makes to one order. */
import type { Order, OrderStatus } from '../../../domain/orders';

export const ORDERS_PAGE_SIZE = 20;

export interface OrderQuery {
  status: OrderStatus | '';
  q: string;
  page: number;
}

export function ordersPath({ status, q, page }: OrderQuery, pageSize = ORDERS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `/api/orders?${params.toString()}`;
}

/** PATCH /api/orders/:id/status with what changed, or null when nothing did. */
export function statusChange(
  order: Pick<Order, 'status' | 'is_paid'>,
  status: OrderStatus,
  isPaid: boolean,
): { status?: OrderStatus; is_paid?: boolean } | null {
  const change = {
    ...(status !== order.status ? { status } : {}),
    ...(isPaid !== order.is_paid ? { is_paid: isPaid } : {}),
  };
  return Object.keys(change).length > 0 ? change : null;
}

export const itemCount = (order: Pick<Order, 'items'>) =>
  order.items.reduce((sum, item) => sum + item.quantity, 0);
