import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargedOrderOf,
  partsLeft,
  partsTotal,
  splitByLines,
  splitRefund,
  type ChargedOrder,
  type LineChoice,
  type RefundParts,
} from './refund-split.js';
import { orderTax, PROVINCE_CODES, type Province } from './tax.js';

const order = (goods: number, shipping: number, gst: number, pst = 0): RefundParts => ({
  goodsCents: goods,
  shippingCents: shipping,
  taxes: [
    { code: 'GST', province: 'BC', amountCents: gst },
    ...(pst ? [{ code: 'QST' as const, province: 'QC', amountCents: pst }] : []),
  ],
});

describe('splitting a refund over goods, shipping and each tax', () => {
  it('returns the tax charged on the part refunded', () => {
    // $59.89 of goods, $8 shipping, $2.99 GST: a refund of $10 returns 42 cents of GST.
    const split = splitRefund(1000, order(5989, 800, 299));
    expect(split).toEqual(order(845, 113, 42));
    expect(partsTotal(split)).toBe(1000);
  });

  it('returns exactly what was charged when refunded in full, at once or in parts', () => {
    const charged = order(5989, 800, 299);
    expect(splitRefund(7088, charged)).toEqual(charged);
    const first = splitRefund(1234, charged);
    const second = splitRefund(7088 - 1234, partsLeft(charged, [first]));
    expect(partsLeft(charged, [first, second])).toEqual(order(0, 0, 0));
  });

  it('holds for any order and any refunds: they add up, none goes below zero, in full returns every tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 75_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (goods, shipping, gst, qst, weights) => {
          const charged = order(goods, shipping, gst, qst);
          const total = partsTotal(charged);
          fc.pre(total > 0);
          // Refunds in the given proportions, the last one all that is left.
          const all = weights.reduce((a, b) => a + b, 0);
          const refunds: RefundParts[] = [];
          let given = 0;
          weights.forEach((weight, index) => {
            const amount = index === weights.length - 1 ? total - given : Math.floor((total * weight) / all);
            if (amount <= 0) return;
            const split = splitRefund(amount, partsLeft(charged, refunds));
            expect(partsTotal(split)).toBe(amount);
            refunds.push(split);
            given += amount;
            const left = partsLeft(charged, refunds);
            for (const part of [
              left.goodsCents,
              left.shippingCents,
              ...left.taxes.map((t) => t.amountCents),
            ]) {
              expect(part).toBeGreaterThanOrEqual(0);
            }
          });
          const left = partsLeft(charged, refunds);
          expect([left.goodsCents, left.shippingCents, ...left.taxes.map((t) => t.amountCents)]).toEqual([
            0,
            0,
            ...charged.taxes.map(() => 0),
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** An order charged as checkout charges it: each line's tax and shipping's, from the rates. */
function chargedOf(
  province: Province,
  lines: { quantity: number; unitCents: number; zeroRated?: boolean }[],
  shippingCents: number,
  taxShipping: boolean,
): ChargedOrder {
  const tax = orderTax({
    province,
    day: '2026-11-29',
    lines: lines.map((line) => ({
      amountCents: line.unitCents * line.quantity,
      taxClass: line.zeroRated ? 'zero_rated' : 'standard',
    })),
    shippingCents,
    taxShipping,
  });
  return {
    lines: lines.map((line, index) => ({
      itemId: index + 1,
      name: `Product ${index + 1}`,
      quantity: line.quantity,
      unitCents: line.unitCents,
      taxes: tax.lines[index]!,
    })),
    shippingCents,
    taxes: tax.taxes.map((t) => ({ code: t.code, province, amountCents: t.amountCents })),
  };
}

const partsOf = (charged: ChargedOrder): RefundParts => ({
  goodsCents: charged.lines.reduce((total, line) => total + line.unitCents * line.quantity, 0),
  shippingCents: charged.shippingCents,
  taxes: charged.taxes,
});

const byLines = (
  charged: ChargedOrder,
  lines: LineChoice[],
  shipping: boolean,
  earlier: RefundParts[] = [],
  earlierLines: LineChoice[][] = [],
) => splitByLines(charged, { lines, shipping }, earlierLines, partsLeft(partsOf(charged), earlier));

describe('a refund of chosen lines', () => {
  // Two boxes at $14.99 and a $9.99 bag in Ontario, $12.50 shipping taxed: HST on each.
  const charged = chargedOf(
    'ON',
    [
      { quantity: 2, unitCents: 1499 },
      { quantity: 1, unitCents: 999 },
    ],
    1250,
    true,
  );

  it("returns the units' price and the tax they were charged, and shipping's own tax when chosen", () => {
    const one = byLines(charged, [{ itemId: 1, quantity: 1 }], false);
    expect(one).toEqual({
      parts: {
        goodsCents: 1499,
        shippingCents: 0,
        taxes: [{ code: 'HST', province: 'ON', amountCents: 195 }],
      },
    });
    const bag = byLines(charged, [{ itemId: 2, quantity: 1 }], true);
    // $9.99 × 13% = $1.30 and $12.50 × 13% = $1.625, which the order's HST (rounded once, then
    // shared by largest remainder) gave $1.62: what they were charged comes back.
    expect(bag).toEqual({
      parts: {
        goodsCents: 999,
        shippingCents: 1250,
        taxes: [{ code: 'HST', province: 'ON', amountCents: 292 }],
      },
    });
  });

  it('names what cannot be refunded: a line not on the order, more units than are left, no shipping left', () => {
    expect(byLines(charged, [{ itemId: 9, quantity: 1 }], false)).toEqual({
      problem: 'Line 9 is not on this order.',
      invalid: true,
    });
    const first = byLines(charged, [{ itemId: 1, quantity: 1 }], true) as { parts: RefundParts };
    const earlier = [first.parts];
    const earlierLines = [[{ itemId: 1, quantity: 1 }]];
    expect(byLines(charged, [{ itemId: 1, quantity: 2 }], false, earlier, earlierLines)).toEqual({
      problem: 'Only 1 of Product 1 is left to refund.',
    });
    expect(byLines(charged, [], true, earlier, earlierLines)).toEqual({
      problem: 'There is no shipping left to refund on this order.',
    });
    const second = byLines(charged, [{ itemId: 1, quantity: 1 }], false, earlier, earlierLines) as {
      parts: RefundParts;
    };
    expect(
      byLines(
        charged,
        [{ itemId: 1, quantity: 1 }],
        false,
        [...earlier, second.parts],
        [...earlierLines, [{ itemId: 1, quantity: 1 }]],
      ),
    ).toEqual({ problem: 'Product 1 has been refunded already.' });
    expect(byLines(charged, [], false)).toEqual({
      problem: 'Choose the lines or the shipping to refund.',
      invalid: true,
    });
  });

  it('refuses goods past what an earlier refund by amount left', () => {
    const total = partsTotal(partsOf(charged));
    const most = splitRefund(total - 500, partsOf(charged));
    expect(byLines(charged, [{ itemId: 2, quantity: 1 }], false, [most])).toEqual({
      problem: 'These lines are more than what is left to refund on this order.',
    });
  });

  it("shares an older order's tax over its lines when its lines carry none", () => {
    const legacy = chargedOrderOf({
      lines: [
        { itemId: 1, name: 'A', quantity: 2, unitCents: 1499, taxes: [] },
        { itemId: 2, name: 'B', quantity: 1, unitCents: 999, taxes: [] },
      ],
      shippingCents: 800,
      taxes: [{ code: 'GST', province: 'BC', amountCents: 200 }],
    });
    expect(legacy.lines.map((line) => line.taxes)).toEqual([
      [{ code: 'GST', amountCents: 150 }],
      [{ code: 'GST', amountCents: 50 }],
    ]);
  });

  it('holds for any order refunded line by line in any steps: every part returns exactly what was charged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROVINCE_CODES.filter((p) => p !== 'QC')),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 12 }),
            unitCents: fc.integer({ min: 1, max: 20_000 }),
            zeroRated: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 3_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 12 }),
        (province, lines, shippingCents, taxShipping, picks) => {
          const order = chargedOf(province, lines, shippingCents, taxShipping);
          const all = partsOf(order);
          const refunds: RefundParts[] = [];
          const refundLines: LineChoice[][] = [];
          const unitsLeft = order.lines.map((line) => line.quantity);
          let shippingLeft = shippingCents > 0;
          // Each pick refunds some units of one line, and the shipping on the way; the last takes the rest.
          const steps = picks.map((pick, index) => {
            const line = pick % order.lines.length;
            return {
              line,
              units: index === picks.length - 1 ? Infinity : 1 + (pick % 3),
              shipping: pick % 4 === 0,
            };
          });
          steps.forEach((step, index) => {
            const last = index === steps.length - 1;
            const chosen = last
              ? order.lines
                  .map((line, i) => ({ itemId: line.itemId, quantity: unitsLeft[i]! }))
                  .filter((line) => line.quantity > 0)
              : unitsLeft[step.line]! > 0
                ? [{ itemId: step.line + 1, quantity: Math.min(step.units, unitsLeft[step.line]!) }]
                : [];
            const shipping = shippingLeft && (last || step.shipping);
            if (chosen.length === 0 && !shipping) return;
            const answer = byLines(order, chosen, shipping, refunds, refundLines);
            if (!('parts' in answer)) throw new Error(answer.problem);
            refunds.push(answer.parts);
            refundLines.push(chosen);
            for (const c of chosen) unitsLeft[c.itemId - 1]! -= c.quantity;
            if (shipping) shippingLeft = false;
            const left = partsLeft(all, refunds);
            for (const part of [
              left.goodsCents,
              left.shippingCents,
              ...left.taxes.map((t) => t.amountCents),
            ]) {
              expect(part).toBeGreaterThanOrEqual(0);
            }
          });
          const left = partsLeft(all, refunds);
          expect([left.goodsCents, left.shippingCents, ...left.taxes.map((t) => t.amountCents)]).toEqual([
            0,
            0,
            ...all.taxes.map(() => 0),
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
