/**
 * Order Management (issue 7): the list query and the change an admin makes to one order; the statuses
 * an admin may move it to and the refund form's amount (issue 16).
 */
import { messages } from '../../../domain/messages';
import { dollarsToCents, formatAmount } from '../../../domain/money';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../../domain/orders';

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

/** What the status select offers: the current status and the moves an admin may make from it. */
export function statusOptions(current: OrderStatus): OrderStatus[] {
  const allowed = ORDER_TRANSITIONS[current].admin;
  return ORDER_STATUSES.filter((status) => status === current || allowed.includes(status));
}

type RefundedOrder = Pick<Order, 'total' | 'refunded' | 'refunds'>;

/**
 * What is left to refund, in cents: the total less what has been refunded and what is on its way
 * back (pending refunds count, as the server counts them; failed ones moved nothing).
 */
export function refundLeftCents(order: RefundedOrder): number {
  const committed = order.refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + dollarsToCents(refund.amount), 0);
  return Math.max(0, dollarsToCents(order.total) - Math.max(committed, dollarsToCents(order.refunded)));
}

/** The refund form's amount as first shown: what is left, e.g. "45.15". */
export const defaultRefundAmount = (order: RefundedOrder) => formatAmount(refundLeftCents(order));

const DOLLARS = /^\$?\s*\d{1,6}(\.\d{1,2})?$/;

/** The typed amount in cents, or why it cannot be refunded. */
export function parseRefundAmount(text: string, leftCents: number): { cents: number } | { error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (!DOLLARS.test(trimmed)) {
    return { error: 'Enter the amount in dollars with up to two decimals, e.g. 12.95.' };
  }
  const cents = dollarsToCents(Number(trimmed.replace(/^\$\s*/, '')));
  if (cents <= 0) return { error: 'The refund must be more than $0.00.' };
  if (cents > leftCents) return { error: messages.refundTooLarge };
  return { cents };
}
