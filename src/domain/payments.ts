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
