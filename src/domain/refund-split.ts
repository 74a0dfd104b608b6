/**
 * What a refund gives back (decision 0070): its amount split over what is left of the order's
 * goods, shipping and each tax, in proportion, so the tax returned is the tax charged on the part
 * refunded. A refund of everything left returns exactly what is left of each part, so refunds in
 * full always return every cent of every tax charged.
 */
import type { TaxCode } from './tax.js';

export interface RefundTax {
  code: TaxCode;
  /** Canada Post's two-letter code of the province the tax was charged for. */
  province: string;
  amountCents: number;
}

/** An amount of money as an order's parts: its goods, its shipping and each tax. */
export interface RefundParts {
  goodsCents: number;
  shippingCents: number;
  taxes: RefundTax[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export const partsTotal = (parts: RefundParts) =>
  parts.goodsCents + parts.shippingCents + sum(parts.taxes.map((tax) => tax.amountCents));

/** `charged` less each part of `refunded` (refunds made or on their way). */
export function partsLeft(charged: RefundParts, refunded: readonly RefundParts[]): RefundParts {
  return {
    goodsCents: charged.goodsCents - sum(refunded.map((r) => r.goodsCents)),
    shippingCents: charged.shippingCents - sum(refunded.map((r) => r.shippingCents)),
    taxes: charged.taxes.map((tax) => ({
      ...tax,
      amountCents:
        tax.amountCents -
        sum(refunded.flatMap((r) => r.taxes.filter((t) => t.code === tax.code).map((t) => t.amountCents))),
    })),
  };
}

/**
 * Splits `refundCents` over `left` in proportion to each part, by largest remainder: the parts add
 * up to the refund, none is a cent or more from its exact share or more than what is left of it.
 * A refund of all that is left returns `left` as it is; past it (the card took more than the order's
 * parts, which should not happen), the rest counts as goods.
 */
export function splitRefund(refundCents: number, left: RefundParts): RefundParts {
  const amounts = [left.goodsCents, left.shippingCents, ...left.taxes.map((tax) => tax.amountCents)].map(
    (a) => Math.max(0, a),
  );
  const total = sum(amounts);
  let parts: number[];
  if (total <= 0) {
    parts = amounts.map((_, index) => (index === 0 ? refundCents : 0));
  } else if (refundCents >= total) {
    parts = [...amounts];
    parts[0]! += refundCents - total;
  } else {
    const exact = amounts.map((amount) => (amount * refundCents) / total);
    parts = exact.map(Math.floor);
    let rest = refundCents - sum(parts);
    const byRemainder = exact
      .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
      .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
    for (const { index } of byRemainder) {
      if (rest <= 0) break;
      parts[index]! += 1;
      rest -= 1;
    }
  }
  return {
    goodsCents: parts[0]!,
    shippingCents: parts[1]!,
    taxes: left.taxes.map((tax, index) => ({ ...tax, amountCents: parts[index + 2]! })),
  };
}
