/** Request schemas of the abandoned-cart calls (SPEC §7). */
import { z } from 'zod';
import { abandonedCartMessages } from './abandoned-cart.js';
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
