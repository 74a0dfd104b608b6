/**
 * The Subscriptions tab (decision 0057): the list query the address holds, how a subscription is
 * written for the owner, and what pausing for the customer may send.
 */
import type { AdminSubscription, RenewalAttempt } from '../../../../domain/subscription-schemas';
import type { AddressLines } from '../../../components/checkout/address-block';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../../domain/subscriptions';
import { subscriptionMessages } from '../../../../domain/subscription-messages';
import { addDays, SHOP_TIME_ZONE } from '../../../../domain/subscription-schedule';

export interface SubscriptionQuery {
  status: SubscriptionStatus | '';
  q: string;
}

const isStatus = (value: string): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

/** The list's query as the address holds it (?status=&q=). */
export function subscriptionQuery(params: URLSearchParams): SubscriptionQuery {
  const status = params.get('status') ?? '';
  return { status: isStatus(status) ? status : '', q: (params.get('q') ?? '').trim() };
}

/** GET /api/admin/subscriptions with the status and the trimmed e-mail search, when there are any. */
export function subscriptionsPath({ status, q }: SubscriptionQuery): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return `/api/admin/subscriptions${query ? `?${query}` : ''}`;
}

/** The server answers the newest this many at most. */
export const SUBSCRIPTIONS_LIMIT = 200;

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  canceled: 'Cancelled',
};

export const intervalLabel = (weeks: number) => `Every ${weeks} weeks`;

/** The products and quantities on one line: '2 × Cookies, 1 × Bites'. */
export const itemsSummary = (subscription: Pick<AdminSubscription, 'items'>) =>
  subscription.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');

/** The address a subscription ships to, as the shop's address blocks write one. */
export function subscriptionAddress({
  shipping_address: a,
}: Pick<AdminSubscription, 'shipping_address'>): AddressLines {
  return {
    name: `${a.firstName} ${a.lastName}`.trim(),
    lines: [
      a.address1,
      ...(a.address2 ? [a.address2] : []),
      `${a.city}, ${a.state} ${a.postalCode}`,
      a.country,
    ],
    phone: a.phoneNumber,
    email: a.email,
  };
}

/** A renewal's day, as the shop counts days (Vancouver's). */
export const shopDayFormat = new Intl.DateTimeFormat('en-CA', {
  dateStyle: 'medium',
  timeZone: SHOP_TIME_ZONE,
});

/** When it orders next, in words: the day, 'Paused' (until a day, or until resumed), or none. */
export function nextOrderLabel(
  subscription: Pick<AdminSubscription, 'status' | 'next_order_at' | 'paused_until'>,
): string {
  const day = (iso: string) => shopDayFormat.format(new Date(iso));
  switch (subscription.status) {
    case 'canceled':
      return '—';
    case 'paused':
      return subscription.paused_until ? `Paused until ${day(subscription.paused_until)}` : 'Paused';
    case 'past_due':
      return 'Past due: the card was declined';
    default:
      return subscription.next_order_at ? day(subscription.next_order_at) : '—';
  }
}

export const ATTEMPT_STATUS_LABELS: Record<RenewalAttempt['status'], string> = {
  charging: 'Charging',
  paid: 'Paid',
  declined: 'Declined',
  requires_action: 'Needs the customer',
  canceled: 'Stopped',
};

export const ATTEMPT_REASON_LABELS: Record<RenewalAttempt['reason'], string> = {
  schedule: 'On schedule',
  order_now: 'Order now',
};

/** Whether the admin may pause or cancel it for the customer: anything not cancelled. */
export const canChange = (subscription: Pick<AdminSubscription, 'status'>) =>
  subscription.status !== 'canceled';

/** The days a pause may end on: tomorrow to a year and a day from today (Vancouver days). */
export function pauseRange(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, 366) };
}

/**
 * What POST …/pause sends for the date as typed ('' pauses until resumed), or why it cannot be sent,
 * with the server's own words.
 */
export function pauseBody(until: string, today: string): { body: { until?: string } } | { error: string } {
  const day = until.trim();
  if (day === '') return { body: {} };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return { error: 'Choose a day to resume on, or leave it empty to pause until resumed.' };
  }
  const { min, max } = pauseRange(today);
  if (day < min) return { error: subscriptionMessages.pauseInPast };
  if (day > max) return { error: subscriptionMessages.pauseTooFar };
  return { body: { until: day } };
}

/** What POST …/cancel sends: the trimmed reason, when there is one. */
export function cancelBody(reason: string): { reason?: string } {
  const why = reason.trim();
  return why ? { reason: why } : {};
}

export const CANCEL_REASON_MAX = 500;
