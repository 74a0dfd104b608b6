/**
 * Pricing a checkout on the server (docs/product.md, Prices, shipping and tax): the cart's lines
 * from the catalogue, the shipping rule and tax, never the client's numbers; with what the
 * idempotency key and the holds need to know of the shopper.
 */
import { inArray, sql } from 'drizzle-orm';
import { assertShipsTo, type CreatePaymentIntent } from '../../../domain/checkout.js';
import { InvalidError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import {
  checkoutTotals,
  isFreeShippingAccount,
  MAX_ORDER_TOTAL_CENTS,
  type PricingSettings,
} from '../../../domain/pricing.js';
import { notEnoughStockMessage } from '../../../domain/stock.js';
import { linePriceCents } from '../../../domain/subscriptions.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, products } from '../../db/schema.js';
import type { Viewer } from '../../http/viewer.js';
import type { IntentCheckout } from './snapshot.js';

export const ITEMS_UNAVAILABLE = 'Some items in your cart are no longer available. Please review your cart.';

export interface PricedCheckout {
  checkout: IntentCheckout;
  /** The products whose stock is counted. */
  counted: Set<number>;
  /** Why the stock is short as priced (the first product short), or null. */
  short: string | null;
  history: { lastOrder: number; expired: number };
  /** The shopper has an earlier checkout holding counted units (which a new one replaces). */
  holding: boolean;
}

/** Prices the cart from the catalogue, with the shipping rule and tax; never the client's numbers. */
export async function priceCheckout(
  db: Database,
  viewer: Viewer,
  input: CreatePaymentIntent,
  pricing: PricingSettings,
): Promise<PricedCheckout> {
  const ids = input.items.map((item) => item.id);
  // The shopper's history for the idempotency key (createIntent) comes in the same statement: it is
  // needed only when a product was found (items are never empty), and then every row carries it.
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      priceCents: products.priceCents,
      subscribeSavePercent: products.subscribeSavePercent,
      taxClass: products.taxClass,
      isActive: products.isActive,
      stock: products.stock,
      lastOrder: sql<number>`coalesce((select max(${orders.id}) from ${orders} where ${orders.userId} = ${viewer.id}), 0)`,
      expired: sql<number>`(select count(*) from ${paymentIntents} where ${paymentIntents.userId} = ${viewer.id} and ${paymentIntents.expiresAt} <= now())::int`,
      // Written out: drizzle leaves column names unqualified in a one-table select, and both have an id.
      holding: sql<boolean>`exists (select 1 from stock_reservations r join payment_intents i on i.id = r.intent_id where i.user_id = ${viewer.id} and r.status = 'held' and r.counted)`,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.filter((row) => row.isActive).map((row) => [row.id, row]));
  const lines = input.items.map((item) => {
    const product = byId.get(item.id);
    if (!product) throw new InvalidError(ITEMS_UNAVAILABLE);
    const interval = item.subscription?.interval_weeks ?? null;
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      priceCents: linePriceCents(product.priceCents, product.subscribeSavePercent, item.subscription),
      quantity: item.quantity,
      taxClass: product.taxClass,
      ...(interval === null ? {} : { intervalWeeks: interval }),
    };
  });
  // Where the shop ships depends on the settings, so the payload's schema cannot say (decision 0068).
  assertShipsTo(pricing.shippingArea, input.shippingInfo.state, input.shippingInfo.postalCode);
  const freeShipping = isFreeShippingAccount(viewer, pricing.freeShippingEmail);
  const totals = checkoutTotals(lines, input.shippingInfo, freeShipping, pricing);
  if (totals.totalCents > MAX_ORDER_TOTAL_CENTS) throw new InvalidError(messages.orderTooLarge);
  // Short of stock as priced: refused before the provider is asked for anything (createIntent). The
  // reservation itself (reserveStock) is the check that counts when checkouts race.
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  let short: string | null = null;
  for (const [id, quantity] of wanted) {
    const { stock, name } = byId.get(id)!;
    if (stock !== null && stock < quantity) short ??= notEnoughStockMessage(name, stock);
  }
  const counted = new Set(rows.filter((row) => row.stock !== null).map((row) => row.id));
  const history = { lastOrder: rows[0]?.lastOrder ?? 0, expired: rows[0]?.expired ?? 0 };
  const holding = rows[0]?.holding ?? false;
  return {
    checkout: { lines, shippingInfo: input.shippingInfo, totals },
    counted,
    short,
    history,
    holding,
  };
}
