/**
 * The subscriptions API's shapes (docs/product.md, Subscriptions; decision 0056): what the customer's
 * and the admin's calls answer and take. The rules are in subscriptions.ts.
 */
import { shippingInfoSchema, testCardConfirmSchema } from './checkout.js';
import { MAX_RECORD_ID } from './ids.js';
import { intervalWeeksField } from './subscription-choice.js';
import { SUBSCRIPTION_STATUSES } from './subscriptions.js';
import { subscriptionMessages } from './subscription-messages.js';
import { z } from './zod.js';

export const subscriptionItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number(),
  /** Today's unit price, dollars. */
  price: z.number(),
  /** Today's subscription price of a unit, dollars. */
  subscription_price: z.number(),
  in_stock: z.boolean(),
});

export const subscriptionEventSchema = z.object({
  kind: z.string(),
  summary: z.string(),
  actor: z.string(),
  created_at: z.string(),
});

export const subscriptionSchema = z.object({
  id: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval_weeks: z.number(),
  next_order_at: z.string().nullable(),
  paused_until: z.string().nullable(),
  items: z.array(subscriptionItemSchema),
  /**
   * The renewal due waits for the customer to confirm the payment with their bank (decision 0059):
   * "Order now" at the page lets them.
   */
  needs_authentication: z.boolean(),
  /** The next renewal at today's prices: subtotal, shipping, tax, total (dollars). */
  next_total: z.object({ subtotal: z.number(), shipping: z.number(), tax: z.number(), total: z.number() }),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })
    .nullable(),
  shipping_address: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address1: z.string(),
    address2: z.string().optional(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phoneNumber: z.string().nullable(),
    email: z.string(),
  }),
  last_order_id: z.number().nullable(),
  failed_attempts: z.number(),
  cancel_reason: z.string().nullable(),
  canceled_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiSubscription = z.output<typeof subscriptionSchema>;
export const subscriptionListSchema = z.array(subscriptionSchema);

/** POST /api/subscriptions/{id}/pause: until a day (YYYY-MM-DD, Vancouver), or indefinitely. */
export const pauseSubscriptionSchema = z
  .object({
    until: z
      .string({ message: 'until must be a date (YYYY-MM-DD).' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'until must be a date (YYYY-MM-DD).' })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
        message: 'until must be a date (YYYY-MM-DD).',
      })
      .nullable()
      .optional(),
  })
  .default({});
export type PauseSubscription = z.output<typeof pauseSubscriptionSchema>;

/** POST /api/subscriptions/{id}/cancel, with an optional reason. */
export const cancelSubscriptionSchema = z
  .object({
    reason: z
      .string({ message: 'reason must be text.' })
      .trim()
      .max(500, { message: 'Please keep the reason under 500 characters.' })
      .nullable()
      .optional(),
  })
  .default({});
export type CancelSubscription = z.output<typeof cancelSubscriptionSchema>;

/** A subscription's products and quantities, as PATCH takes them (each product once). */
export const subscriptionItemsField = z
  .array(
    z.object({
      id: z.number({ message: 'Each item needs a product id.' }).int().positive().max(MAX_RECORD_ID, {
        message: 'No product has that id.',
      }),
      quantity: z
        .number({ message: 'Each item needs a quantity.' })
        .int({ message: 'Quantities are whole numbers.' })
        .min(1, { message: 'Quantities start at 1.' })
        .max(99, { message: 'Quantities go up to 99.' }),
    }),
    { message: 'items must be a list of { id, quantity }.' },
  )
  .min(1, { message: subscriptionMessages.noItems })
  .max(20, { message: 'Too many different items in one subscription.' })
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
    message: 'Each product may appear only once in items.',
  });

/**
 * PATCH /api/subscriptions/{id}: the interval, the items (the whole list: quantities, a flavour
 * swapped within its category) and the address; what is not sent stays.
 */
export const updateSubscriptionSchema = z
  .object({
    interval_weeks: intervalWeeksField.optional(),
    items: subscriptionItemsField.optional(),
    shipping_address: shippingInfoSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: subscriptionMessages.nothingToChange,
  });
export type UpdateSubscription = z.output<typeof updateSubscriptionSchema>;

/** GET /api/admin/subscriptions?status=&q= */
export const adminSubscriptionsQuerySchema = z.object({
  status: z
    .enum(SUBSCRIPTION_STATUSES, { message: 'status must be active, paused, past_due or canceled.' })
    .optional(),
  q: z.string().trim().max(200).optional(),
});

