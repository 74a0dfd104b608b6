import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_LIMITS, planHolds } from './holds.js';

const limits = { perAccount: 10, perAddress: 15, sharePercent: 50 };
const line = (productId: number, quantity: number, available: number, heldByOthers = 0) => ({
  productId,
  quantity,
  available,
  heldByOthers,
});

describe('planHolds', () => {
  it('holds a line that fits every bound', () => {
    expect([...planHolds([line(1, 4, 30)], 0, limits)]).toEqual([1]);
  });

  it('holds at most the share of a product that unpaid checkouts may hold together', () => {
    // 30 units, 10 held by others: 15 may be held, so 5 more.
    expect(planHolds([line(1, 5, 20, 10)], 0, limits).has(1)).toBe(true);
    expect(planHolds([line(1, 6, 20, 10)], 0, limits).has(1)).toBe(false);
    // Whatever the others hold, the share is of every unit: never more than half held.
    expect(planHolds([line(1, 1, 15, 15)], 0, limits).has(1)).toBe(false);
  });

  it('bounds an account across its lines, whole lines only, in product id order', () => {
    const plan = planHolds([line(3, 2, 100), line(1, 6, 100), line(2, 5, 100)], 0, limits);
    // 6 (product 1) fits; 5 more (product 2) would be 11 > 10; 2 (product 3) fits.
    expect([...plan].sort()).toEqual([1, 3]);
  });

  it('bounds a client address with what its other accounts hold', () => {
    expect(planHolds([line(1, 5, 100)], 10, limits).has(1)).toBe(true);
    expect(planHolds([line(1, 6, 100)], 10, limits).has(1)).toBe(false);
  });

  it('never holds more than is available, and nothing at a zero limit', () => {
    expect(planHolds([line(1, 3, 2)], 0, { ...limits, sharePercent: 100 }).size).toBe(0);
    expect(planHolds([line(1, 1, 100)], 0, { ...limits, perAccount: 0 }).size).toBe(0);
    expect(planHolds([line(1, 1, 100)], 0, { ...limits, sharePercent: 0 }).size).toBe(0);
  });

  it('leaves most of a product to whoever pays, however many accounts try (the defaults)', () => {
    // Ten accounts from ten addresses each ask to hold a product with 30 units, as much as they can.
    let available = 30;
    let held = 0;
    for (let account = 0; account < 10; account++) {
      for (const wanted of [30, 15, 10, 5, 1]) {
        const plan = planHolds([line(1, wanted, available, held)], 0, DEFAULT_HOLD_LIMITS);
        if (plan.has(1)) {
          available -= wanted;
          held += wanted;
          break;
        }
      }
    }
    expect(held).toBe(15);
    expect(available).toBe(15);
  });
});
