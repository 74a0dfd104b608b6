/**
 * What a subscription's next delivery comes to today (decision 0056): its products at today's
 * prices less their subscribe-and-save percentage, those sold out left out, with shipping and tax
 * by the checkout's rules. The renewal charges it (renewals.ts) and the reminder announces it
 * (reminders.ts), so both say the same amount.
 */
import { asc, eq } from 'drizzle-orm';
import {
  checkoutTotals,
  isFreeShippingAccount,
  type CheckoutTotals,
  type PricingSettings,
} from '../../../domain/pricing.js';
import {
  checkoutSnapshotShippingSchema,
  type CheckoutSnapshot,
} from '../../../domain/stored/checkout-snapshot.js';
import { parseStored } from '../../../domain/stored/versions.js';
import { deliverable, subscriptionPriceCents, type IntervalWeeks } from '../../../domain/subscriptions.js';
import type { Transaction } from '../../db/client.js';
import { products, subscriptionItems, type subscriptions } from '../../db/schema.js';
import { accountOf } from './records.js';

type Executor = Pick<Transaction, 'select'>;

export interface DeliveryItem {
  productId: number;
  name: string;
  sku: string | null;
  priceCents: number;
  percent: number;
  stock: number | null;
  isActive: boolean;
  quantity: number;
  /** On sale with enough units for this quantity. */
  inStock: boolean;
}

export interface NextDelivery {
  /** Every product of the subscription, in product order. */
  items: DeliveryItem[];
  /** The products that go out; the others are sold out (or no longer sold). */
  available: DeliveryItem[];
  shippingInfo: CheckoutSnapshot['shippingInfo'];
  /** The order lines of what goes out, at the subscription price. */
  lines: CheckoutSnapshot['lines'];
  totals: CheckoutTotals;
}

export async function priceNextDelivery(
  tx: Executor,
  sub: Pick<typeof subscriptions.$inferSelect, 'id' | 'userId' | 'intervalWeeks' | 'shippingInfo'>,
  pricing: PricingSettings,
): Promise<NextDelivery> {
  const rows = await tx
    .select({
      productId: products.id,
      name: products.name,
      sku: products.sku,
      priceCents: products.priceCents,
      percent: products.subscribeSavePercent,
      taxClass: products.taxClass,
      stock: products.stock,
      isActive: products.isActive,
      quantity: subscriptionItems.quantity,
    })
    .from(subscriptionItems)
    .innerJoin(products, eq(products.id, subscriptionItems.productId))
    .where(eq(subscriptionItems.subscriptionId, sub.id))
    .orderBy(asc(products.id));
  const items = rows.map((item) => ({
    ...item,
    inStock: deliverable(item),
  }));
  const available = items.filter((item) => item.inStock);
  const shippingInfo = parseStored(
    "a subscription's address",
    checkoutSnapshotShippingSchema,
    sub.shippingInfo,
  );
  const lines = available.map((item) => ({
    productId: item.productId,
    name: item.name,
    sku: item.sku,
    priceCents: subscriptionPriceCents(item.priceCents, item.percent),
    quantity: item.quantity,
    intervalWeeks: sub.intervalWeeks as IntervalWeeks,
    taxClass: item.taxClass,
  }));
  const account = await accountOf(tx, sub.userId);
  const totals = checkoutTotals(
    lines,
    shippingInfo,
    isFreeShippingAccount(account, pricing.freeShippingEmail),
    pricing,
  );
  return { items, available, shippingInfo, lines, totals };
}
