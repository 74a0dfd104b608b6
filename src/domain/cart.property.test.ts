import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  emptyCart,
  MAX_QUANTITY,
  refreshCart,
  removeFromCart,
  updateQuantity,
  withTotals,
  type Cart,
  type CartProduct,
} from './cart.js';
import { dollarsToCents } from './money.js';

const product = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  // prices in whole cents, 0.01 to 999.99 dollars
  price: fc.integer({ min: 1, max: 99_999 }).map((cents) => cents / 100),
  sku: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  image_url: fc.constant(null),
  size: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
  slug: fc.constant('p'),
  category: fc.constant('Granola'),
}) satisfies fc.Arbitrary<CartProduct>;

const action = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), product, quantity: fc.integer({ min: -5, max: 150 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('update' as const),
    id: fc.integer({ min: 1, max: 8 }),
    quantity: fc.oneof(fc.integer({ min: -5, max: 150 }), fc.constant(Number.NaN)),
  }),
  fc.record({ kind: fc.constant('clear' as const) }),
);

type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function apply(cart: Cart, a: Action): Cart {
  switch (a.kind) {
    case 'add':
      return addToCart(cart, a.product, a.quantity);
    case 'remove':
      return removeFromCart(cart, a.id);
    case 'update':
      return updateQuantity(cart, a.id, a.quantity);
    case 'clear':
      return emptyCart;
  }
}

function checkInvariants(cart: Cart) {
  const quantity = cart.items.reduce((n, i) => n + i.quantity, 0);
  const cents = cart.items.reduce((n, i) => n + dollarsToCents(i.price) * i.quantity, 0);
  expect(cart.totalQuantity).toBe(quantity);
  expect(dollarsToCents(cart.totalPrice)).toBe(cents);
  for (const item of cart.items) {
    expect(item.quantity).toBeGreaterThanOrEqual(1);
    expect(item.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
    expect(Number.isInteger(item.quantity)).toBe(true);
    expect(dollarsToCents(item.totalPrice)).toBe(dollarsToCents(item.price) * item.quantity);
  }
  expect(new Set(cart.items.map((i) => i.id)).size).toBe(cart.items.length);
}

describe('cart properties', () => {
  it('keeps totals equal to the sums over the lines and quantities within 1..99, whatever happens', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let cart = emptyCart;
        for (const a of actions) {
          cart = apply(cart, a);
          checkInvariants(cart);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('survives a save-then-restore round trip unchanged', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const cart = actions.reduce(apply, emptyCart);
        const restored = JSON.parse(JSON.stringify(cart)) as Cart;
        expect(restored).toEqual(cart);
        expect(withTotals(restored.items)).toEqual(cart);
      }),
      { numRuns: 200 },
    );
  });

  it('refreshing against the catalogue keeps quantities, applies current prices and drops missing products', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 30 }),
        fc.uniqueArray(product, { selector: (p) => p.id, maxLength: 8 }),
        (actions, catalogue) => {
          const cart = actions.reduce(apply, emptyCart);
          const { cart: fresh, removed } = refreshCart(cart, catalogue);
          checkInvariants(fresh);
          expect(fresh.items.length + removed.length).toBe(cart.items.length);
          for (const item of fresh.items) {
            const current = catalogue.find((p) => p.id === item.id)!;
            expect(item.price).toBe(current.price);
            expect(item.quantity).toBe(cart.items.find((i) => i.id === item.id)!.quantity);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
