import type { SubscriptionStatus } from '../../../../domain/subscriptions';
import { STATUS_LABELS } from './subscriptions';

// In the order badges' palette: running green, paused purple, a declined card red, cancelled quiet.
const CLASSES: Record<SubscriptionStatus, string> = {
  active: 'bg-green-100 text-green-800 ring-green-300',
  paused: 'bg-purple-100 text-purple-800 ring-purple-300',
  past_due: 'bg-red-100 text-red-800 ring-red-300',
  canceled: 'bg-white text-muted ring-beige',
};

/** A subscription's status in its colour. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ring-1 ${CLASSES[status]}`}
      data-testid="subscription-status"
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