// ---- The admin's view (decision 0057) ----

/** A subscription in the admin's list: the customer's account e-mail beside it. */
export const adminSubscriptionSchema = subscriptionSchema.extend({ email: z.string() });
export type AdminSubscription = z.output<typeof adminSubscriptionSchema>;
export const adminSubscriptionListSchema = z.array(adminSubscriptionSchema);

/** One line of a subscription's history, in the order timeline's style: what, who, when. */
export const adminSubscriptionEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  actor: z.object({ kind: z.enum(['customer', 'admin', 'system']), name: z.string().nullable() }),
  created_at: z.string(),
});
export type AdminSubscriptionEvent = z.output<typeof adminSubscriptionEventSchema>;

export const RENEWAL_ATTEMPT_STATUSES = [
  'charging',
  'paid',
  'declined',
  'requires_action',
  'canceled',
] as const;

/** One try at one renewal: cycle N, attempt K (decision 0056). */
export const renewalAttemptSchema = z.object({
  cycle: z.number().int(),
  attempt: z.number().int(),
  status: z.enum(RENEWAL_ATTEMPT_STATUSES),
  /** schedule: on its date; order_now: the customer asked */
  reason: z.enum(['schedule', 'order_now']),
  order_id: z.number().int().nullable(),
  /** why it was declined or stopped */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type RenewalAttempt = z.output<typeof renewalAttemptSchema>;

/** GET /api/admin/subscriptions/{id}: the subscription, its history (oldest first) and its renewal attempts (newest first). */
export const adminSubscriptionDetailSchema = adminSubscriptionSchema.extend({
  events: z.array(adminSubscriptionEventSchema),
  renewals: z.array(renewalAttemptSchema),
});
export type AdminSubscriptionDetail = z.output<typeof adminSubscriptionDetailSchema>;

// ---- The customer's card and their bank's confirmation (decision 0059) ----

/**
 * POST /api/subscriptions/{id}/card: the new card. With the test processor, the test card itself
 * (as the checkout takes it); with Stripe, the SetupIntent the page confirmed
 * (POST /api/subscriptions/{id}/card-setup made it).
 */
export const updateCardSchema = z
  .object({
    card: testCardConfirmSchema.shape.card.optional(),
    setup_intent_id: z
      .string({ message: 'setup_intent_id must be text.' })
      .regex(/^seti_[A-Za-z0-9_]{1,200}$/, { message: 'setup_intent_id is not a Stripe SetupIntent id.' })
      .optional(),
  })
  .refine((body) => (body.card === undefined) !== (body.setup_intent_id === undefined), {
    message: subscriptionMessages.cardRequired,
  });
export type UpdateCard = z.output<typeof updateCardSchema>;

/**
 * POST /api/subscriptions/{id}/card-setup: Stripe's SetupIntent secret for its Payment Element; null
 * with the test processor, which takes the test card itself (no setup).
 */
export const cardSetupReplySchema = z.object({ client_secret: z.string().nullable() });

/** What retrying a renewal at once came to, after the card was updated. */
export const renewalRetrySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('ordered'), order_id: z.number().int() }),
  z.object({
    outcome: z.enum(['declined', 'requires_action', 'waiting']),
    message: z.string(),
  }),
]);

/**
 * POST /api/subscriptions/{id}/card: the subscription with its new card, and, when a renewal was
 * waiting on the card (declined, or past due), what retrying it at once came to; null otherwise.
 */
export const cardUpdateReplySchema = z.object({
  subscription: subscriptionSchema,
  retry: renewalRetrySchema.nullable(),
});
export type CardUpdateReply = z.output<typeof cardUpdateReplySchema>;

/**
 * "Order now" answered 402 because the customer's bank wants them to confirm the payment: the
 * payment to confirm at the page (Stripe.js with the saved card, or the test bank's dialog).
 */
export const authenticationAnswerSchema = z.object({
  type: z.literal('requires_action'),
  message: z.string(),
  payment_intent_id: z.string(),
  client_secret: z.string(),
  /** Stripe: the saved card the payment is confirmed with; null with the test processor. */
  payment_method: z.string().nullable(),
  /** What confirming it charges, dollars. */
  amount: z.number(),
});
export type AuthenticationAnswer = z.output<typeof authenticationAnswerSchema>;
