/**
 * Payment intents (docs/product.md, Checkout and payment; decision 0046): the statuses stored in
 * `payment_intents.status`, how one may follow another, and the sets the payment, stock and refund
 * code asks about.
 */

/**
 * Every status `payment_intents.status` holds: Stripe's PaymentIntent statuses, which the checkout
 * stores as Stripe answers them, and 'refunded', the test processor's own record of a payment given
 * back in full (decision 0022). A database check allows exactly these (migration 0017).
 */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
  'refunded',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/**
 * What a provider may answer when asked about an intent: a stored status, or 'missing' when it has
 * no such intent (the test processor's answer for an id it has no row for). 'missing' is never
 * stored.
 */
export type ProviderIntentStatus = PaymentIntentStatus | 'missing';

/**
 * How an intent's status may move: Stripe's lifecycle (a failed attempt goes back to
 * requires_payment_method; a capture passes through processing), plus succeeded → refunded once the
 * test processor has given all of it back. Canceled and refunded are final.
 */
export const INTENT_TRANSITIONS: Record<PaymentIntentStatus, readonly PaymentIntentStatus[]> = {
  requires_payment_method: [
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
    'succeeded',
    'canceled',
  ],
  requires_confirmation: [
    'requires_payment_method',
    'requires_action',
    'processing',
    'requires_capture',
    'succeeded',
    'canceled',
  ],
  requires_action: ['requires_payment_method', 'processing', 'requires_capture', 'succeeded', 'canceled'],
  processing: ['requires_payment_method', 'requires_capture', 'succeeded', 'canceled'],
  requires_capture: ['processing', 'succeeded', 'canceled'],
  succeeded: ['refunded'],
  canceled: [],
  refunded: [],
};

/** Whether an intent may move from `from` to `to` (staying put is not a move). */
export function canIntentMove(from: PaymentIntentStatus, to: PaymentIntentStatus): boolean {
  return INTENT_TRANSITIONS[from].includes(to);
}

/** Whether the value is one of the statuses stored in `payment_intents.status`. */
export function isPaymentIntentStatus(value: string): value is PaymentIntentStatus {
  return (PAYMENT_INTENT_STATUSES as readonly string[]).includes(value);
}

/**
 * Stored statuses of a payment that took the money: succeeded, or refunded (taken, then given back).
 * What such a payment took is what can be refunded (decision 0039); a late failure event never
 * undoes it.
 */
export const PAID_INTENT_STATUSES = [
  'succeeded',
  'refunded',
] as const satisfies readonly PaymentIntentStatus[];

/** Whether the stored status says the payment took the money (PAID_INTENT_STATUSES). */
export function isPaidIntentStatus(status: string): boolean {
  return (PAID_INTENT_STATUSES as readonly string[]).includes(status);
}

/**
 * Provider answers after which an intent can never become a payment (again): cancelled, refunded,
 * or unknown to the provider. The reconciliation sweep stops asking about such an intent and gives
 * its stock back (decision 0013).
 */
export const FINAL_UNPAID_INTENT_STATUSES = [
  'canceled',
  'refunded',
  'missing',
] as const satisfies readonly ProviderIntentStatus[];

/**
 * Stored statuses past being paid: paid, cancelled or refunded. Any other intent without an order
 * that has not expired is a checkout being paid, whose units are held (decision 0038).
 */
export const FINISHED_INTENT_STATUSES = [
  'succeeded',
  'refunded',
  'canceled',
] as const satisfies readonly PaymentIntentStatus[];
