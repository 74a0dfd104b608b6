import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTotals, type CartItem } from './cart.js';
import { centsToDollars, dollarsToCents } from './money.js';
import {
  checkoutTotals,
  cityShippingCents,
  FREE_SHIPPING_THRESHOLD_CENTS,
  shippingCents,
  type PricedLine,
} from './pricing.js';
import { BURNABY_FSAS, forwardSortationArea, VANCOUVER_FSAS } from './shipping-areas.js';

const line = fc.record({
  priceCents: fc.integer({ min: 1, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
}) satisfies fc.Arbitrary<PricedLine>;
const lines = fc.array(line, { maxLength: 12 });

/** Any string, and the spellings of the three priced cities that must still be recognised. */
const city = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc
    .tuple(
      fc.constantFrom('Vancouver', 'Burnaby', 'Brentwood', 'North Vancouver', 'Surrey'),
      fc.constantFrom('', ' ', '  ', '\t'),
      fc.constantFrom('', ' ', '\n'),
      fc.boolean(),
    )
    .map(([name, before, after, upper]) => `${before}${upper ? name.toUpperCase() : name}${after}`),
);

/** Postal codes of Vancouver, of Burnaby, of elsewhere, and anything at all. */
const postalCode = fc.oneof(
  fc.constantFrom('V5K 0A1', 'v6c0c3', 'V6B 1A1', 'V5H 4M1', 'V5C 6A1', 'V1Y 1A1', 'M5V 2T6', 'V7L 1A1', ''),
  fc.string({ maxLength: 8 }),
);
const destination = fc.record({ city, postalCode });

const subtotalOf = (ls: readonly PricedLine[]) => ls.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);

