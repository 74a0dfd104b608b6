/**
 * An order as the API answers it: its row, its lines in the order they were written, and its refunds.
 */
import { asc, eq } from 'drizzle-orm';
import { trackingUrl, type Carrier } from '../../../domain/fulfilment.js';
import { centsToDollars } from '../../../domain/money.js';
import type { Order } from '../../../domain/orders.js';
import type { Database } from '../../db/client.js';
import { orderItems, type orderRefunds, orders } from '../../db/schema.js';
import { refundsOf, toApiRefund } from './refunds.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

export function toApiOrder(row: OrderRow, items: OrderItemRow[], refunds: RefundRow[] = []): Order {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    total: centsToDollars(row.totalCents),
    subtotal: centsToDollars(row.subtotalCents),
    shipping_cost: centsToDollars(row.shippingCents),
    tax_amount: centsToDollars(row.taxCents),
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
  };
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
  return toApiOrder(row, items, await refundsOf(executor, [orderId]));
}
