import { describe, expect, it } from 'vitest';
import {
  addToCart,
  clampQuantity,
  emptyCart,
  MAX_QUANTITY,
  removeFromCart,
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
});
