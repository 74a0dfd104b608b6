/**
 * An order as the API answers it: its row, its lines in the order they were written, and its refunds.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { trackingUrl, type Carrier } from '../../../domain/fulfilment.js';
import { centsToDollars } from '../../../domain/money.js';
import { rateFraction, TAX_CODES } from '../../../domain/tax.js';
import type { Order, StatusDates } from '../../../domain/orders.js';
import type { Database } from '../../db/client.js';
import { orderEvents, orderItems, orders, orderTaxes } from '../../db/schema.js';
import { refundsOf, toApiRefund, type RefundWithTaxes } from './refunds.js';
import { statusReached } from './timeline.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderTaxRow = typeof orderTaxes.$inferSelect;

export function toApiOrder(
  row: OrderRow,
  items: OrderItemRow[],
  refunds: RefundWithTaxes[],
  statusDates: StatusDates,
  taxes: OrderTaxRow[],
): Order {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    total: centsToDollars(row.totalCents),
    subtotal: centsToDollars(row.subtotalCents),
    shipping_cost: centsToDollars(row.shippingCents),
    tax_amount: centsToDollars(row.taxCents),
    taxes: taxes.map((tax) => ({
      code: tax.code,
      rate: rateFraction(tax.rate),
      province: tax.province,
      amount: centsToDollars(tax.amountCents),
    })),
    is_paid: row.isPaid,
    payment_intent_id: row.paymentIntentId,
    shipping_address: row.shippingAddress,
    shipping_address2: row.shippingAddress2,
    shipping_city: row.shippingCity,
    shipping_state: row.shippingState,
    shipping_country: row.shippingCountry,
    shipping_postal_code: row.shippingPostalCode,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      product_name: item.productName,
      quantity: item.quantity,
      price: item.priceCents,
      tax_class: item.taxClass,
      taxes: item.taxes.map((tax) => ({ code: tax.code, amount: tax.amount_cents })),
    })),
    carrier: (row.carrier as Carrier | null) ?? null,
    tracking_number: row.trackingNumber,
    tracking_url: trackingUrl(row.carrier as Carrier | null, row.trackingNumber),
    refunds: refunds.map(toApiRefund),
    refunded: centsToDollars(
      refunds
        .filter((refund) => refund.status === 'succeeded')
        .reduce((sum, refund) => sum + refund.amountCents, 0),
    ),
    status_dates: statusDates,
  };
}

/**
 * When each order last moved into each status, read from the status events of its timeline (no
 * column of its own: the timeline already records every move, for orders placed before this too).
 */
export async function statusDatesOf(
  executor: Pick<Database, 'select'>,
  orderIds: readonly number[],
): Promise<Map<number, StatusDates>> {
  const dates = new Map<number, StatusDates>();
  if (orderIds.length === 0) return dates;
  const rows = await executor
    .select({ orderId: orderEvents.orderId, summary: orderEvents.summary, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...orderIds]), eq(orderEvents.kind, 'status')))
    .orderBy(asc(orderEvents.id));
  for (const { orderId, summary, at } of rows) {
    const status = statusReached(summary);
    if (!status) continue;
    dates.set(orderId, { ...dates.get(orderId), [status]: at.toISOString() });
  }
  return dates;
}

/** The taxes of these orders, in the order TAX_RATES lists them (GST before PST and QST). */
export async function taxesOf(
  executor: Pick<Database, 'select'>,
  orderIds: readonly number[],
): Promise<OrderTaxRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await executor
    .select()
    .from(orderTaxes)
    .where(inArray(orderTaxes.orderId, [...orderIds]));
  return rows.sort((a, b) => a.orderId - b.orderId || TAX_CODES.indexOf(a.code) - TAX_CODES.indexOf(b.code));
}

/** One order as the API answers it, read through `executor` (a transaction sees its own writes). */
export async function loadOrder(executor: Pick<Database, 'select'>, orderId: number): Promise<Order | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const items = await executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  // One after the other: `executor` may be a transaction, one connection.
  const refunds = await refundsOf(executor, [orderId]);
  const dates = await statusDatesOf(executor, [orderId]);
  const taxes = await taxesOf(executor, [orderId]);
  return toApiOrder(row, items, refunds, dates.get(orderId) ?? {}, taxes);
}
