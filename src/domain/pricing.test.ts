import { describe, expect, it } from 'vitest';
import { checkoutTotals, freeShippingProgress } from './pricing.js';

const bcTax = (subtotalCents: number) =>
  checkoutTotals([{ priceCents: subtotalCents, quantity: 1 }], { city: 'Vancouver', postalCode: 'V6B 1A1' })
    .taxCents;

describe('pricing', () => {
  it('charges a BC order of standard products 5% GST rounded to the cent', () => {
    expect(bcTax(10000)).toBe(500);
    expect(bcTax(3499)).toBe(175);
    expect(bcTax(1)).toBe(0);
    expect(bcTax(0)).toBe(0);
  });

  it('names each tax with its rate, and its share of each line', () => {
    const totals = checkoutTotals(
      [
        { priceCents: 1299, quantity: 2, taxClass: 'standard' },
        { priceCents: 899, quantity: 1, taxClass: 'zero_rated' },
      ],
      { city: 'Toronto', postalCode: 'M5V 2T6', state: 'Ontario' },
      false,
      { at: new Date('2026-11-29T12:00:00Z') },
    );
    expect(totals.province).toBe('ON');
    // 13% of $25.98 = $3.3774 → $3.38; the zero-rated $8.99 pays none.
    expect(totals.taxes).toEqual([
      { code: 'HST', rate: 13_000, goodsCents: 338, shippingCents: 0, amountCents: 338 },
    ]);
    expect(totals.lineTaxes).toEqual([[{ code: 'HST', amountCents: 338 }], []]);
    expect(totals.totalCents).toBe(2598 + 899 + totals.shippingCents + 338);
  });

  it('ships free from $90, and says how much is missing, rounded up to the dollar', () => {
    expect(freeShippingProgress(9000)).toEqual({ qualifies: true, remainingCents: 0, remainingDollars: 0 });
    expect(freeShippingProgress(12000).qualifies).toBe(true);
    expect(freeShippingProgress(8999)).toEqual({ qualifies: false, remainingCents: 1, remainingDollars: 1 });
    expect(freeShippingProgress(7697)).toEqual({
      qualifies: false,
      remainingCents: 1303,
      remainingDollars: 14,
    });
    expect(freeShippingProgress(0).remainingDollars).toBe(90);
  });
});
