/** What happens once a placed order has been shown (docs/product.md, Screens). */
import { forgetAbandonedCart, ORDER_PLACED_AT_KEY } from '../cart/abandoned-cart';
import { forgetHeld } from '../cart/cart-stock';
import { cartActions } from '../cart/cart-store';
import { checkoutActions } from './checkout-store';

/** How long the confirmation shows before the checkout and cart are cleared. */
export const CLEAR_AFTER_ORDER_MS = 7000;

/**
 * Clears the checkout state and the stored cart, deletes the saved abandoned cart, and records when
 * the order was placed (the abandoned-cart capture skips shoppers who ordered in the last 15 minutes).
 */
export function finishPlacedOrder(): void {
  checkoutActions.clear();
  cartActions.clear();
  forgetHeld();
  forgetAbandonedCart();
  try {
    window.localStorage.setItem(ORDER_PLACED_AT_KEY, String(Date.now()));
  } catch (error) {
    console.warn('Could not store when the order was placed', error);
  }
}
