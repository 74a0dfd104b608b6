/**
 * What a payment intent was priced for, kept with it: the order is built from this snapshot (names
 * and prices at the time of purchase), never from what a browser sends later.
 */
import type { CheckoutTotals } from '../../../domain/pricing.js';
import type { ShippingInfo } from '../../../domain/checkout.js';

export interface IntentCheckout {
  lines: {
    productId: number;
    name: string;
    sku: string | null;
    priceCents: number;
    quantity: number;
    /** A subscription line's interval (decision 0056). */
    intervalWeeks?: number | null;
  }[];
  shippingInfo: ShippingInfo;
  totals: CheckoutTotals;
  /** A subscription's renewal: which one, which cycle, which attempt. */
  renewal?: { subscriptionId: number; cycle: number; attempt: number };
}
