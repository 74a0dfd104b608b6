/**
 * Order Management (docs/product.md, Admin tools): the list query and the change an admin makes to
 * one order; the statuses an admin may move it to and the refund form's amount (decision 0022); the
 * shipping details and the order's timeline (decision 0023).
 */
import {
  CARRIERS,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_NUMBER_PATTERN,
  type Carrier,
} from '../../../../domain/fulfilment';
import { messages } from '../../../../domain/messages';
import { dollarsToCents, formatAmount } from '../../../../domain/money';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../../../domain/orders';
import {
  chargedOrderOf,
  partsLeft,
  splitByLines,
  unitsRefunded,
  type LineRefund,
} from '../../../../domain/refund-split';
import { pageParam } from '../shared/paging';

export const ORDERS_PAGE_SIZE = 20;

export interface OrderQuery {
  status: OrderStatus | '';
  q: string;
  page: number;
}

/** ?order=N, the new-order alert's link (and the Overview's): that order, found and opened. */
export function linkedOrderId(params: URLSearchParams): number | null {
  const value = params.get('order') ?? '';
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The list's query as the address holds it (?status=&q=&page=); a linked order is searched for. */
export function orderQuery(params: URLSearchParams): OrderQuery {
  const status = params.get('status') ?? '';
  const linked = linkedOrderId(params);
  return {
    status: isOrderStatus(status) ? status : '',
    q: (params.get('q') ?? (linked === null ? '' : String(linked))).trim(),
    page: pageParam(params.get('page')),
  };
}

const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export function ordersPath({ status, q, page }: OrderQuery, pageSize = ORDERS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `/api/orders?${params.toString()}`;
}

/** The shipping fields of the order dialog as typed: '' is no carrier, or no number. */
export interface ShippingInput {
  carrier: Carrier | '';
  trackingNumber: string;
}

export interface StatusChange {
  status?: OrderStatus;
  is_paid?: boolean;
  carrier?: Carrier | null;
  tracking_number?: string | null;
}

/**
 * PATCH /api/orders/:id/status with what changed, or null when nothing did. The carrier and the
 * tracking number (trimmed) are sent only when they differ from the order's; emptied, they are
 * sent as null, which clears them.
 */
export function statusChange(
  order: Pick<Order, 'status' | 'is_paid'> & Partial<Pick<Order, 'carrier' | 'tracking_number'>>,
  status: OrderStatus,
  isPaid: boolean,
  shipping?: ShippingInput,
): StatusChange | null {
  const carrier = shipping ? shipping.carrier || null : undefined;
  // As the server keeps it: trimmed, each run of spaces one space.
  const number = shipping ? shipping.trackingNumber.trim().replace(/\s+/g, ' ') || null : undefined;
  const change: StatusChange = {
    ...(status !== order.status ? { status } : {}),
    ...(isPaid !== order.is_paid ? { is_paid: isPaid } : {}),
    ...(carrier !== undefined && carrier !== (order.carrier ?? null) ? { carrier } : {}),
    ...(number !== undefined && number !== (order.tracking_number ?? null)
      ? { tracking_number: number }
      : {}),
  };
  return Object.keys(change).length > 0 ? change : null;
}

/** The shipping fields as the order has them saved. */
export const shippingInput = (order: Pick<Order, 'carrier' | 'tracking_number'>): ShippingInput => ({
  carrier: order.carrier ?? '',
  trackingNumber: order.tracking_number ?? '',
});

export { TRACKING_NUMBER_MESSAGE };
export const CARRIER_NEEDED_MESSAGE = 'Choose the carrier of this tracking number.';

/** Why the shipping fields cannot be saved as typed, or null. Empty is fine: it clears them. */
export function shippingProblem(input: ShippingInput): {
  carrier?: string;
  trackingNumber?: string;
} | null {
  const number = input.trackingNumber.trim();
  if (number === '') return null;
  if (!TRACKING_NUMBER_PATTERN.test(number)) return { trackingNumber: TRACKING_NUMBER_MESSAGE };
  if (!input.carrier) return { carrier: CARRIER_NEEDED_MESSAGE };
  return null;
}

export const isCarrier = (value: string): value is Carrier => (CARRIERS as readonly string[]).includes(value);

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

const DOLLARS = /^\$?\s*\d+(\.\d{1,2})?$/;

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

/** What the line refund starts from: chosen units of each line (by item id), and the shipping. */
export interface LineSelection {
  quantities: Record<number, number>;
  shipping: boolean;
}

/**
 * A refund of chosen lines as the server will make it (decision 0071): the same rule
 * (`splitByLines`) over the order as the API gave it, its refunds made or on their way counted.
 */
export function lineRefundOf(order: Order, selection: LineSelection): LineRefund {
  const taxes = order.taxes.map((tax) => ({
    code: tax.code,
    province: tax.province,
    amountCents: dollarsToCents(tax.amount),
  }));
  const charged = chargedOrderOf({
    lines: order.items.map((item) => ({
      itemId: item.id,
      name: item.product_name,
      quantity: item.quantity,
      unitCents: item.price,
      taxes: item.taxes.map((tax) => ({ code: tax.code, amountCents: tax.amount })),
    })),
    shippingCents: dollarsToCents(order.shipping_cost),
    taxes,
  });
  const refunds = order.refunds.filter((refund) => refund.status !== 'failed');
  const left = partsLeft(
    { goodsCents: dollarsToCents(order.subtotal), shippingCents: charged.shippingCents, taxes },
    refunds.map((refund) => ({
      goodsCents: dollarsToCents(refund.goods),
      shippingCents: dollarsToCents(refund.shipping),
      taxes: refund.taxes.map((tax) => ({ ...tax, amountCents: dollarsToCents(tax.amount) })),
    })),
  );
  return splitByLines(
    charged,
    {
      lines: Object.entries(selection.quantities)
        .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }))
        .filter((line) => line.quantity > 0),
      shipping: selection.shipping,
    },
    refunds.map((refund) => refund.lines.map((line) => ({ itemId: line.item_id, quantity: line.quantity }))),
    left,
  );
}

/** Units of each line not yet refunded by line (refunds made or on their way), by item id. */
export function unitsLeftToRefund(order: Pick<Order, 'items' | 'refunds'>): Record<number, number> {
  const refunded = unitsRefunded(
    order.refunds
      .filter((refund) => refund.status !== 'failed')
      .map((refund) => refund.lines.map((line) => ({ itemId: line.item_id, quantity: line.quantity }))),
  );
  return Object.fromEntries(
    order.items.map((item) => [item.id, item.quantity - (refunded.get(item.id) ?? 0)]),
  );
}

/** Shipping not yet refunded, in cents (refunds made or on their way). */
export const shippingLeftToRefund = (order: Pick<Order, 'shipping_cost' | 'refunds'>) =>
  dollarsToCents(order.shipping_cost) -
  order.refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + dollarsToCents(refund.shipping), 0);

export { orderEventSchema, orderTimelineSchema } from '../../../../domain/fulfilment-schemas';

/** Who did it, as the timeline says it (shared with the subscriptions' history, decision 0057). */
export { actorLabel } from '../shared/timeline';
