import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Product } from '../../../domain/catalog';
import { apiRequest } from '../../api';
import { toCartProduct } from '../../../domain/cart';
import { cartActions, currentCart } from '../../features/cart/cart-store';

const CHECKED_KEY = 'cart-checked-at';
/** Prices are checked again at most this often per tab. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * When a saved cart is restored, brings it up to date with the catalogue: current prices, and lines
 * whose product is no longer sold removed, with a visible notice saying so (SPEC §4).
 */
export function CartSync() {
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (currentCart().items.length === 0) return;
    try {
      const last = Number(window.sessionStorage.getItem(CHECKED_KEY) ?? 0);
      if (Date.now() - last < CHECK_EVERY_MS) return;
    } catch {
      // sessionStorage unavailable: check every time
    }
    const controller = new AbortController();
    apiRequest<Product[]>('/api/products', { signal: controller.signal })
      .then((products) => {
        try {
          window.sessionStorage.setItem(CHECKED_KEY, String(Date.now()));
        } catch {
          // ignore
        }
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
      });
    return () => controller.abort();
  }, []);

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
