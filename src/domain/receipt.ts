/**
 * An order's receipt (decision 0069), worked out once from the order as the API answers it and the
 * business's identity, for the printable page and the PDF alike.
 *
 * What a receipt must show for the buyer to claim input tax credits (Input Tax Credit Information
 * (GST/HST) Regulations, s. 3; CRA GST/HST Memorandum 8.4): the supplier's name and GST/HST
 * registration number, the date, the total paid, which supplies are taxable and the tax charged,
 * and, from $150, the buyer's name and a description of each supply. This one shows all of it on
 * every order.
 */
import { dollarsToCents } from './money.js';
import type { Order } from './orders.js';
import { rateFromFraction, taxLabel } from './tax.js';

/** Who issues the receipt (BUSINESS_LEGAL_NAME, BUSINESS_ADDRESS, GST_HST_NUMBER). */
export interface BusinessIdentity {
  legalName: string;
  address: string;
  /** The GST/HST registration number ("123456789 RT 0001"); null outside production when not set. */
  gstHstNumber: string | null;
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** The taxes the line pays ("GST", "HST"), or "Zero-rated" for a line that pays none. */
  taxCodes: string;
}

export interface ReceiptMovement {
  /** ISO time. */
  at: string;
  label: string;
  amountCents: number;
  /** A refund's id, for its credit note. */
  refundId?: number;
}

export interface Receipt {
  /** "Order #123". */
  title: string;
  orderId: number;
  issuedAt: string;
  business: BusinessIdentity;
  customer: { name: string; email: string; address: string[] };
  lines: ReceiptLine[];
  subtotalCents: number;
  shippingCents: number;
  /** One row per tax charged: "GST (5%)". */
  taxes: { label: string; amountCents: number }[];
  taxCents: number;
  totalCents: number;
  payments: ReceiptMovement[];
  /** Refunds that went through, oldest first. */
  refunds: ReceiptMovement[];
  /** What the customer paid, less what was refunded. */
  netPaidCents: number;
}

/** What the receipt says where the business has no GST/HST number configured (development). */
export const NO_GST_HST_NUMBER = 'Not set (GST_HST_NUMBER)';

/** An order's line as a receipt or credit note lists it: `quantity` of its units. */
function receiptLine(item: Order['items'][number], quantity: number, order: Order): ReceiptLine {
  const codes = item.taxes.filter((tax) => tax.amount > 0).map((tax) => tax.code);
  // An order from before taxes were kept per line had its tax on every line.
  const legacy = order.items.every((i) => i.taxes.length === 0) && order.taxes.length > 0;
  return {
    name: item.product_name,
    quantity,
    unitCents: item.price,
    amountCents: item.price * quantity,
    taxCodes:
      codes.length > 0
        ? codes.join(', ')
        : legacy
          ? order.taxes.map((tax) => tax.code).join(', ')
          : 'Zero-rated',
  };
}

export function receiptOf(order: Order, business: BusinessIdentity): Receipt {
  const lines = order.items.map((item) => receiptLine(item, item.quantity, order));
  const taxes = order.taxes.map((tax) => ({
    label: `${taxLabel(tax.code, rateFromFraction(tax.rate))}, ${tax.province}`,
    amountCents: dollarsToCents(tax.amount),
  }));
  const totalCents = dollarsToCents(order.total);
  const refunds = order.refunds
    .filter((refund) => refund.status === 'succeeded')
    .map((refund) => ({
      at: refund.created_at,
      label: `Refund: ${refund.reason}`,
      amountCents: dollarsToCents(refund.amount),
      refundId: refund.id,
    }));
  // Paid when it was placed (an order is made from a paid payment); a full refund later clears
  // `is_paid`, not the payment.
  const wasPaid = order.is_paid || order.payment_intent_id !== null;
  const payments = wasPaid ? [{ at: order.created_at, label: 'Card payment', amountCents: totalCents }] : [];
  const paid = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return {
    title: `Order #${order.id}`,
    orderId: order.id,
    issuedAt: order.created_at,
    business,
    customer: {
      name: `${order.first_name} ${order.last_name}`.trim(),
      email: order.email,
      address: [
        order.shipping_address,
        ...(order.shipping_address2 ? [order.shipping_address2] : []),
        `${order.shipping_city}, ${order.shipping_state} ${order.shipping_postal_code}`,
        order.shipping_country,
      ],
    },
    lines,
    subtotalCents: dollarsToCents(order.subtotal),
    shippingCents: dollarsToCents(order.shipping_cost),
    taxes,
    taxCents: dollarsToCents(order.tax_amount),
    totalCents,
    payments,
    refunds,
    netPaidCents: paid - refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
  };
}

/** The date as a Canadian receipt writes it, in the shop's time zone: "November 29, 2026". */
export function receiptDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'America/Vancouver',
  });
}

/** A refund's credit note (decision 0070): what was given back, with each tax, against its receipt. */
export interface CreditNote {
  /** "CN-000042", from the refund: unique, in the order refunds were made. */
  number: string;
  orderId: number;
  refundId: number;
  issuedAt: string;
  /** The receipt it corrects: "Order #123" of its date. */
  receipt: { title: string; issuedAt: string };
  reason: string;
  business: BusinessIdentity;
  customer: Receipt['customer'];
  /** A refund by line: the units it gave back, at their price; none for a refund by amount. */
  lines: ReceiptLine[];
  goodsCents: number;
  shippingCents: number;
  taxes: { label: string; amountCents: number }[];
  totalCents: number;
}

/** A refund of the order that is missing, another order's, or did not go through. */
export const CREDIT_NOTE_NOT_FOUND = 'No credit note found for this refund.';

export const creditNoteNumber = (refundId: number) => `CN-${String(refundId).padStart(6, '0')}`;

/** The credit note of one of the order's refunds that went through; null for any other. */
export function creditNoteOf(order: Order, refundId: number, business: BusinessIdentity): CreditNote | null {
  const refund = order.refunds.find((r) => r.id === refundId && r.status === 'succeeded');
  if (!refund) return null;
  const receipt = receiptOf(order, business);
  return {
    number: creditNoteNumber(refund.id),
    orderId: order.id,
    refundId: refund.id,
    issuedAt: refund.created_at,
    receipt: { title: receipt.title, issuedAt: receipt.issuedAt },
    reason: refund.reason,
    business,
    customer: receipt.customer,
    lines: refund.lines.flatMap((line) => {
      const item = order.items.find((i) => i.id === line.item_id);
      return item ? [receiptLine(item, line.quantity, order)] : [];
    }),
    goodsCents: dollarsToCents(refund.goods),
    shippingCents: dollarsToCents(refund.shipping),
    taxes: refund.taxes.map((tax) => {
      const charged = order.taxes.find((t) => t.code === tax.code);
      return {
        label: charged
          ? `${taxLabel(tax.code, rateFromFraction(charged.rate))}, ${tax.province}`
          : `${tax.code}, ${tax.province}`,
        amountCents: dollarsToCents(tax.amount),
      };
    }),
    totalCents: dollarsToCents(refund.amount),
  };
}
