/**
 * The shopping cart (docs/product.md, Cart). Pure functions over an immutable cart; every amount is
 * computed in integer cents and exposed in dollars, as the stored shape requires.
 */
import type { Product } from './catalog.js';
import { centsToDollars, dollarsToCents } from './money.js';
import { SOLD_OUT } from './stock.js';

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

/**
 * How many of `quantity` adding the product puts in the cart: its line stops at MAX_QUANTITY, so an
 * add on top of a full line puts fewer, or none (the page then says why).
 */
export function unitsAdded(cart: Cart, productId: number, quantity: number): number {
  const held = cart.items.find((item) => item.id === productId)?.quantity ?? 0;
  return Math.max(0, clampQuantity(held + clampQuantity(quantity)) - held);
}

export function removeFromCart(cart: Cart, id: number): Cart {
  return withTotals(cart.items.filter((item) => item.id !== id));
}

/**
 * Sets a line's quantity; a quantity below 1 (or not a number) leaves the cart unchanged. Above the
 * line's limit (the per-line limit, or the units `left` when the stock is counted) it stops there.
 */
export function updateQuantity(cart: Cart, id: number, quantity: number, left: number | null = null): Cart {
  if (!Number.isFinite(quantity) || quantity < MIN_QUANTITY) return cart;
  const qty = Math.min(clampQuantity(quantity), quantityLimit(left).most);
  return withTotals(cart.items.map((item) => (item.id === id ? line(item, qty) : item)));
}

/**
 * The most one line may hold, and why (docs/product.md, Cart): the per-line limit, or the units
 * left when the product's stock is counted and is lower (decision 0022). Sold out still allows 1,
 * the least a line holds; the stock note and checkout say it cannot be bought.
 */
export interface QuantityLimit {
  most: number;
  reason: 'per-line' | 'stock' | 'sold-out';
}

/** The limit of a line whose product has `left` units (null: made to order, or not known). */
export function quantityLimit(left: number | null = null): QuantityLimit {
  if (left === null || !Number.isFinite(left) || left >= MAX_QUANTITY) {
    return { most: MAX_QUANTITY, reason: 'per-line' };
  }
  if (left < MIN_QUANTITY) return { most: MIN_QUANTITY, reason: 'sold-out' };
  return { most: Math.trunc(left), reason: 'stock' };
}

/** Why the quantity cannot go higher, in words shown beside the stepper. */
export function quantityLimitMessage(limit: QuantityLimit): string {
  switch (limit.reason) {
    case 'per-line':
      return `You can order up to ${MAX_QUANTITY} at a time`;
    case 'stock':
      return `Only ${limit.most} in stock`;
    case 'sold-out':
      return SOLD_OUT;
  }
}

/** What a typed quantity means for a cart line. */
export type QuantityEntry =
  /** a quantity to apply; `limited` when the wish was above the limit and was lowered to it */
  | { kind: 'set'; quantity: number; limited: boolean }
  /** 0: ask whether to remove the line (the line itself never holds less than 1) */
  | { kind: 'remove' }
  /** an empty field: nothing yet; leaving it empty asks to remove the line */
  | { kind: 'empty' }
  /** not a whole number of 1 or more: nothing changes */
  | { kind: 'invalid' };

/** Reads what the shopper typed in a quantity field, against the line's limit. */
export function readQuantityEntry(text: string, limit: QuantityLimit = quantityLimit()): QuantityEntry {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  if (!/^\d+$/.test(typed)) return { kind: 'invalid' };
  const wished = Number(typed);
  if (wished === 0) return { kind: 'remove' };
  if (wished > limit.most) return { kind: 'set', quantity: limit.most, limited: true };
  return { kind: 'set', quantity: wished, limited: false };
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
