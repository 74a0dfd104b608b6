/** What POST /api/payments/create-payment-intent answers (decision 0013). */
import { orderSchema } from './orders.js';
import { z } from './zod.js';

export const paymentIntentReplySchema = z.object({
  client_secret: z.string().min(1),
  payment_intent_id: z.string().min(1),
  provider: z.enum(['stripe', 'test']),
  amount: z.number().int(),
  /**
   * Present when this very cart was paid already but its order had not been recorded yet: the order,
   * recorded now. The browser shows it instead of asking for the card again.
   */
  order: orderSchema.optional(),
});
export type PaymentIntentReply = z.infer<typeof paymentIntentReplySchema>;

/**
 * What confirming a card payment answers (decision 0045): the order the payment became, so the
 * browser needs no further call, or why there is none. In every other case nothing was charged:
 * - `declined` (402): the card was refused; the shopper may try another card;
 * - `expired` (409): the checkout was open too long; the browser prices the cart again and opens a
 *   new payment (decision 0022);
 * - `retry` (409): units this checkout could not hold sold meanwhile, or the payment can no longer
 *   be taken as it is; the shopper reviews the cart and pays again.
 * Bad input (a card number that cannot be one, an unknown payment) is an ordinary 4xx `{ message }`.
 */
export const confirmAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), order: orderSchema }),
  z.object({ type: z.enum(['declined', 'expired', 'retry']), message: z.string() }),
]);
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;
export type ConfirmRefusal = Exclude<ConfirmAnswer, { type: 'order' }>;
/** The HTTP status each answer is sent with. */
export const CONFIRM_ANSWER_STATUS = { order: 200, declined: 402, expired: 409, retry: 409 } as const;
