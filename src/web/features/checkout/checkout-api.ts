/** The payment and order calls of the checkout (decision 0013), with their answers checked. */
import type { CartItem } from '../../../domain/cart';
import type { ShippingInfo } from '../../../domain/checkout';
import { messages } from '../../../domain/messages';
import { centsToDollars, dollarsToCents } from '../../../domain/money';
import { orderSchema, type Order } from '../../../domain/orders';
import {
  confirmAnswerSchema,
  paymentIntentReplySchema,
  type ConfirmAnswer,
  type PaymentIntentReply,
} from '../../../domain/payments';
import type { CheckoutTotals } from '../../../domain/pricing';
import { ApiError, apiRequest, sleep } from '../../api';
import type { StoredUser } from '../session/stored-session';

export type PaymentIntent = PaymentIntentReply;

export interface CheckoutRequest {
  user: StoredUser;
  shippingInfo: ShippingInfo;
  items: CartItem[];
  totals: CheckoutTotals;
  /** The shopper ticked the subscription terms (needed when a line subscribes). */
  subscriptionTermsAccepted?: boolean;
}

/**
 * Opens (or reuses: the server keeps one open intent per cart and shopper) the payment for the
 * checkout. The server prices the cart itself and refuses an amount that differs from its own.
 */
export async function createPaymentIntent(
  { user, shippingInfo, items, totals, subscriptionTermsAccepted }: CheckoutRequest,
  signal?: AbortSignal,
): Promise<PaymentIntent> {
  const reply = await apiRequest<unknown>('/api/payments/create-payment-intent', {
    method: 'POST',
    body: {
      amount: totals.totalCents,
      shippingInfo,
      items: items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        ...(item.subscription ? { subscription: item.subscription } : {}),
      })),
      ...(items.some((item) => item.subscription)
        ? { subscription_terms_accepted: subscriptionTermsAccepted === true }
        : {}),
      metadata: { user_id: user.id, email: user.email },
    },
    ...(signal ? { signal } : {}),
  });
  const parsed = paymentIntentReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error(messages.invalidServerResponse);
  return parsed.data;
}

export interface TestCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * Confirms a payment with the built-in test processor: the order it became (decision 0045). A refusal
 * is an ApiError whose `type` says which (`declined`, `expired`, `retry`), or a plain 4xx for bad input.
 */
export async function confirmTestPayment(clientSecret: string, card: TestCard): Promise<ConfirmAnswer> {
  const reply = await apiRequest<unknown>('/api/payments/test/confirm', {
    method: 'POST',
    body: { client_secret: clientSecret, card },
  });
  const parsed = confirmAnswerSchema.safeParse(reply);
  if (!parsed.success) throw new Error(messages.invalidServerResponse);
  return parsed.data;
}

const RETRY_DELAYS_MS = [500, 1500, 3000];

/**
 * Records the order of a paid intent. The server builds it from the intent alone and
 * answers the same order when asked twice, so a dropped connection or a server hiccup is retried:
 * the payment has been taken and the shopper must see their order.
 */
export async function createOrder(
  { user, shippingInfo, items, totals }: CheckoutRequest,
  paymentIntentId: string,
  retries = RETRY_DELAYS_MS.length,
): Promise<Order> {
  const body = {
    user_id: user.id,
    subtotal: centsToDollars(totals.subtotalCents),
    shippingCost: centsToDollars(totals.shippingCents),
    total: centsToDollars(totals.totalCents),
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
      totalPrice: dollarsToCents(item.totalPrice),
    })),
    shippingInfo,
    is_paid: true,
    payment_intent_id: paymentIntentId,
  };
  let reply: unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      reply = await apiRequest<unknown>('/api/orders', { method: 'POST', body });
      break;
    } catch (error) {
      const retriable = !(error instanceof ApiError) || error.status >= 500;
      const delay = attempt < retries ? RETRY_DELAYS_MS[attempt] : undefined;
      if (!retriable || delay === undefined) throw error;
      console.warn('Creating the order failed; trying again', error);
      await sleep(delay);
    }
  }
  const order = orderSchema.safeParse(reply);
  if (!order.success) throw new Error(messages.invalidServerResponse);
  return order.data;
}

/** What became of a payment whose outcome the browser did not hear (decision 0013). */
export type PaymentCheck =
  { outcome: 'ordered'; order: Order } | { outcome: 'not-charged'; message: string } | { outcome: 'unknown' };

/** Waits between asks: about two minutes in all, by which time the server's own sweep has run. */
const CHECK_DELAYS_MS = [
  1000, 2000, 3000, 5000, 5000, 8000, 8000, 10_000, 10_000, 15_000, 15_000, 20_000, 20_000,
];

/**
 * After an error past the card step (a timeout, a 5xx, a dropped connection), asks the server what
 * became of the payment instead of inviting a second one. The server answers the order when the
 * payment went through (making it if need be, once), or 402 when the card was not charged. Any other
 * answer is asked again; after about two minutes the outcome is 'unknown' and the shopper is told
 * where the order will appear.
 */
export async function checkPayment(
  request: CheckoutRequest,
  paymentIntentId: string,
  signal?: AbortSignal,
): Promise<PaymentCheck> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { outcome: 'ordered', order: await createOrder(request, paymentIntentId, 0) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        return { outcome: 'not-charged', message: error.message };
      }
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) throw error;
      const delay = CHECK_DELAYS_MS[attempt];
      if (delay === undefined || signal?.aborted) return { outcome: 'unknown' };
      await sleep(delay, signal).catch(() => {});
      if (signal?.aborted) return { outcome: 'unknown' };
    }
  }
}

/** One order (owner or admin). */
export async function fetchOrder(id: number | string, signal?: AbortSignal): Promise<Order> {
  const reply = await apiRequest<unknown>(`/api/orders/${id}`, signal ? { signal } : {});
  const order = orderSchema.safeParse(reply);
  if (!order.success) throw new Error(messages.invalidServerResponse);
  return order.data;
}