describe('checkoutTotals properties', () => {
  it('total = subtotal + shipping + tax, all whole cents, tax 5% rounded, for any lines and city', () => {
    fc.assert(
      fc.property(lines, destination, fc.boolean(), (ls, where, free) => {
        const totals = checkoutTotals(ls, where, free);
        expect(totals.subtotalCents).toBe(subtotalOf(ls));
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.shippingCents + totals.taxCents);
        for (const value of [
          totals.subtotalCents,
          totals.shippingCents,
          totals.taxCents,
          totals.totalCents,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(totals.taxCents).toBe(Math.round(totals.subtotalCents * 0.05));
        // Never more than half a cent away from the exact 5%.
        expect(Math.abs(totals.taxCents * 20 - totals.subtotalCents)).toBeLessThanOrEqual(10);
      }),
      { numRuns: 1000 },
    );
  });

  it('ships free from $90 or for the free-shipping account, otherwise 5, 8 or 15 dollars by city', () => {
    fc.assert(
      fc.property(lines, destination, fc.boolean(), (ls, where, free) => {
        const { subtotalCents, shippingCents: shipping } = checkoutTotals(ls, where, free);
        expect([0, 500, 800, 1500]).toContain(shipping);
        if (free || subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) expect(shipping).toBe(0);
        else expect(shipping).toBe(cityShippingCents(where));
        if (!free && subtotalCents < FREE_SHIPPING_THRESHOLD_CENTS) expect(shipping).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('prices a city by its name with a postal code of that city, whatever the case and whitespace', () => {
    const codeOf = { vancouver: 'V6B 1A1', burnaby: 'V5H 4M1', brentwood: 'V5C 6A1' };
    fc.assert(
      fc.property(
        fc.constantFrom(['vancouver', 500] as const, ['burnaby', 800] as const, ['brentwood', 800] as const),
        fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        fc.constantFrom('', ' ', '   ', '\t', '\n '),
        fc.constantFrom('', ' ', '\t'),
        ([name, cents], upper, before, after) => {
          const cased = [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          const where = { city: `${before}${cased}${after}`, postalCode: codeOf[name] };
          expect(cityShippingCents(where)).toBe(cents);
          expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS - 1, where)).toBe(cents);
        },
      ),
    );
  });

  it('charges $15 for every other city, including near misses of the priced ones', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), postalCode, (where, code) => {
        const name = where.trim().toLowerCase().replace(/\s+/g, ' ');
        fc.pre(!['vancouver', 'burnaby', 'brentwood'].includes(name));
        expect(cityShippingCents({ city: where, postalCode: code })).toBe(1500);
      }),
      { numRuns: 500 },
    );
    for (const near of ['Vancouver BC', 'North Vancouver', 'Van couver', 'Burnaby,', 'Brentwood Bay', '']) {
      expect(cityShippingCents({ city: near, postalCode: 'V6B 1A1' })).toBe(1500);
    }
  });

  it("gives a city's rate only with a postal code of that city ('Vancouver' with any code used to pay $5)", () => {
    for (const fsa of VANCOUVER_FSAS)
      expect(cityShippingCents({ city: 'Vancouver', postalCode: `${fsa} 1A1` })).toBe(500);
    for (const fsa of BURNABY_FSAS) {
      expect(cityShippingCents({ city: 'Burnaby', postalCode: `${fsa}1A1` })).toBe(800);
      expect(cityShippingCents({ city: 'Brentwood', postalCode: fsa.toLowerCase() })).toBe(800);
      // A Burnaby code is not Vancouver's, and the other way round.
      expect(cityShippingCents({ city: 'Vancouver', postalCode: `${fsa} 1A1` })).toBe(1500);
    }
    for (const fsa of VANCOUVER_FSAS)
      expect(cityShippingCents({ city: 'Burnaby', postalCode: `${fsa} 1A1` })).toBe(1500);
    // Toronto, Kelowna, North Vancouver (V7L), Surrey (V3T) typed as Vancouver: the other cities' rate.
    for (const code of ['M5V 2T6', 'V1Y 1A1', 'V7L 1A1', 'V3T 1A1', '', 'V6']) {
      expect(cityShippingCents({ city: 'Vancouver', postalCode: code })).toBe(1500);
    }
    fc.assert(
      fc.property(fc.constantFrom(...VANCOUVER_FSAS, ...BURNABY_FSAS), fc.boolean(), (fsa, lower) => {
        expect(forwardSortationArea(`${lower ? fsa.toLowerCase() : fsa} 9Z9`)).toBe(fsa);
      }),
    );
  });

  it('has no rounding drift between the browser (dollar prices) and the server (cents)', () => {
    fc.assert(
      fc.property(lines, destination, fc.boolean(), (ls, where, free) => {
        const server = checkoutTotals(ls, where, free);
        // The browser holds prices in dollars (as the API sends them) and converts with dollarsToCents.
        const dollars = ls.map((l) => ({ price: centsToDollars(l.priceCents), quantity: l.quantity }));
        const browser = checkoutTotals(
          dollars.map((l) => ({ priceCents: dollarsToCents(l.price), quantity: l.quantity })),
          where,
          free,
        );
        expect(browser).toEqual(server);
        // The cart's dollar total converts back to exactly the subtotal.
        const items: CartItem[] = ls.map((l, i) => ({
          id: i + 1,
          name: `p${i}`,
          price: centsToDollars(l.priceCents),
          quantity: l.quantity,
          totalPrice: centsToDollars(l.priceCents * l.quantity),
          sku: null,
          image_url: null,
          size: null,
          slug: `p${i}`,
          category: 'Granola',
        }));
        expect(dollarsToCents(withTotals(items).totalPrice)).toBe(server.subtotalCents);
        // The payment amount is the dollar total times 100, rounded: the same cents.
        expect(Math.round(centsToDollars(server.totalCents) * 100)).toBe(server.totalCents);
        expect(dollarsToCents(centsToDollars(server.totalCents))).toBe(server.totalCents);
      }),
      { numRuns: 1000 },
    );
  });

  it('reaches free shipping exactly at 9000 cents', () => {
    fc.assert(
      fc.property(destination, fc.integer({ min: 0, max: 2_000_000 }), (where, subtotal) => {
        const shipping = shippingCents(subtotal, where);
        expect(shipping === 0).toBe(subtotal >= 9000);
      }),
      { numRuns: 1000 },
    );
    expect(shippingCents(8999, { city: 'Vancouver', postalCode: 'V5K 0A1' })).toBe(500);
    expect(shippingCents(9000, { city: 'Vancouver', postalCode: 'V5K 0A1' })).toBe(0);
  });
});
