/**
 * The shopping cart (docs/product.md, Cart). Pure functions over an immutable cart; every amount is
 * computed in integer cents and exposed in dollars, as the stored shape requires.
 */
import type { Product } from './catalog.js';
import { centsToDollars, dollarsToCents } from './money.js';

export interface CartItem {
  id: number;
  name: string;
  quantity: number;
  /** unit price, dollars */
  price: number;
  /** price x quantity, dollars */
  totalPrice: number;
  sku: string | null;
  image_url: string | null;
  size: number | null;
  slug: string;
  category: string;
}

export interface Cart {
  items: CartItem[];
  totalQuantity: number;
  /** dollars */
  totalPrice: number;
}

export type CartProduct = Omit<CartItem, 'quantity' | 'totalPrice'>;

/** The cart line fields of a catalogue product. */
export function toCartProduct(
  p: Pick<Product, 'id' | 'name' | 'price' | 'sku' | 'image_url' | 'size' | 'slug' | 'category'>,
): CartProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    sku: p.sku,
    image_url: p.image_url,
    size: p.size,
    slug: p.slug,
    category: p.category,
  };
}

export const MIN_QUANTITY = 1;
/** A line holds at most this many packs; larger orders go through wholesale. */
export const MAX_QUANTITY = 99;

export const emptyCart: Cart = { items: [], totalQuantity: 0, totalPrice: 0 };

/** Clamps a wished quantity to what a line may hold (never below 1). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

function line(product: CartProduct, quantity: number): CartItem {
  return { ...product, quantity, totalPrice: centsToDollars(dollarsToCents(product.price) * quantity) };
}

/** Recomputes the totals from the lines, in cents. */
export function withTotals(items: CartItem[]): Cart {
  let quantity = 0;
  let cents = 0;
  for (const item of items) {
    quantity += item.quantity;
    cents += dollarsToCents(item.price) * item.quantity;
  }
  return { items, totalQuantity: quantity, totalPrice: centsToDollars(cents) };
}

/** Adds a product: the same id grows its line, otherwise a new line is appended. */
export function addToCart(cart: Cart, product: CartProduct, quantity: number): Cart {
  const qty = clampQuantity(quantity);
  const existing = cart.items.find((item) => item.id === product.id);
  const items = existing
    ? cart.items.map((item) =>
        item.id === product.id ? line(product, clampQuantity(item.quantity + qty)) : item,
      )
    : [...cart.items, line(product, qty)];
  return withTotals(items);
}

export function removeFromCart(cart: Cart, id: number): Cart {
  return withTotals(cart.items.filter((item) => item.id !== id));
}

/** Sets a line's quantity; a quantity below 1 (or not a number) leaves the cart unchanged. */
export function updateQuantity(cart: Cart, id: number, quantity: number): Cart {
  if (!Number.isFinite(quantity) || quantity < MIN_QUANTITY) return cart;
  const qty = clampQuantity(quantity);
  return withTotals(cart.items.map((item) => (item.id === id ? line(item, qty) : item)));
}

export interface CartRefresh {
  cart: Cart;
  /** lines dropped because their product is no longer sold */
  removed: CartItem[];
  /** lines whose price changed */
  repriced: { item: CartItem; oldPrice: number }[];
}

/**
 * Brings a restored cart up to date with the catalogue: current price, name and image for every
 * line, and lines whose product no longer exists dropped (the caller tells the shopper).
 */
export function refreshCart(cart: Cart, catalogue: readonly CartProduct[]): CartRefresh {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const removed: CartItem[] = [];
  const repriced: CartRefresh['repriced'] = [];
  const items: CartItem[] = [];
  for (const item of cart.items) {
    const product = byId.get(item.id);
    if (!product) {
      removed.push(item);
      continue;
    }
    if (dollarsToCents(product.price) !== dollarsToCents(item.price))
      repriced.push({ item, oldPrice: item.price });
    items.push(line(product, item.quantity));
  }
  return { cart: withTotals(items), removed, repriced };
}
