/**
 * What a payment intent was priced for, kept with it: the order is built from this snapshot (names
 * and prices at the time of purchase), never from what a browser sends later.
 */
import type { CheckoutTotals } from '../../../domain/pricing.js';
import type { ShippingInfo } from '../../../domain/checkout.js';

export interface IntentCheckout {
  lines: { productId: number; name: string; sku: string | null; priceCents: number; quantity: number }[];
  shippingInfo: ShippingInfo;
  totals: CheckoutTotals;
}
