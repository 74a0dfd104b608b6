/** The Subscriptions tab's calls (decision 0057): the list the route's clientLoader reads, one whole, pause and cancel. */
import {
  adminSubscriptionDetailSchema,
  adminSubscriptionListSchema,
  type AdminSubscription,
  type AdminSubscriptionDetail,
} from '../../../../domain/subscription-schemas';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';
import { subscriptionQuery, subscriptionsPath } from './subscriptions';

export type SubscriptionsData = Loaded<AdminSubscription[]>;

/** The subscriptions the address asks for (?status=&q=), newest first. */
export function loadSubscriptions(params: URLSearchParams, signal: AbortSignal): Promise<SubscriptionsData> {
  return loadPart(signal, 'Failed to fetch subscriptions', () =>
    adminRequest(adminSubscriptionListSchema, subscriptionsPath(subscriptionQuery(params)), { signal }),
  );
}

/** GET /api/admin/subscriptions/:id: with its history and renewal attempts. */
export const subscriptionPath = (id: number) => `/api/admin/subscriptions/${id}`;

/** POST /api/admin/subscriptions/:id/pause for the customer; answers the subscription after it. */
export const pauseSubscription = (id: number, body: { until?: string }): Promise<AdminSubscriptionDetail> =>
  adminRequest(adminSubscriptionDetailSchema, `${subscriptionPath(id)}/pause`, { method: 'POST', body });

/** POST /api/admin/subscriptions/:id/cancel for the customer; answers the subscription after it. */
export const cancelSubscription = (id: number, body: { reason?: string }): Promise<AdminSubscriptionDetail> =>
  adminRequest(adminSubscriptionDetailSchema, `${subscriptionPath(id)}/cancel`, { method: 'POST', body });
