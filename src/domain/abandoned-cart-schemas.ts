/** Request and answer schemas of the abandoned-cart calls (decision 0016). */
import { z } from 'zod';
import { userSchema } from './accounts.js';
import { abandonedCartMessages } from './abandoned-cart.js';
import type { Cart, CartItem } from './cart.js';
import { cartItemsField } from './checkout.js';

/** POST /api/abandoned-cart: `{ email, cartItems, total }`. The total is recomputed by the server. */
export const abandonedCartCaptureSchema = z.object({
  email: z
    .string({ message: 'email is required.' })
    .trim()
    .min(1, { message: 'email is required.' })
    .max(254),
  // Browsers send their cart lines; only id and quantity are read, prices come from the catalogue.
  cartItems: cartItemsField,
  total: z.number({ message: 'total must be a number.' }).nonnegative().max(1_000_000).optional(),
});
export type AbandonedCartCapture = z.infer<typeof abandonedCartCaptureSchema>;

/** `?token=` of GET and DELETE /api/abandoned-cart. */
export const abandonedCartTokenQuery = z.object({
  token: z
    .string({ message: abandonedCartMessages.tokenRequired })
    // Any other malformed value is answered like a guessed token (404), not described.
    .min(1, { message: abandonedCartMessages.tokenRequired }),
});

/** A cart line in the shape the browser stores. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** unit price, dollars */
  price: z.number(),
  /** price x quantity, dollars */
  totalPrice: z.number(),
  sku: z.string().nullable(),
  image_url: z.string().nullable(),
  size: z.number().nullable(),
  slug: z.string(),
  category: z.string(),
}) satisfies z.ZodType<CartItem>;

/** The cart the browser stores (docs/product.md, Cart). */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  totalQuantity: z.number().int(),
  /** dollars */
  totalPrice: z.number(),
}) satisfies z.ZodType<Cart>;

/** POST /api/abandoned-cart: the capture's token, or null and why nothing was saved. */
export const abandonedCartCaptureReplySchema = z.union([
  z.object({ token: z.string() }),
  z.object({ token: z.null(), skipped: z.enum(['recent-order', 'administrator', 'restored']) }),
]);

/** GET /api/abandoned-cart: the restored cart, and a session for its owner (decision 0016). */
export const restoredCartSchema = z.object({ cart: cartSchema, authToken: z.string(), user: userSchema });
