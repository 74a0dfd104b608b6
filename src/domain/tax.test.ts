import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  businessDay,
  orderTax,
  PROVINCE_CODES,
  provinceCode,
  RATE_SCALE,
  ratePercent,
  ratesOn,
  TAX_CLASSES,
  type TaxableLine,
} from './tax';

const line = (amountCents: number, taxClass: TaxableLine['taxClass'] = 'standard'): TaxableLine => ({
  amountCents,
  taxClass,
});
const today = '2026-11-29';

describe('ratesOn', () => {
  it('takes, per tax, the latest rate in force on the day', () => {
    expect(ratesOn('NS', '2025-03-31').map((r) => [r.code, r.rate])).toEqual([['HST', 15_000]]);
    expect(ratesOn('NS', '2025-04-01').map((r) => [r.code, r.rate])).toEqual([['HST', 14_000]]);
    expect(ratesOn('ON', today).map((r) => [r.code, r.rate])).toEqual([['HST', 13_000]]);
    expect(ratesOn('QC', today).map((r) => [r.code, r.rate])).toEqual([
      ['GST', 5_000],
      ['QST', 9_975],
    ]);
    // BC's PST is known, and applies to no food.
    expect(ratesOn('BC', today).map((r) => [r.code, r.classes])).toEqual([
      ['GST', ['standard']],
      ['PST', []],
    ]);
  });

  it('has a GST or an HST in every province and territory, never both', () => {
    for (const province of PROVINCE_CODES) {
      const codes = ratesOn(province, today).map((r) => r.code);
      expect(
        codes.filter((code) => code === 'GST' || code === 'HST'),
        province,
      ).toHaveLength(1);
    }
  });

  it('reads rates as people write them', () => {
    expect(ratePercent(5_000)).toBe('5%');
    expect(ratePercent(9_975)).toBe('9.975%');
  });
});

