/**
 * The signed-in customer's subscriptions (decision 0056), for the profile and the page e-mails link
 * to. Answers are checked against the domain's schema; a failed call throws the server's ApiError.
 */
import type { Product } from '../../../domain/catalog';
import type { ShippingInfo } from '../../../domain/checkout';
import { messages } from '../../../domain/messages';
import { orderSchema, type Order } from '../../../domain/orders';
import { confirmAnswerSchema, type ConfirmAnswer } from '../../../domain/payments';
import {
  authenticationAnswerSchema,
  cardSetupReplySchema,
  cardUpdateReplySchema,
  subscriptionListSchema,
  subscriptionSchema,
  type ApiSubscription,
  type AuthenticationAnswer,
  type CardUpdateReply,
} from '../../../domain/subscription-schemas';
import { ApiError, apiRequest } from '../../api';

const URL = '/api/subscriptions';

function parsed<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  reply: unknown,
): T {
  const result = schema.safeParse(reply);
  if (!result.success || result.data === undefined) throw new Error(messages.invalidServerResponse);
  return result.data;
}

export async function loadSubscriptions(signal?: AbortSignal): Promise<ApiSubscription[]> {
  return parsed<ApiSubscription[]>(
    subscriptionListSchema,
    await apiRequest<unknown>(URL, signal ? { signal } : {}),
  );
}

export type SubscriptionAction =
  | { kind: 'skip' }
  | { kind: 'pause'; until: string | null }
  | { kind: 'resume' }
  | { kind: 'cancel'; reason: string | null }
  | { kind: 'interval'; weeks: number };

/** Skip, pause, resume, cancel or change the interval: answers the subscription after it. */
export async function actOn(id: number, action: SubscriptionAction): Promise<ApiSubscription> {
  const request =
    action.kind === 'interval'
      ? apiRequest<unknown>(`${URL}/${id}`, { method: 'PATCH', body: { interval_weeks: action.weeks } })
      : apiRequest<unknown>(`${URL}/${id}/${action.kind}`, {
          method: 'POST',
          ...(action.kind === 'pause' ? { body: { until: action.until } } : {}),
          ...(action.kind === 'cancel' ? { body: { reason: action.reason } } : {}),
        });
  return parsed<ApiSubscription>(subscriptionSchema, await request);
}

/**
 * PATCH the items (the whole list: quantities, a flavour swapped within its category) or the
 * shipping address: answers the subscription after it, with its new next total.
 */
export async function changeSubscription(
  id: number,
  change: { items: { id: number; quantity: number }[] } | { shipping_address: ShippingInfo },
): Promise<ApiSubscription> {
  return parsed<ApiSubscription>(
    subscriptionSchema,
    await apiRequest<unknown>(`${URL}/${id}`, { method: 'PATCH', body: change }),
  );
}

/** The catalogue (GET /api/products, as the cart reads it): the flavours a subscription can swap to. */
export function loadCatalogue(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>('/api/products', signal ? { signal } : {});
}

/**
 * "Order now": the order it placed (the same one for a repeat within minutes), or the payment the
 * customer's bank wants them to confirm here (decision 0059). Other refusals throw the ApiError.
 */
export async function orderNow(
  id: number,
): Promise<{ type: 'order'; order: Order } | { type: 'confirm'; payment: AuthenticationAnswer }> {
  try {
    const reply = await apiRequest<unknown>(`${URL}/${id}/order-now`, { method: 'POST' });
    return { type: 'order', order: parsed<Order>(orderSchema, reply) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402 && error.type === 'requires_action') {
      return { type: 'confirm', payment: parsed(authenticationAnswerSchema, error.body) };
    }
    throw error;
  }
}

/** The test bank's confirmation of that payment: the order it became, or why not. */
export async function confirmWithTestBank(clientSecret: string): Promise<ConfirmAnswer> {
  const reply = await apiRequest<unknown>('/api/payments/test/authenticate', {
    method: 'POST',
    body: { client_secret: clientSecret },
  });
  return parsed(confirmAnswerSchema, reply);
}

/** The order of a payment Stripe.js confirmed (the server asks Stripe; the same order when asked twice). */
export async function orderOfPayment(paymentIntentId: string): Promise<Order> {
  const reply = await apiRequest<unknown>('/api/orders', {
    method: 'POST',
    body: { payment_intent_id: paymentIntentId },
  });
  return parsed<Order>(orderSchema, reply);
}

/** Stripe: the SetupIntent's secret for a new card; null with the test processor (no setup). */
export async function startCardUpdate(id: number): Promise<string | null> {
  const reply = await apiRequest<unknown>(`${URL}/${id}/card-setup`, { method: 'POST' });
  return parsed(cardSetupReplySchema, reply).client_secret;
}

/** The new card (a test card, or the SetupIntent Stripe.js confirmed), and what retrying came to. */
export async function updateCard(
  id: number,
  body:
    | { card: { number: string; exp_month: number; exp_year: number; cvc: string } }
    | { setup_intent_id: string },
): Promise<CardUpdateReply> {
  const reply = await apiRequest<unknown>(`${URL}/${id}/card`, { method: 'POST', body });
  return parsed(cardUpdateReplySchema, reply);
}
