/**
 * The checkout's marketing events (docs/product.md, Marketing): 'Started Checkout' and 'Placed
 * Order'.
 */
import type { Cart } from '../../../domain/cart';
import { centsToDollars } from '../../../domain/money';
import type { Order } from '../../../domain/orders';
import { CONFIRMATION_TRACKER_RETRY_MS, track } from '../marketing/track';

const absolute = (path: string) => new URL(path, window.location.origin).href;

/** Sent once when /checkout opens with items in the cart. */
export function trackStartedCheckout(cart: Cart): void {
  track('Started Checkout', {
    $value: cart.totalPrice,
    ItemNames: cart.items.map((item) => item.name),
    Categories: [...new Set(cart.items.map((item) => item.category))],
    CheckoutURL: absolute('/checkout'),
    Items: cart.items.map((item) => ({
      ProductID: item.id,
      SKU: item.sku,
      ProductName: item.name,
      Quantity: item.quantity,
      ItemPrice: item.price,
      RowTotal: item.totalPrice,
      ProductURL: absolute(`/products/${item.slug}`),
      ImageURL: item.image_url ? absolute(item.image_url) : null,
      ProductCategories: [item.category],
    })),
  });
}

/** Sent once when the confirmation page shows a new order. */
export function trackPlacedOrder(order: Order): void {
  track(
    'Placed Order',
    {
      OrderId: order.id,
      $value: order.total,
      Subtotal: order.subtotal,
      Shipping: order.shipping_cost,
      Tax: order.tax_amount,
      ItemNames: order.items.map((item) => item.product_name),
      Items: order.items.map((item) => ({
        ProductID: item.product_id,
        ProductName: item.product_name,
        Quantity: item.quantity,
        ItemPrice: centsToDollars(item.price),
        RowTotal: centsToDollars(item.price * item.quantity),
      })),
      ShippingAddress: {
        FirstName: order.first_name,
        LastName: order.last_name,
        Address1: order.shipping_address,
        Address2: order.shipping_address2,
        City: order.shipping_city,
        Region: order.shipping_state,
        Zip: order.shipping_postal_code,
        Country: order.shipping_country,
      },
    },
    // The confirmation page waits longer between looks for the tracker.
    { retryMs: CONFIRMATION_TRACKER_RETRY_MS },
  );
}
