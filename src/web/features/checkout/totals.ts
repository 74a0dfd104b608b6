/** The checkout amounts in the browser, computed with the same domain rules as the server's. */
import type { CartItem } from '../../../domain/cart';
import { dollarsToCents } from '../../../domain/money';
import {
  checkoutTotals,
  isFreeShippingAccount,
  type CheckoutTotals,
  type ShippingDestination,
} from '../../../domain/pricing';
import type { ShippingArea } from '../../../domain/shipping-areas';
import { useShippingArea } from '../../shipping-area';
import { useStoredUser } from '../session/stored-session';

/**
 * Subtotal, shipping for the destination (a city's rate needs a postal code of that city), tax and
 * total of the cart lines, in cents.
 */
export function cartTotals(
  items: readonly CartItem[],
  destination: ShippingDestination,
  { freeShipping, taxShipping, shippingArea }: CartPricing,
): CheckoutTotals {
  return checkoutTotals(
    items.map((item) => ({
      priceCents: dollarsToCents(item.price),
      quantity: item.quantity,
      taxClass: item.tax_class,
    })),
    destination,
    freeShipping,
    { taxShipping, shippingArea },
  );
}

/** What the browser's pricing reads beyond the cart and the address (the server's settings). */
export interface PricingSettingsInBrowser {
  freeShippingEmail: string | null;
  taxShipping: boolean;
}

/** The signed-in shopper's pricing: whether they ship free, whether shipping is taxed, and where to. */
export interface CartPricing {
  freeShipping: boolean;
  taxShipping: boolean;
  shippingArea: ShippingArea;
}

/**
 * The signed-in shopper's pricing: whether they are the configured free-shipping account
 * (docs/product.md, Prices, shipping and tax), and whether shipping is taxed (decision 0066).
 */
export function useCartPricing({ freeShippingEmail, taxShipping }: PricingSettingsInBrowser): CartPricing {
  const user = useStoredUser();
  const shippingArea = useShippingArea();
  return { freeShipping: isFreeShippingAccount(user, freeShippingEmail), taxShipping, shippingArea };
}
