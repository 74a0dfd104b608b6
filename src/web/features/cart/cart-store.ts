/**
 * The one cart store of the browser (docs/product.md, Cart). Persisted to localStorage under `cart`
 * after every change, restored at start, and kept in step with other tabs through the `storage`
 * event. Unreadable or failing storage falls back to an empty cart with a console warning, never a
 * crash.
 */
import { useSyncExternalStore } from 'react';
import {
  addToCart,
  emptyCart,
  readSubscription,
  refreshCart,
  removeFromCart,
  setLineSubscription,
  unitsAdded,
  updateQuantity,
  withTotals,
  type Cart,
  type CartItem,
  type CartProduct,
  type CartRefresh,
  type LineKey,
} from '../../../domain/cart';
import type { SubscriptionChoice } from '../../../domain/subscriptions';
import { TAX_CLASSES } from '../../../domain/tax-classes';

export const CART_KEY = 'cart';

let cart: Cart = emptyCart;
let loaded = false;
const listeners = new Set<() => void>();

function isItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    Number.isInteger(item.id) &&
    typeof item.name === 'string' &&
    typeof item.slug === 'string' &&
    Number.isInteger(item.quantity) &&
    item.quantity >= 1 &&
    typeof item.price === 'number' &&
    item.price > 0
  );
}

/**
 * A stored line as the cart keeps it: a subscription only when it names a valid interval, a tax class
 * only when it is one.
 */
function sanitized(item: CartItem): CartItem {
  const subscription = readSubscription(item.subscription);
  const { subscription: _stored, tax_class: taxClass, ...rest } = item;
  const known = TAX_CLASSES.find((c) => c === taxClass);
  return { ...rest, ...(subscription ? { subscription } : {}), ...(known ? { tax_class: known } : {}) };
}

/** Reads the stored cart; totals are recomputed from the lines rather than trusted. */
function readStored(): Cart {
  try {
    const raw = window.localStorage.getItem(CART_KEY);
    if (!raw) return emptyCart;
    const parsed = JSON.parse(raw) as { items?: unknown };
    if (!Array.isArray(parsed.items)) throw new Error('stored cart has no items list');
    return withTotals(parsed.items.filter(isItem).map(sanitized));
  } catch (error) {
    console.warn('Could not read the saved cart; starting with an empty one.', error);
    return emptyCart;
  }
}

function ensureLoaded(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  cart = readStored();
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_KEY && event.key !== null) return;
    cart = readStored();
    emit();
  });
}

function emit(): void {
  for (const listener of listeners) listener();
}

function commit(next: Cart): void {
  if (next === cart) return;
  cart = next;
  try {
    window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  } catch (error) {
    console.warn('Could not save the cart; it will last until the page is closed.', error);
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Cart {
  ensureLoaded();
  return cart;
}

export const cartActions = {
  /** Adds to the product's line; answers how many units went in (a full line takes fewer). */
  add(product: CartProduct, quantity: number, subscription: SubscriptionChoice | null = null): number {
    ensureLoaded();
    const added = unitsAdded(cart, product.id, quantity, subscription);
    commit(addToCart(cart, product, quantity, subscription));
    return added;
  },
  remove(key: LineKey | number) {
    ensureLoaded();
    commit(removeFromCart(cart, key));
  },
  /** Makes a line a subscription at an interval, or one-time again (null). */
  setSubscription(key: LineKey | number, subscription: SubscriptionChoice | null) {
    ensureLoaded();
    commit(setLineSubscription(cart, key, subscription));
  },
  /**
   * Sets a line's quantity: below 1 changes nothing, above the line's limit stops there (the per-line
   * limit, or the units `left` when the stock is counted), by the domain's rules.
   */
  updateQuantity(key: LineKey | number, quantity: number, left: number | null = null) {
    ensureLoaded();
    commit(updateQuantity(cart, key, quantity, left));
  },
  clear() {
    ensureLoaded();
    commit(emptyCart);
  },
  /** Replaces the whole cart (a restored abandoned cart); lines that do not look right are dropped. */
  replace(items: readonly unknown[]) {
    ensureLoaded();
    commit(withTotals(items.filter(isItem).map(sanitized)));
  },
  /** Applies current catalogue prices and drops lines whose product is gone; returns what changed. */
  refresh(catalogue: readonly CartProduct[]): CartRefresh {
    ensureLoaded();
    const result = refreshCart(cart, catalogue);
    const changed = result.removed.length > 0 || result.repriced.length > 0;
    if (changed) commit(result.cart);
    return result;
  },
};

/** The current cart outside React (event handlers). */
export function currentCart(): Cart {
  ensureLoaded();
  return cart;
}

/** The cart; empty during the server render and until hydration restores it. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, snapshot, () => emptyCart);
}
