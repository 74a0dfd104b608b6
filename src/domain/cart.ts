/**
 * The shopping cart (docs/product.md, Cart). Pure functions over an immutable cart; every amount is
 * computed in integer cents and exposed in dollars, as the stored shape requires.
 */
import { DEFAULT_TAX_CLASS, type TaxClass } from './tax-classes.js';
import type { Product } from './catalog.js';
import { centsToDollars, dollarsToCents } from './money.js';
import { SOLD_OUT } from './stock.js';
import { isIntervalWeeks, subscriptionPriceCents, type SubscriptionChoice } from './subscriptions.js';

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
  /**
   * A subscription line (decision 0056): renews every `interval_weeks` at the subscription price
   * (`price` is then that price, and `regular_price` the one-time price). Absent: a one-time line.
   */
  subscription?: SubscriptionChoice | null;
  /** dollars: the one-time price of a subscription line's unit */
  regular_price?: number;
  /** percent off a subscription unit, as the catalogue says (decision 0056) */
  subscribe_save_percent?: number;
  /** The product's tax class, for the cart's estimate of the tax (decision 0066); standard if absent. */
  tax_class?: TaxClass;
}

export interface Cart {
  items: CartItem[];
  totalQuantity: number;
  /** dollars */
  totalPrice: number;
}

export type CartProduct = Omit<CartItem, 'quantity' | 'totalPrice' | 'subscription' | 'regular_price'>;

/** The cart line fields of a catalogue product. */
export function toCartProduct(
  p: Pick<Product, 'id' | 'name' | 'price' | 'sku' | 'image_url' | 'size' | 'slug' | 'category'> &
    Partial<Pick<Product, 'subscribe_save_percent'>> & { tax_class?: TaxClass | undefined },
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
    ...(p.subscribe_save_percent ? { subscribe_save_percent: p.subscribe_save_percent } : {}),
    ...(p.tax_class && p.tax_class !== DEFAULT_TAX_CLASS ? { tax_class: p.tax_class } : {}),
  };
}

/**
 * What names a cart line: the product, and whether it is the subscription line. A product may be in
 * the cart twice, once one-time and once subscribed (decision 0056); a number names the one-time line.
 */
export type LineKey = string;
export function lineKey(item: { id: number; subscription?: SubscriptionChoice | null }): LineKey {
  return item.subscription ? `${item.id}:subscription` : String(item.id);
}
const keyOf = (key: LineKey | number) => (typeof key === 'number' ? String(key) : key);

export const MIN_QUANTITY = 1;
/** A line holds at most this many packs; larger orders go through wholesale. */
export const MAX_QUANTITY = 99;

export const emptyCart: Cart = { items: [], totalQuantity: 0, totalPrice: 0 };

/** Clamps a wished quantity to what a line may hold (never below 1). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

function line(
  product: CartProduct & { regular_price?: number | undefined },
  quantity: number,
  subscription: SubscriptionChoice | null = null,
): CartItem {
  const { regular_price: _regular, ...fields } = product as CartItem;
  delete (fields as Partial<CartItem>).subscription;
  if (!subscription) {
    const price = product.regular_price ?? product.price;
    return { ...fields, price, quantity, totalPrice: centsToDollars(dollarsToCents(price) * quantity) };
  }
  const regular = product.regular_price ?? product.price;
  const price = centsToDollars(
    subscriptionPriceCents(dollarsToCents(regular), product.subscribe_save_percent ?? 0),
  );
  return {
    ...fields,
    price,
    regular_price: regular,
    subscription: { interval_weeks: subscription.interval_weeks },
    quantity,
    totalPrice: centsToDollars(dollarsToCents(price) * quantity),
  };
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

/**
 * Adds a product: its line (the one-time line, or the subscription line when `subscription` is
 * given) grows, otherwise a new line is appended. Subscribing again at another interval moves the
 * line to it.
 */
export function addToCart(
  cart: Cart,
  product: CartProduct,
  quantity: number,
  subscription: SubscriptionChoice | null = null,
): Cart {
  const qty = clampQuantity(quantity);
  const key = lineKey({ id: product.id, subscription });
  const existing = cart.items.find((item) => lineKey(item) === key);
  const items = existing
    ? cart.items.map((item) =>
        lineKey(item) === key ? line(product, clampQuantity(item.quantity + qty), subscription) : item,
      )
    : [...cart.items, line(product, qty, subscription)];
  return withTotals(items);
}

/**
 * How many of `quantity` adding the product puts in the cart: its line stops at MAX_QUANTITY, so an
 * add on top of a full line puts fewer, or none (the page then says why).
 */
export function unitsAdded(
  cart: Cart,
  productId: number,
  quantity: number,
  subscription: SubscriptionChoice | null = null,
): number {
  const key = lineKey({ id: productId, subscription });
  const held = cart.items.find((item) => lineKey(item) === key)?.quantity ?? 0;
  return Math.max(0, clampQuantity(held + clampQuantity(quantity)) - held);
}

export function removeFromCart(cart: Cart, key: LineKey | number): Cart {
  return withTotals(cart.items.filter((item) => lineKey(item) !== keyOf(key)));
}

/** Turns a line into a subscription at an interval, or back to one-time (null); merges with a twin. */
export function setLineSubscription(
  cart: Cart,
  key: LineKey | number,
  subscription: SubscriptionChoice | null,
): Cart {
  const item = cart.items.find((i) => lineKey(i) === keyOf(key));
  if (!item) return cart;
  const rest = withTotals(cart.items.filter((i) => i !== item));
  return addToCart(rest, item, item.quantity, subscription);
}

/** The cart's subscription lines. */
export const subscriptionLines = (cart: Cart) => cart.items.filter((item) => item.subscription);

/** A stored line's subscription, if it is a valid one (anything else reads as one-time). */
export function readSubscription(value: unknown): SubscriptionChoice | null {
  const weeks = (value as { interval_weeks?: unknown } | null)?.interval_weeks;
  return typeof weeks === 'number' && isIntervalWeeks(weeks) ? { interval_weeks: weeks } : null;
}

/**
 * Sets a line's quantity; a quantity below 1 (or not a number) leaves the cart unchanged. Above the
 * line's limit (the per-line limit, or the units `left` when the stock is counted) it stops there.
 */
export function updateQuantity(
  cart: Cart,
  key: LineKey | number,
  quantity: number,
  left: number | null = null,
): Cart {
  if (!Number.isFinite(quantity) || quantity < MIN_QUANTITY) return cart;
  const qty = Math.min(clampQuantity(quantity), quantityLimit(left).most);
  return withTotals(
    cart.items.map((item) =>
      lineKey(item) === keyOf(key) ? line(item, qty, item.subscription ?? null) : item,
    ),
  );
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
    const fresh = line(product, item.quantity, item.subscription ?? null);
    if (dollarsToCents(fresh.price) !== dollarsToCents(item.price))
      repriced.push({ item, oldPrice: item.price });
    items.push(fresh);
  }
  return { cart: withTotals(items), removed, repriced };
}
