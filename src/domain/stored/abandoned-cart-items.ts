/**
 * The items of a saved cart (`abandoned_carts.cart_items`, decision 0016): product ids and
 * quantities, repriced from the catalogue when the reminder is sent or the cart restored. The
 * reminder job and the restore link parse them (decision 0047).
 *
 * Version 1 is this bare list, which has no room for a `v`: a version 2 would be written as an
 * object `{ v: 2, items: … }`, told apart from version 1 by not being a list.
 */
import { z } from '../zod.js';

export const abandonedCartItemsSchema = z.array(
  z.object({ id: z.number().int().positive(), quantity: z.number().int().positive() }),
  { message: 'expected a list of { id, quantity }' },
);
export type AbandonedCartItems = z.output<typeof abandonedCartItemsSchema>;
