import { describe, expect, it } from 'vitest';
import { freeShippingProgress, taxCents } from './pricing.js';

describe('pricing', () => {
  it('charges 5% tax rounded to the cent', () => {
    expect(taxCents(10000)).toBe(500);
    expect(taxCents(3499)).toBe(175);
    expect(taxCents(1)).toBe(0);
    expect(taxCents(0)).toBe(0);
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