describe('orderTax', () => {
  const bc = (lines: TaxableLine[], shippingCents = 0, taxShipping = false) =>
    orderTax({ province: 'BC', day: today, lines, shippingCents, taxShipping });

  it('charges GST 5% on BC orders of standard products, rounded to the cent as before', () => {
    // 2 × $12.99 + $21.99 = $47.97; 5% = $2.3985 → $2.40.
    const tax = bc([line(2598), line(2199)], 1500);
    expect(tax.taxes).toEqual([{ code: 'GST', rate: 5_000, amountCents: 240 }]);
    expect(tax.totalCents).toBe(240);
    expect(tax.lines).toEqual([[{ code: 'GST', amountCents: 130 }], [{ code: 'GST', amountCents: 110 }]]);
    expect(tax.shipping).toEqual([]);
  });

  it('charges a zero-rated product no GST, and a mixed cart GST on its standard lines only', () => {
    expect(bc([line(1299, 'zero_rated')])).toEqual({ taxes: [], lines: [[]], shipping: [], totalCents: 0 });
    const mixed = bc([line(1000), line(3000, 'zero_rated')]);
    expect(mixed.taxes).toEqual([{ code: 'GST', rate: 5_000, amountCents: 50 }]);
    expect(mixed.lines).toEqual([[{ code: 'GST', amountCents: 50 }], []]);
  });

  it('charges HST in Ontario, HST at 14% in Nova Scotia from April 2025, GST and QST in Quebec', () => {
    const at = (province: 'ON' | 'NS' | 'QC', day = today) =>
      orderTax({ province, day, lines: [line(10_000)], shippingCents: 0, taxShipping: false }).taxes;
    expect(at('ON')).toEqual([{ code: 'HST', rate: 13_000, amountCents: 1300 }]);
    expect(at('NS', '2025-03-31')).toEqual([{ code: 'HST', rate: 15_000, amountCents: 1500 }]);
    expect(at('NS')).toEqual([{ code: 'HST', rate: 14_000, amountCents: 1400 }]);
    expect(at('QC')).toEqual([
      { code: 'GST', rate: 5_000, amountCents: 500 },
      { code: 'QST', rate: 9_975, amountCents: 998 },
    ]);
  });

  it('rounds half a cent up and less down (Excise Tax Act s. 165.2(2))', () => {
    expect(bc([line(10)]).totalCents).toBe(1); // 0.5¢
    expect(bc([line(9)]).totalCents).toBe(0); // 0.45¢
  });

  it('taxes shipping like the goods it carries, when the setting says so', () => {
    // $10 standard + $30 zero-rated, $8 shipping: a quarter of it follows the standard goods.
    const tax = bc([line(1000), line(3000, 'zero_rated')], 800, true);
    expect(tax.taxes).toEqual([{ code: 'GST', rate: 5_000, amountCents: 60 }]);
    expect(tax.shipping).toEqual([{ code: 'GST', amountCents: 10 }]);
    expect(bc([line(1000)], 800, false).totalCents).toBe(50);
  });

  const carts = fc.record({
    province: fc.constantFrom(...PROVINCE_CODES),
    day: fc.constantFrom('2024-06-01', '2025-03-31', '2025-04-01', today),
    lines: fc.array(
      fc.record({
        amountCents: fc.integer({ min: 0, max: 500_000 }),
        taxClass: fc.constantFrom(...TAX_CLASSES),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    shippingCents: fc.integer({ min: 0, max: 5_000 }),
    taxShipping: fc.boolean(),
  });

  it('adds up: each tax is the sum of its lines and shipping, the total the sum of the taxes', () => {
    fc.assert(
      fc.property(carts, (cart) => {
        const tax = orderTax(cart);
        for (const { code, amountCents } of tax.taxes) {
          const lines = tax.lines.flat().filter((part) => part.code === code);
          const shipping = tax.shipping.filter((part) => part.code === code);
          expect([...lines, ...shipping].reduce((sum, part) => sum + part.amountCents, 0)).toBe(amountCents);
        }
        expect(tax.totalCents).toBe(tax.taxes.reduce((sum, t) => sum + t.amountCents, 0));
      }),
    );
  });

  it('never drifts: each tax within half a cent of its exact amount, each line within a cent', () => {
    fc.assert(
      fc.property(carts, (cart) => {
        const tax = orderTax(cart);
        const goods = cart.lines.reduce((sum, l) => sum + l.amountCents, 0);
        for (const { code, rate, amountCents } of tax.taxes) {
          const applies = ratesOn(cart.province, cart.day).find((r) => r.code === code)!.classes;
          const taxedLines = cart.lines.map((l) => (applies.includes(l.taxClass) ? l.amountCents : 0));
          const taxedGoods = taxedLines.reduce((sum, a) => sum + a, 0);
          const shipping = cart.taxShipping && goods > 0 ? (cart.shippingCents * taxedGoods) / goods : 0;
          const exact = ((taxedGoods + shipping) * rate) / RATE_SCALE;
          expect(Math.abs(amountCents - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          tax.lines.forEach((parts, i) => {
            const part = parts.find((p) => p.code === code)?.amountCents ?? 0;
            expect(Math.abs(part - (taxedLines[i]! * rate) / RATE_SCALE)).toBeLessThan(1);
          });
        }
      }),
    );
  });

  it('charges no tax on nothing', () => {
    expect(bc([line(0)]).totalCents).toBe(0);
  });
});

describe('allocate', () => {
  it('gives the cents left to the largest remainders, the earlier first', () => {
    expect(allocate(3, [0.5 * RATE_SCALE, 0.5 * RATE_SCALE, 2 * RATE_SCALE])).toEqual([1, 0, 2]);
    expect(allocate(2, [0.4 * RATE_SCALE, 0.6 * RATE_SCALE, RATE_SCALE])).toEqual([0, 1, 1]);
  });
});

describe('provinceCode', () => {
  it('reads a province as addresses store it', () => {
    expect(provinceCode('British Columbia')).toBe('BC');
    expect(provinceCode(' ontario ')).toBe('ON');
    expect(provinceCode('Cascadia')).toBeNull();
  });
});

describe('businessDay', () => {
  it("is the day in Vancouver: 7 a.m. UTC on the 1st is still the 31st's evening there", () => {
    expect(businessDay(new Date('2025-04-01T06:59:00Z'))).toBe('2025-03-31');
    expect(businessDay(new Date('2025-04-01T07:00:00Z'))).toBe('2025-04-01');
  });
});
