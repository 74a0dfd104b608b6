/** The checkout amounts in the browser, computed with the same domain rules as the server's. */
import type { CartItem } from '../../../domain/cart';
import { dollarsToCents } from '../../../domain/money';
import {
  checkoutTotals,
  isFreeShippingAccount,
  type CheckoutTotals,
  type ShippingDestination,
} from '../../../domain/pricing';
import { useStoredUser } from '../session/stored-session';

/**
 * Subtotal, shipping for the destination (a city's rate needs a postal code of that city), tax and
 * total of the cart lines, in cents.
 */
export function cartTotals(
  items: readonly CartItem[],
  destination: ShippingDestination,
  freeShipping: boolean,
): CheckoutTotals {
  return checkoutTotals(
    items.map((item) => ({ priceCents: dollarsToCents(item.price), quantity: item.quantity })),
    destination,
    freeShipping,
  );
}

/**
 * Whether the signed-in shopper is the configured free-shipping account (docs/product.md, Prices,
 * shipping and tax).
 */
export function useFreeShipping(freeShippingEmail: string | null): boolean {
  const user = useStoredUser();
  return isFreeShippingAccount(user, freeShippingEmail);
}
