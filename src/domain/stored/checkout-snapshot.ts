/**
 * The checkout snapshot kept with a payment intent (`payment_intents.checkout`, decision 0013): what
 * the payment was priced for, from which the order is built, days later if need be (a paid intent
 * becomes an order through the reconciler). So a build may read a snapshot an older build wrote;
 * it parses it (decision 0047). The shipping fields are checked as text, not by the checkout form's
 * rules: erasure rewrites them (decision 0043), and the rules may change after the payment.
 */
import { TAX_CLASSES, TAX_CODES } from '../tax.js';
import { z } from '../zod.js';
import { parseStored, versionOne } from './versions.js';

const cents = z.number().int().nonnegative();

/** One line as priced: the product, its name and price at the time of purchase. */
export const checkoutSnapshotLineSchema = z.object({
  productId: z.number().int().positive(),
  name: z.string(),
  sku: z.string().nullable(),
  priceCents: cents,
  quantity: z.number().int().positive(),
  /** A subscription line's interval (decision 0056); absent on one-time lines and older snapshots. */
  intervalWeeks: z.number().int().positive().nullable().optional(),
  /** The product's tax class then (decision 0066); absent on older snapshots, which were standard. */
  taxClass: z.enum(TAX_CLASSES).optional(),
});

const taxCode = z.enum(TAX_CODES);

/** The shipping form as the checkout took it (docs/product.md, Checkout and payment). */
export const checkoutSnapshotShippingSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string(),
});

/** Version 1: lines, shipping form and totals, with no `v` (as the code writes it today). */
export const checkoutSnapshotSchema = versionOne({
  lines: z.array(checkoutSnapshotLineSchema).min(1, { message: 'a checkout has at least one line' }),
  shippingInfo: checkoutSnapshotShippingSchema,
  totals: z.object({
    subtotalCents: cents,
    shippingCents: cents,
    taxCents: cents,
    totalCents: cents,
    /**
     * Each tax, the province taxed for and each line's share (decision 0066). Absent on snapshots
     * written before taxes were kept one by one: those were GST 5% on the products, in BC.
     */
    province: z.string().optional(),
    taxes: z
      .array(
        z.object({
          code: taxCode,
          rate: z.number().int().nonnegative(),
          goodsCents: cents,
          shippingCents: cents,
          amountCents: cents,
        }),
      )
      .optional(),
    lineTaxes: z.array(z.array(z.object({ code: taxCode, amountCents: cents }))).optional(),
  }),
  /** Present on a subscription's renewal: which subscription, cycle and attempt it pays. */
  renewal: z
    .object({
      subscriptionId: z.number().int().positive(),
      cycle: z.number().int().positive(),
      attempt: z.number().int().positive(),
    })
    .optional(),
});
/** The snapshot as read: the newest version. */
export type CheckoutSnapshot = z.output<typeof checkoutSnapshotSchema>;
/** What may be written: today's shape. */
export type CheckoutSnapshotInput = z.input<typeof checkoutSnapshotSchema>;

/**
 * A payment intent's checkout snapshot, parsed; throws a StoredRecordError saying which fields are
 * wrong when it does not parse.
 */
export function parseCheckoutSnapshot(value: unknown): CheckoutSnapshot {
  return parseStored('the checkout snapshot', checkoutSnapshotSchema, value);
}
