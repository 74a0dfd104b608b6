/**
 * The signed-in customer's subscriptions (decision 0056), for the profile and the page e-mails link
 * to. Answers are checked against the domain's schema; a failed call throws the server's ApiError.
 */
import type { Product } from '../../../domain/catalog';
import type { ShippingInfo } from '../../../domain/checkout';
import { messages } from '../../../domain/messages';
import { orderSchema, type Order } from '../../../domain/orders';
import {
  subscriptionListSchema,
  subscriptionSchema,
  type ApiSubscription,
} from '../../../domain/subscription-schemas';
import { apiRequest } from '../../api';

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

/** "Order now": the order it placed (the same one for a repeat within minutes). */
export async function orderNow(id: number): Promise<Order> {
  return parsed<Order>(orderSchema, await apiRequest<unknown>(`${URL}/${id}/order-now`, { method: 'POST' }));
}
