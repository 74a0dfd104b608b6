import { describe, expect, it } from 'vitest';
import { orderedRecently, restoreCartPath, SKIP_CAPTURE_AFTER_ORDER_MS } from './abandoned-cart.js';

describe('orderedRecently (capture skipped within 900000 ms of an order)', () => {
  const now = 1_800_000_000_000;
  it('is true from the moment of the order until just before 15 minutes', () => {
    expect(SKIP_CAPTURE_AFTER_ORDER_MS).toBe(900_000);
    expect(orderedRecently(now, now)).toBe(true);
    expect(orderedRecently(now - 899_999, now)).toBe(true);
  });
  it('is false from 15 minutes on, without an order, and for nonsense', () => {
    expect(orderedRecently(now - 900_000, now)).toBe(false);
    expect(orderedRecently(null, now)).toBe(false);
    expect(orderedRecently(Number.NaN, now)).toBe(false);
    // A timestamp in the future (a wrong clock, tampered storage) does not block capture forever.
    expect(orderedRecently(now + 60_000, now)).toBe(false);
  });
});

describe('restoreCartPath', () => {
  it('is /cart with restoreCart=true and the token, encoded', () => {
    expect(restoreCartPath('abc_-1')).toBe('/cart?restoreCart=true&token=abc_-1');
    expect(restoreCartPath('a+b/c')).toBe('/cart?restoreCart=true&token=a%2Bb%2Fc');
  });
});
