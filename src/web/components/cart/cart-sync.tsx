import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '../../../domain/catalog';
import { apiRequest } from '../../api';
import { toCartProduct } from '../../../domain/cart';
import { useCartDrawerOpen } from '../../features/cart/cart-drawer-state';
import { cartStockActions } from '../../features/cart/cart-stock';
import { cartActions, currentCart } from '../../features/cart/cart-store';

const CHECKED_KEY = 'cart-checked-at';
/** On page loads, prices and stock are checked again at most this often per tab. */
const CHECK_EVERY_MS = 10 * 60 * 1000;
/** Opening the cart (drawer or page) checks again past this age: stock moves faster than prices. */
const FRESH_MS = 60 * 1000;

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

function lastCheck(): number {
  try {
    return Number(window.sessionStorage.getItem(CHECKED_KEY) ?? 0) || 0;
  } catch {
    return 0; // sessionStorage unavailable: check every time
  }
}

/**
 * Keeps a saved cart up to date with the catalogue: current prices, lines whose product is no longer
 * sold removed, with a visible notice saying so, and each product's stock for the cart
 * drawer and page (decision 0022). Checks when a page loads with something in the cart, and again
 * when the shopper opens the cart if the last check is more than a minute old.
 */
export function CartSync() {
  const [notice, setNotice] = useState<string | null>(null);
  const drawerOpen = useCartDrawerOpen();
  const onCartPage = useLocation().pathname === '/cart';
  const looking = drawerOpen || onCartPage;
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (inFlight.current || currentCart().items.length === 0) return;
    if (Date.now() - lastCheck() < (looking ? FRESH_MS : CHECK_EVERY_MS)) return;
    const controller = new AbortController();
    inFlight.current = controller;
    apiRequest<Product[]>('/api/products', { signal: controller.signal })
      .then((products) => {
        try {
          window.sessionStorage.setItem(CHECKED_KEY, String(Date.now()));
        } catch {
          // ignore
        }
        cartStockActions.replace(products);
        const { removed, repriced } = cartActions.refresh(products.map(toCartProduct));
        const parts: string[] = [];
        if (removed.length > 0) {
          parts.push(
            `${list(removed.map((i) => i.name))} ${removed.length === 1 ? 'is' : 'are'} no longer available and ${
              removed.length === 1 ? 'was' : 'were'
            } removed from your cart.`,
          );
        }
        if (repriced.length > 0) {
          parts.push(
            `The price of ${list(repriced.map((r) => r.item.name))} has changed; your cart shows the current price.`,
          );
        }
        if (parts.length > 0) setNotice(parts.join(' '));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not check the cart against the catalogue', error);
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
  }, [looking]);

  // A check in flight ends with the page, not with the drawer closing.
  useEffect(
    () => () => {
      inFlight.current?.abort();
      inFlight.current = null;
    },
    [],
  );

  if (!notice) return null;
  return (
    <div role="status" className="border-b border-maple/30 bg-[#fff4e5]" data-testid="cart-notice">
      <div className="container-page flex items-start justify-between gap-4 py-3 text-sm text-cocoa">
        <p>{notice}</p>
        <button
          type="button"
          onClick={() => setNotice(null)}
          className="grid h-8 w-8 shrink-0 place-items-center rounded-full hover:bg-white"
          aria-label="Dismiss this notice"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
