import { useId, useState } from 'react';
import { dollarsToCents, formatPrice } from '../../../../domain/money';
import {
  adminSubscriptionDetailSchema,
  type AdminSubscription,
  type AdminSubscriptionDetail,
} from '../../../../domain/subscription-schemas';
import { AddressBlock } from '../../../components/checkout/address-block';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { dangerButton, dateTimeFormat } from '../shared/ui';
import { useAdminResource } from '../shared/use-admin-resource';
import { SubscriptionHistory } from './subscription-history';
import { CancelSubscriptionDialog, PauseSubscriptionDialog } from './subscription-actions';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import {
  canChange,
  intervalLabel,
  nextOrderLabel,
  shopDayFormat,
  subscriptionAddress,
} from './subscriptions';
import { subscriptionPath } from './subscriptions-api';

/**
 * One subscription for the owner (decision 0057): its items and next amounts at today's prices, the
 * customer, the address and the card, its history in the order timeline's style and its renewal
 * attempts (read when the dialog opens: GET /api/admin/subscriptions/:id), and Pause and Cancel for
 * the customer, each asked first beside this dialog. What a change answers shows at once and goes
 * back to the list.
 */
export function SubscriptionDialog({
  subscription,
  onChanged,
  onClose,
}: {
  subscription: AdminSubscription;
  onChanged: (subscription: AdminSubscription) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [version, setVersion] = useState(0);
  const [after, setAfter] = useState<AdminSubscriptionDetail | null>(null);
  const [asking, setAsking] = useState<'pause' | 'cancel' | null>(null);
  const [done, setDone] = useState('');
  const read = useAdminResource(adminSubscriptionDetailSchema, subscriptionPath(subscription.id), {
    version,
    failure: 'Failed to load the subscription',
  });
  const detail = after ?? read.value;
  const current: AdminSubscription = detail ?? subscription;

  function changed(next: AdminSubscriptionDetail, what: string) {
    setAfter(next);
    setDone(what);
    onChanged(next);
  }

  return (
    <>
      <AdminDialog
        title={`Subscription #${current.id}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{current.email}</span>
            <SubscriptionStatusBadge status={current.status} />
            <span>{intervalLabel(current.interval_weeks)}</span>
          </span>
        }
        size="lg"
        onClose={onClose}
        footer={
          <>
            <p role="status" className="w-full text-sm font-medium text-forest sm:mr-auto sm:w-auto">
              {done}
            </p>
            <button
              type="button"
              className="btn-outline"
              onClick={(event) => closeDialogOf(event.currentTarget)}
            >
              Close
            </button>
            {canChange(current) && (
              <>
                <button type="button" className="btn-outline" onClick={() => setAsking('pause')}>
                  {current.status === 'paused' ? 'Change the pause' : 'Pause'}
                </button>
                <button type="button" className={dangerButton} onClick={() => setAsking('cancel')}>
                  Cancel subscription
                </button>
              </>
            )}
          </>
        }
      >
        <div className="space-y-6">
          <SubscriptionFacts id={id} subscription={current} />
          <SubscriptionHistory
            detail={detail}
            loading={read.loading && after === null}
            failed={read.failed && after === null}
            onRetry={() => {
              setAfter(null);
              setVersion((n) => n + 1);
            }}
          />
        </div>
      </AdminDialog>
      {/* Beside the subscription's dialog, not in it: a close or Escape in one must not reach the other. */}
      {asking === 'pause' && (
        <PauseSubscriptionDialog
          subscription={current}
          onDone={(next) =>
            changed(
              next,
              next.paused_until
                ? `Paused until ${shopDayFormat.format(new Date(next.paused_until))}.`
                : 'Paused until resumed.',
            )
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'cancel' && (
        <CancelSubscriptionDialog
          subscription={current}
          onDone={(next) => changed(next, 'Cancelled.')}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

/** What the subscription is: items and next amounts, customer, schedule, address, card. */
function SubscriptionFacts({ id, subscription: s }: { id: string; subscription: AdminSubscription }) {
  const amounts: [string, number][] = [
    ['Subtotal', s.next_total.subtotal],
    ['Shipping', s.next_total.shipping],
    ['Taxes', s.next_total.tax],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={`${id}-items`}>
        <h3 id={`${id}-items`} className="font-display text-lg font-semibold">
          Items and next amounts
        </h3>
        <ul className="mt-1 divide-y divide-beige" aria-label="Items">
          {s.items.map((item) => (
            <li
              key={item.product_id}
              className="flex items-start justify-between gap-4 py-3"
              data-testid="subscription-item"
            >
              <div className="min-w-0">
                <p className="font-semibold text-cocoa">{item.name}</p>
                <p className="text-sm text-muted">
                  Qty {item.quantity} × {formatPrice(dollarsToCents(item.subscription_price))}
                  {item.subscription_price < item.price && (
                    <> (was {formatPrice(dollarsToCents(item.price))})</>
                  )}
                </p>
                {!item.in_stock && (
                  <p className="text-xs font-semibold text-danger">Sold out or hidden: left out for now</p>
                )}
              </div>
              <p className="font-semibold text-cocoa tabular-nums">
                {formatPrice(dollarsToCents(item.subscription_price) * item.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-2 border-t border-beige pt-4 text-sm">
          {amounts.map(([label, dollars]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt>{label}</dt>
              <dd className="tabular-nums">
                {label === 'Shipping' && dollars === 0 ? 'Free' : formatPrice(dollarsToCents(dollars))}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-beige pt-3 text-base font-semibold text-cocoa">
            <dt>Next total</dt>
            <dd className="tabular-nums">{formatPrice(dollarsToCents(s.next_total.total))}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-muted">
          At today's prices, less each product's subscription percentage.
        </p>
      </section>
      <div className="space-y-6">
        <section aria-labelledby={`${id}-schedule`}>
          <h3 id={`${id}-schedule`} className="font-display text-lg font-semibold">
            Schedule
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Next order</dt>
            <dd>{nextOrderLabel(s)}</dd>
            <dt className="text-muted">Since</dt>
            <dd>{dateTimeFormat.format(new Date(s.created_at))}</dd>
            {s.last_order_id !== null && (
              <>
                <dt className="text-muted">Last order</dt>
                <dd>
                  <a
                    className="font-semibold text-maple-dark underline-offset-2 hover:underline"
                    href={`/admin/dashboard?tab=orders&order=${s.last_order_id}`}
                  >
                    #{s.last_order_id}
                  </a>
                </dd>
              </>
            )}
            {s.failed_attempts > 0 && (
              <>
                <dt className="text-muted">Declined</dt>
                <dd>
                  {s.failed_attempts} {s.failed_attempts === 1 ? 'time' : 'times'} this cycle
                </dd>
              </>
            )}
            {s.canceled_at && (
              <>
                <dt className="text-muted">Cancelled</dt>
                <dd>
                  {dateTimeFormat.format(new Date(s.canceled_at))}
                  {s.cancel_reason && <span className="block break-words text-muted">{s.cancel_reason}</span>}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby={`${id}-address`}>
          <h3 id={`${id}-address`} className="font-display text-lg font-semibold">
            Shipping address
          </h3>
          <div className="mt-2">
            <AddressBlock address={subscriptionAddress(s)} testId="admin-subscription-address" />
          </div>
        </section>
        <section aria-labelledby={`${id}-card`}>
          <h3 id={`${id}-card`} className="font-display text-lg font-semibold">
            Card
          </h3>
          <p className="mt-2 text-sm text-ink" data-testid="admin-subscription-card">
            {s.card ? (
              <>
                {s.card.brand} ending in {s.card.last4}
                <span className="block text-muted">
                  Expires {String(s.card.exp_month).padStart(2, '0')}/{s.card.exp_year}
                </span>
              </>
            ) : (
              'No saved card: the next renewal cannot be charged.'
            )}
          </p>
        </section>
      </div>
    </div>
  );
}
