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
    parts = shareOut(refundCents, amounts, total);
  }
  return {
    goodsCents: parts[0]!,
    shippingCents: parts[1]!,
    taxes: left.taxes.map((tax, index) => ({ ...tax, amountCents: parts[index + 2]! })),
  };
}

/** One line of an order as a refund by line sees it: all its units and its share of each tax. */
export interface ChargedLine {
  itemId: number;
  name: string;
  quantity: number;
  unitCents: number;
  taxes: { code: TaxCode; amountCents: number }[];
}

/** An order as charged, line by line: its lines, its shipping and each tax in total. */
export interface ChargedOrder {
  lines: ChargedLine[];
  shippingCents: number;
  /** Each tax charged: the lines' shares and shipping's. */
  taxes: RefundTax[];
}

/** Units of one of the order's lines, chosen for a refund. */
export interface LineChoice {
  itemId: number;
  quantity: number;
}

/**
 * The order's lines with their share of each tax. An order placed before taxes were kept per line
 * (its lines carry none) was charged its tax on the goods alone: each tax is shared over the lines in
 * proportion to their amounts, by largest remainder, so the shares add up to it.
 */
export function chargedOrderOf(order: ChargedOrder): ChargedOrder {
  if (order.lines.some((line) => line.taxes.length > 0) || order.taxes.length === 0) return order;
  const amounts = order.lines.map((line) => line.unitCents * line.quantity);
  const goods = sum(amounts);
  if (goods <= 0) return order;
  const shares = order.taxes.map((tax) => shareOut(tax.amountCents, amounts, goods));
  return {
    ...order,
    lines: order.lines.map((line, index) => ({
      ...line,
      taxes: order.taxes
        .map((tax, t) => ({ code: tax.code, amountCents: shares[t]![index]! }))
        .filter((tax) => tax.amountCents > 0),
    })),
  };
}

/** `total` cents over parts in proportion to `weights` (adding up to `of`), by largest remainder. */
function shareOut(total: number, weights: readonly number[], of: number): number[] {
  const exact = weights.map((weight) => (total * weight) / of);
  const parts = exact.map(Math.floor);
  let rest = total - sum(parts);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (rest <= 0) break;
    parts[index]! += 1;
    rest -= 1;
  }
  return parts;
}

/** Of `amount` charged on `of` units, the cents the first `units` carry (half a cent rounds up). */
const firstUnits = (amount: number, units: number, of: number) => Math.round((amount * units) / of);

/** The units of each line refunded by `refunds`, by item id. */
export function unitsRefunded(refunds: readonly (readonly LineChoice[])[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of refunds.flat()) units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity);
  return units;
}

/** The refund's parts, or why it cannot be made: `invalid` when the request itself is wrong. */
export type LineRefund = { parts: RefundParts } | { problem: string; invalid?: true };

/**
 * A refund of chosen lines (and, when `shipping`, of what is left of the shipping), as its goods,
 * shipping and each tax (decision 0071): each line's units at their price, and the tax those units
 * were charged. Units are refunded in turn, each refund taking the cents the next units carry, so a
 * line refunded unit by unit returns exactly its tax; the shipping's tax likewise. No part goes past
 * what is left of it (an earlier refund by amount took its share of everything): goods past it are
 * refused, a tax is held to what is left (a cent at most).
 *
 * `earlier` holds the lines of the order's refunds made or on their way.
 */
export function splitByLines(
  charged: ChargedOrder,
  choice: { lines: readonly LineChoice[]; shipping: boolean },
  earlier: readonly (readonly LineChoice[])[],
  left: RefundParts,
): LineRefund {
  if (choice.lines.length === 0 && !choice.shipping) {
    return { problem: 'Choose the lines or the shipping to refund.', invalid: true };
  }
  const before = unitsRefunded(earlier);
  const taxes = new Map<TaxCode, number>();
  const add = (code: TaxCode, cents: number) => taxes.set(code, (taxes.get(code) ?? 0) + cents);
  let goodsCents = 0;
  for (const chosen of choice.lines) {
    const line = charged.lines.find((l) => l.itemId === chosen.itemId);
    if (!line) return { problem: `Line ${chosen.itemId} is not on this order.`, invalid: true };
    const done = before.get(line.itemId) ?? 0;
    const unitsLeft = line.quantity - done;
    if (chosen.quantity > unitsLeft) {
      return {
        problem:
          unitsLeft <= 0
            ? `${line.name} has been refunded already.`
            : `Only ${unitsLeft} of ${line.name} ${unitsLeft === 1 ? 'is' : 'are'} left to refund.`,
      };
    }
    goodsCents += line.unitCents * chosen.quantity;
    for (const tax of line.taxes) {
      add(
        tax.code,
        firstUnits(tax.amountCents, done + chosen.quantity, line.quantity) -
          firstUnits(tax.amountCents, done, line.quantity),
      );
    }
  }
  let shippingCents = 0;
  if (choice.shipping) {
    if (left.shippingCents <= 0) return { problem: 'There is no shipping left to refund on this order.' };
    shippingCents = left.shippingCents;
    const shippedBefore = charged.shippingCents - left.shippingCents;
    for (const tax of charged.taxes) {
      const onLines = sum(
        charged.lines.flatMap((line) =>
          line.taxes.filter((t) => t.code === tax.code).map((t) => t.amountCents),
        ),
      );
      const onShipping = Math.max(0, tax.amountCents - onLines);
      add(tax.code, onShipping - firstUnits(onShipping, shippedBefore, charged.shippingCents));
    }
  }
  if (goodsCents > left.goodsCents) {
    return { problem: 'These lines are more than what is left to refund on this order.' };
  }
  return {
    parts: {
      goodsCents,
      shippingCents,
      taxes: left.taxes.map((tax) => ({
        ...tax,
        amountCents: Math.max(0, Math.min(tax.amountCents, taxes.get(tax.code) ?? 0)),
      })),
    },
  };
}
