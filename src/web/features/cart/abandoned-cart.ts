/**
 * The browser's half of abandoned-cart recovery (decision 0016): the cart is saved when a signed-in
 * shopper reaches checkout, unless they ordered in the last 15 minutes, and forgotten once they
 * order.
 */
import { orderedRecently } from '../../../domain/abandoned-cart';
import type { Cart } from '../../../domain/cart';
import { apiRequest } from '../../api';
import type { StoredUser } from '../session/stored-session';

/** The handle of the saved cart (or the restore link's token): enough to delete it, never to restore. */
/** When this browser last placed an order (the capture skips shoppers who just ordered). */
export const ORDER_PLACED_AT_KEY = 'orderPlacedAt';

export const ABANDONED_CART_TOKEN_KEY = 'abandonedCartToken';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Saves the cart for the reminder e-mail. Never disturbs the checkout: failures are only logged. */
export async function saveAbandonedCart(user: StoredUser, cart: Cart): Promise<void> {
  if (cart.items.length === 0) return;
  const placedAt = Number(storage()?.getItem(ORDER_PLACED_AT_KEY) ?? Number.NaN);
  if (orderedRecently(Number.isFinite(placedAt) ? placedAt : null, Date.now())) return;
  try {
    const { token } = await apiRequest<{ token: string | null }>('/api/abandoned-cart', {
      method: 'POST',
      body: {
        email: user.email,
        cartItems: cart.items.map(({ id, quantity }) => ({ id, quantity })),
        total: cart.totalPrice,
      },
    });
    if (token) storage()?.setItem(ABANDONED_CART_TOKEN_KEY, token);
  } catch (error) {
    console.warn('Could not save the cart for later', error);
  }
}

/** Remembers the token of a restore link, so the saved cart is deleted after the order too. */
export function rememberAbandonedCartToken(token: string): void {
  storage()?.setItem(ABANDONED_CART_TOKEN_KEY, token);
}

/**
 * Deletes the saved cart after an order (with the 7-second clean-up). The request survives
 * the page closing (keepalive); the server has closed the record with the order anyway.
 */
export function forgetAbandonedCart(): void {
  const token = storage()?.getItem(ABANDONED_CART_TOKEN_KEY);
  if (!token) return;
  storage()?.removeItem(ABANDONED_CART_TOKEN_KEY);
  void fetch(`/api/abandoned-cart?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
    keepalive: true,
  }).catch((error: unknown) => console.warn('Could not delete the saved cart', error));
}
