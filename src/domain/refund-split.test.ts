import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partsLeft, partsTotal, splitRefund, type RefundParts } from './refund-split.js';

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
