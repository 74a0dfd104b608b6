/**
 * The subscription choice of a cart line as the API takes it (decision 0056). Apart from
 * subscriptions.ts so the storefront's cart can use the rules without loading the schema library.
 */
import { isIntervalWeeks, type SubscriptionChoice } from './subscriptions.js';
import { z } from './zod.js';

export const intervalWeeksField = z
  .number({ message: 'interval_weeks must be 2, 4, 6 or 8.' })
  .int({ message: 'interval_weeks must be 2, 4, 6 or 8.' })
  .refine(isIntervalWeeks, { message: 'interval_weeks must be 2, 4, 6 or 8.' });

/** `subscription: { interval_weeks }` on a cart line or a create-payment-intent item. */
export const subscriptionChoiceSchema: z.ZodType<SubscriptionChoice> = z.object({
  interval_weeks: intervalWeeksField,
});
