import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatAmount, formatPrice, formatPriceShort } from './money.js';

describe('money', () => {
  it('converts dollars to cents without floating-point drift', () => {
    expect(dollarsToCents(34.99)).toBe(3499);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(11.95)).toBe(1195);
    expect(dollarsToCents(-2.5)).toBe(-250);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('converts cents to dollars', () => {
    expect(centsToDollars(3799)).toBe(37.99);
    expect(centsToDollars(5)).toBe(0.05);
  });

  it('formats with exactly two decimals', () => {
    expect(formatAmount(3499)).toBe('34.99');
    expect(formatAmount(500)).toBe('5.00');
    expect(formatAmount(7)).toBe('0.07');
    expect(formatAmount(-1250)).toBe('-12.50');
    expect(formatPrice(1195)).toBe('$11.95');
    expect(formatPrice(-99)).toBe('-$0.99');
  });

  it('writes prices for people with thousands separators, amounts for machines without', () => {
    expect(formatPrice(167805)).toBe('$1,678.05');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(-167805)).toBe('-$1,678.05');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatAmount(167805)).toBe('1678.05');
    expect(formatPriceShort(250000)).toBe('$2,500');
  });

  it('drops the cents of a whole-dollar price in a sentence', () => {
    expect(formatPriceShort(9000)).toBe('$90');
    expect(formatPriceShort(500)).toBe('$5');
    expect(formatPriceShort(3499)).toBe('$34.99');
    expect(formatPriceShort(-1500)).toBe('-$15');
  });

  it("writes every price exactly as Intl's en-CA CAD currency format does", () => {
    const intl = new Intl.NumberFormat('en-CA', {
      style: 'currency',
      currency: 'CAD',
      minimumFractionDigits: 2,
    });
    const samples = [1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 999999, 1000000, 12345678901];
    // Integer cents, both signs, and every cent of the first few dollars.
    const cents = [...samples, ...samples.map((c) => -c), ...Array.from({ length: 1200 }, (_, i) => i)];
    for (const c of cents) expect(formatPrice(c), String(c)).toBe(intl.format(c / 100));
    // Fractions of a cent are dropped towards zero, as before; negative zero is not written with a sign.
    expect(formatPrice(1195.9)).toBe('$11.95');
    expect(formatPrice(-0.4)).toBe('$0.00');
  });
});
