/**
 * Abandoned-cart recovery (decision 0016): the cart a signed-in shopper takes to checkout is
 * saved; if they do not order, one reminder e-mail carries a single-use link that restores the cart
 * and signs them in. The request schemas are in abandoned-cart-schemas.ts (kept out of pages).
 */

/** Capture is skipped within this long of a placed order (900000 ms, 15 minutes). */
export const SKIP_CAPTURE_AFTER_ORDER_MS = 15 * 60 * 1000;

/** True when an order placed at `placedAt` (epoch ms) is recent enough to skip capture. */
export function orderedRecently(placedAt: number | null, now: number): boolean {
  return (
    placedAt !== null &&
    Number.isFinite(placedAt) &&
    now - placedAt >= 0 &&
    now - placedAt < SKIP_CAPTURE_AFTER_ORDER_MS
  );
}

/** The restore link's path (/cart with restoreCart=true and the token). */
export function restoreCartPath(token: string): string {
  return `/cart?restoreCart=true&token=${encodeURIComponent(token)}`;
}

export const abandonedCartMessages = {
  notYours: 'You can only save a cart for your own account.',
  linkInvalid: 'This cart link is invalid, has expired or has already been used.',
  tokenRequired: 'token is required.',
  incompleteRestore: 'Incomplete cart restore data',
} as const;
