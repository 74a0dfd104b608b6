import type { CartProduct } from '../../../domain/cart';
import type { SubscriptionChoice } from '../../../domain/subscriptions';
import { track } from '../marketing/track';
import { openCartDrawer } from './cart-drawer-state';
import { cartActions } from './cart-store';

/**
 * Adds to the cart without opening the drawer and reports 'Added to Cart' with the product's public
 * URL. Answers how many units went in: fewer than asked when the line reached its limit.
 */
export function putInCart(
  product: CartProduct,
  quantity: number,
  subscription: SubscriptionChoice | null = null,
): number {
  const added = cartActions.add(product, quantity, subscription);
  track('Added to Cart', {
    ProductID: product.id,
    SKU: product.sku,
    ProductName: product.name,
    Categories: [product.category],
    ImageURL: product.image_url ? new URL(product.image_url, window.location.origin).href : null,
    URL: new URL(`/products/${product.slug}`, window.location.origin).href,
    Price: product.price,
    Quantity: quantity,
    ...(subscription ? { Subscription: `Every ${subscription.interval_weeks} weeks` } : {}),
  });
  return added;
}

/** Add to Cart: puts the product in the cart (`putInCart`) and opens the drawer. */
export function addProductToCart(
  product: CartProduct,
  quantity: number,
  subscription: SubscriptionChoice | null = null,
): number {
  const added = putInCart(product, quantity, subscription);
  openCartDrawer();
  return added;
}
