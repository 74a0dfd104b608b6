/**
 * What the catalogue last said about the stock of the products in the cart (decision 0022), for the
 * cart drawer and the cart page: a line whose product is sold out, or that asks for more than is
 * left, keeps the shopper from going to checkout. CartSync fills it from GET /api/products; Add to
 * Cart notes the stock of the page it was pressed on. Kept for the tab in sessionStorage, so a
 * reload within CartSync's check interval still knows it. The server has the last word:
 * create-payment-intent answers 409 when the units are not there.
 */
import { useSyncExternalStore } from 'react';
import type { CartItem } from '../../../domain/cart';
import { DEFAULT_PAYMENT_TTL_MINUTES, notEnoughStockMessage } from '../../../domain/stock';

const STOCK_KEY = 'cart-stock';
/** What this tab's own open checkout holds: units that are not 'left' for others, but are for us. */
const HELD_KEY = 'checkout-held';
/** How long a payment holds its units (the server's default intent lifetime, decision 0022). */
const HOLD_MS = DEFAULT_PAYMENT_TTL_MINUTES * 60 * 1000;

/** product id → units left (null: made to order, no limit) */
export type StockMap = ReadonlyMap<number, number | null>;

const EMPTY: StockMap = new Map();
let stock: StockMap = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function ensureLoaded(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  try {
    const raw = window.sessionStorage.getItem(STOCK_KEY);
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(entries)) {
      stock = new Map(
        entries.filter(
          (e): e is [number, number | null] =>
            Array.isArray(e) && Number.isInteger(e[0]) && (e[1] === null || Number.isInteger(e[1])),
        ),
      );
    }
  } catch {
    // unreadable: the next catalogue check fills it again
  }
}

function commit(next: StockMap): void {
  stock = next;
  try {
    window.sessionStorage.setItem(STOCK_KEY, JSON.stringify([...next]));
  } catch {
    // storage unavailable: it lasts until the page is closed
  }
  for (const listener of listeners) listener();
}

export const cartStockActions = {
  /** The whole catalogue's stock, as GET /api/products answered it. */
  replace(products: readonly { id: number; stock: number | null }[]) {
    ensureLoaded();
    commit(new Map(products.map((p) => [p.id, p.stock])));
  },
  /** One product's stock, as the page it was added from showed it. */
  note(id: number, units: number | null) {
    ensureLoaded();
    if (stock.get(id) === units && stock.has(id)) return;
    commit(new Map(stock).set(id, units));
  },
};

export function useCartStock(): StockMap {
  return useSyncExternalStore(
    (listener) => {
      ensureLoaded();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => {
      ensureLoaded();
      return stock;
    },
    () => EMPTY,
  );
}

/**
 * Remembers what this tab's payment holds once its intent is open, so going back to the cart does
 * not show the shopper's own held units as gone.
 */
export function rememberHeld(items: readonly Pick<CartItem, 'id' | 'quantity'>[]): void {
  try {
    window.localStorage.setItem(
      HELD_KEY,
      JSON.stringify({ at: Date.now(), items: items.map((item) => [item.id, item.quantity]) }),
    );
  } catch {
    // without it the cart may only be stricter than the server
  }
}

export function forgetHeld(): void {
  try {
    window.localStorage.removeItem(HELD_KEY);
  } catch {
    // nothing to forget
  }
}

/** Units this tab's open payment holds, by product (none once the hold has lapsed). */
export function heldUnits(now = Date.now()): ReadonlyMap<number, number> {
  try {
    const raw = window.localStorage.getItem(HELD_KEY);
    if (!raw) return new Map();
    const held = JSON.parse(raw) as { at?: unknown; items?: unknown };
    if (typeof held.at !== 'number' || now - held.at > HOLD_MS || !Array.isArray(held.items)) {
      return new Map();
    }
    return new Map(
      held.items.filter(
        (e): e is [number, number] => Array.isArray(e) && Number.isInteger(e[0]) && Number.isInteger(e[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

export interface LineStock {
  /** units the shopper can still have (null: no limit, or not known) */
  left: number | null;
  soldOut: boolean;
  /** the line asks for more than is left: why checkout cannot go on, as the server would say it */
  problem: string | null;
}

/** A cart line against the stock: what is left for it, and whether checkout can go on with it. */
export function lineStock(
  item: Pick<CartItem, 'id' | 'name' | 'quantity'>,
  stockMap: StockMap,
  held: ReadonlyMap<number, number> = new Map(),
): LineStock {
  const units = stockMap.get(item.id);
  if (units === undefined || units === null) return { left: null, soldOut: false, problem: null };
  const left = Math.max(0, units) + (held.get(item.id) ?? 0);
  return {
    left,
    soldOut: left === 0,
    problem: item.quantity > left ? notEnoughStockMessage(item.name, left) : null,
  };
}
