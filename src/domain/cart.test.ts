import { describe, expect, it } from 'vitest';
import {
  addToCart,
  clampQuantity,
  emptyCart,
  MAX_QUANTITY,
  quantityLimit,
  quantityLimitMessage,
  readQuantityEntry,
  removeFromCart,
  unitsAdded,
  updateQuantity,
  type CartProduct,
} from './cart.js';

const cookie: CartProduct = {
  id: 1,
  name: 'Classic',
  price: 34.99,
  sku: 'NB-1',
  image_url: null,
  size: 680,
  slug: 'classic',
  category: 'Chunky Protein Cookies',
};
const granola: CartProduct = {
  ...cookie,
  id: 9,
  name: 'Granola',
  price: 11.95,
  slug: 'granola',
  category: 'Granola',
};

describe('cart', () => {
  it('adds a new line, then grows it for the same product', () => {
    let cart = addToCart(emptyCart, cookie, 1);
    cart = addToCart(cart, cookie, 2);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 3, totalPrice: 104.97 });
    expect(cart).toMatchObject({ totalQuantity: 3, totalPrice: 104.97 });
  });

  it('keeps totals exact in cents', () => {
    let cart = addToCart(emptyCart, { ...cookie, price: 0.1 }, 1);
    cart = addToCart(cart, { ...granola, price: 0.2 }, 1);
    expect(cart.totalPrice).toBe(0.3);
    cart = addToCart(emptyCart, granola, 3);
    expect(cart.totalPrice).toBe(35.85);
  });

  it('removes a line by id', () => {
    const cart = removeFromCart(addToCart(addToCart(emptyCart, cookie, 2), granola, 1), 1);
    expect(cart).toMatchObject({ totalQuantity: 1, totalPrice: 11.95 });
  });

  it('updates a quantity only to 1 or more', () => {
    const cart = addToCart(emptyCart, cookie, 2);
    expect(updateQuantity(cart, 1, 5)).toMatchObject({ totalQuantity: 5, totalPrice: 174.95 });
    expect(updateQuantity(cart, 1, 0)).toBe(cart);
    expect(updateQuantity(cart, 1, -3)).toBe(cart);
    expect(updateQuantity(cart, 1, Number.NaN)).toBe(cart);
  });

  it('never lets a quantity fall below 1 or past the line limit', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(1e9)).toBe(MAX_QUANTITY);
    expect(addToCart(emptyCart, cookie, -4).items[0]?.quantity).toBe(1);
  });

  it('stops a line at the units left when the stock is counted', () => {
    const cart = addToCart(emptyCart, cookie, 2);
    expect(updateQuantity(cart, 1, 50, 12).items[0]?.quantity).toBe(12);
    expect(updateQuantity(cart, 1, 500, null).items[0]?.quantity).toBe(MAX_QUANTITY);
    expect(updateQuantity(cart, 1, 500, 1000).items[0]?.quantity).toBe(MAX_QUANTITY);
    // A line already above what is left comes down to it, never below 1.
    expect(updateQuantity(addToCart(emptyCart, cookie, 5), 1, 4, 3).items[0]?.quantity).toBe(3);
    expect(updateQuantity(cart, 1, 3, 0).items[0]?.quantity).toBe(1);
  });
});

describe('quantity limits', () => {
  it('names the limit that stops a line: the per-line limit, the stock, or sold out', () => {
    expect(quantityLimit()).toEqual({ most: 99, reason: 'per-line' });
    expect(quantityLimit(null)).toEqual({ most: 99, reason: 'per-line' });
    expect(quantityLimit(99)).toEqual({ most: 99, reason: 'per-line' });
    expect(quantityLimit(500)).toEqual({ most: 99, reason: 'per-line' });
    expect(quantityLimit(12)).toEqual({ most: 12, reason: 'stock' });
    expect(quantityLimit(0)).toEqual({ most: 1, reason: 'sold-out' });
  });

  it('says why in words', () => {
    expect(quantityLimitMessage(quantityLimit())).toBe('You can order up to 99 at a time');
    expect(quantityLimitMessage(quantityLimit(12))).toBe('Only 12 in stock');
    expect(quantityLimitMessage(quantityLimit(0))).toBe('Sold out');
  });

  it('reads a typed quantity: clamps above the limit, asks to remove at 0, ignores the rest', () => {
    expect(readQuantityEntry('3')).toEqual({ kind: 'set', quantity: 3, limited: false });
    expect(readQuantityEntry(' 99 ')).toEqual({ kind: 'set', quantity: 99, limited: false });
    expect(readQuantityEntry('999')).toEqual({ kind: 'set', quantity: 99, limited: true });
    expect(readQuantityEntry('20', quantityLimit(12))).toEqual({ kind: 'set', quantity: 12, limited: true });
    expect(readQuantityEntry('0')).toEqual({ kind: 'remove' });
    expect(readQuantityEntry('000')).toEqual({ kind: 'remove' });
    expect(readQuantityEntry('')).toEqual({ kind: 'empty' });
    for (const text of ['-2', '2.5', '1e3', 'abc'])
      expect(readQuantityEntry(text)).toEqual({ kind: 'invalid' });
  });
});

describe('what an add puts in the cart', () => {
  const granola: CartProduct = {
    id: 9,
    name: 'Maple Almond Granola',
    price: 11.95,
    sku: null,
    image_url: null,
    size: 350,
    slug: 'maple-almond-granola',
    category: 'Granola',
  };
  it('is the quantity asked, until the line reaches its limit', () => {
    expect(unitsAdded(emptyCart, granola.id, 3)).toBe(3);
    const nearlyFull = addToCart(emptyCart, granola, 97);
    expect(unitsAdded(nearlyFull, granola.id, 5)).toBe(2);
    const full = addToCart(nearlyFull, granola, 5);
    expect(full.items[0]!.quantity).toBe(MAX_QUANTITY);
    expect(unitsAdded(full, granola.id, 1)).toBe(0);
    expect(unitsAdded(full, 12345, 1)).toBe(1);
  });
});
