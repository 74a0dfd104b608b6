import { Repeat } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import type { ApiSubscription, AuthenticationAnswer } from '../../../domain/subscription-schemas';
import { SUBSCRIPTION_INTERVALS } from '../../../domain/subscriptions';
import { addDays, SHOP_TIME_ZONE, shopDate } from '../../../domain/subscription-schedule';
import { userMessage } from '../../api';
import {
  actOn,
  loadSubscriptions,
  orderNow,
  type SubscriptionAction,
} from '../../features/account/subscriptions';
import { Spinner } from '../spinner';
import { SubscriptionEdit } from './subscription-edit';
import { BankConfirmation, CardUpdateForm, cardUpdateStatus } from './subscription-payment';

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const when = (iso: string | null) => (iso ? day.format(new Date(iso)) : '');
const STATUS: Record<ApiSubscription['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
};
const linkButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand disabled:cursor-not-allowed disabled:text-muted';

/**
 * "Subscriptions" on the profile and on /subscriptions/{id} (decision 0056): each subscription with
 * its items, interval, next date, price, card and address, and what the customer can do with it:
 * order now, skip the next delivery, change the interval, the items or the address
 * (subscription-edit.tsx), pause (until a day, or until resumed),
 * resume, cancel with an optional reason, update the card, and confirm a payment their bank asks
 * them to (decision 0059). `only` shows one subscription (the e-mails' link). `stripeKey`: the shop
 * takes cards through Stripe (else the test processor's test cards).
 */
export function SubscriptionList({ only, stripeKey }: { only?: number; stripeKey: string | null }) {
  const [list, setList] = useState<ApiSubscription[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadSubscriptions(controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setLoadError(userMessage(error, 'Failed to load your subscriptions. Please try again.'));
        }
      });
    return () => controller.abort();
  }, []);
  const shown = list?.filter((s) => only === undefined || s.id === only) ?? [];
  // The profile shows the section only to customers who have (or had) a subscription.
  if (only === undefined && list !== null && list.length === 0) return null;
  return (
    <section
      aria-labelledby="subscriptions-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
      id="subscriptions"
    >
      <h2 id="subscriptions-title" className="font-display text-2xl font-semibold">
        {only === undefined ? 'Subscriptions' : 'Your subscription'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Each delivery is charged to your saved card at that day's prices less your subscribe-and-save
        discount. We e-mail you 3 days before each one.
      </p>
      {!list && !loadError && <Spinner label="Loading your subscriptions" className="py-8" />}
      {loadError && (
        <p role="alert" className="mt-4 font-medium text-danger">
          {loadError}
        </p>
      )}
      {list && only !== undefined && shown.length === 0 && (
        <p role="alert" className="mt-4 font-medium text-danger">
          Subscription not found.
        </p>
      )}
      <ul className="mt-6 space-y-6">
        {shown.map((subscription) => (
          <li key={subscription.id}>
            <SubscriptionCard
              subscription={subscription}
              stripeKey={stripeKey}
              onChange={(next) => setList((all) => all?.map((s) => (s.id === next.id ? next : s)) ?? all)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SubscriptionCard({
  subscription: s,
  stripeKey,
  onChange,
}: {
  subscription: ApiSubscription;
  stripeKey: string | null;
  onChange: (subscription: ApiSubscription) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<'pause' | 'cancel' | 'card' | null>(null);
  const [confirming, setConfirming] = useState<AuthenticationAnswer | null>(null);
  const [pauseUntil, setPauseUntil] = useState('');
  const [reason, setReason] = useState('');
  const title = `Every ${s.interval_weeks} weeks`;
  const open = s.status !== 'canceled';

  async function run(action: SubscriptionAction, done: (next: ApiSubscription) => string) {
    setBusy(true);
    setProblem(null);
    try {
      const next = await actOn(s.id, action);
      onChange(next);
      setAsking(null);
      setStatus(done(next));
    } catch (error) {
      setProblem(userMessage(error, 'Failed to update the subscription. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  /** Reads the subscription again (an order moved its next date). */
  async function refresh() {
    const fresh = (await loadSubscriptions()).find((x) => x.id === s.id);
    if (fresh) onChange(fresh);
  }

  async function orderItNow() {
    setBusy(true);
    setProblem(null);
    setStatus('');
    try {
      const answer = await orderNow(s.id);
      if (answer.type === 'confirm') {
        setAsking(null);
        setConfirming(answer.payment);
        return;
      }
      setStatus(`Order #${answer.order.id} placed.`);
      await refresh();
    } catch (error) {
      setProblem(userMessage(error, 'Failed to place the order. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const tomorrow = addDays(shopDate(new Date()), 1);
  const cardName = s.card ? `${s.card.brand} ending in ${s.card.last4}` : 'saved card';
  return (
    <article
      aria-labelledby={`subscription-${s.id}-title`}
      className="rounded-2xl border border-beige p-5"
      data-testid="subscription"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          id={`subscription-${s.id}-title`}
          className="flex items-center gap-2 font-sans text-lg font-semibold text-cocoa"
        >
          <Repeat className="h-5 w-5 text-maple" aria-hidden="true" />
          {title}
        </h3>
        <span
          className="rounded-full bg-sand px-3 py-1 text-xs font-semibold text-cocoa"
          data-testid="subscription-status"
        >
          {STATUS[s.status]}
        </span>
      </div>
      <ul className="mt-3 space-y-1 text-sm">
        {s.items.map((item) => (
          <li key={item.product_id}>
            <Link to={`/products/${item.slug}`} className="font-semibold text-cocoa hover:text-maple-dark">
              {`${item.quantity} × ${item.name}`}
            </Link>
            {` at ${formatPrice(dollarsToCents(item.subscription_price))} each`}
            {!item.in_stock && (
              <span className="text-danger"> · sold out: left out of the next delivery</span>
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">
            {s.status === 'canceled' ? 'Cancelled' : s.status === 'paused' ? 'Paused' : 'Next delivery'}
          </dt>
          <dd className="font-semibold text-ink" data-testid="subscription-next">
            {s.status === 'canceled'
              ? when(s.canceled_at)
              : s.status === 'paused'
                ? s.paused_until
                  ? `Until ${when(s.paused_until)}`
                  : 'Until you resume it'
                : when(s.next_order_at)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Next total (today's prices)</dt>
          <dd className="font-semibold text-ink">{formatPrice(dollarsToCents(s.next_total.total))}</dd>
        </div>
        <div>
          <dt className="text-muted">Card</dt>
          <dd className="text-ink">
            {s.card
              ? `${s.card.brand} ending in ${s.card.last4}, expires ${String(s.card.exp_month).padStart(2, '0')}/${s.card.exp_year}`
              : 'None saved'}
            {open && (
              <button
                type="button"
                className="flex min-h-11 items-center font-semibold text-maple-dark underline-offset-2 hover:underline disabled:text-muted"
                disabled={busy}
                aria-expanded={asking === 'card'}
                onClick={() => {
                  setConfirming(null);
                  setAsking(asking === 'card' ? null : 'card');
                }}
              >
                Update card
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Ships to</dt>
          <dd className="text-ink">
            {`${s.shipping_address.address1}, ${s.shipping_address.city}, ${s.shipping_address.postalCode}`}
          </dd>
        </div>
      </dl>
      {s.status === 'past_due' && !s.needs_authentication && (
        <p className="mt-4 rounded-xl bg-sand px-4 py-3 text-sm text-cocoa">
          We could not charge your card for the last delivery. Update your card and we will try again right
          away.
        </p>
      )}
      {s.needs_authentication && !confirming && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sand px-4 py-3 text-sm text-cocoa">
          <p>Your bank asks you to confirm the payment for your next delivery.</p>
          <button
            type="button"
            className="btn-primary min-h-11 px-5"
            disabled={busy}
            onClick={() => void orderItNow()}
          >
            Confirm payment
          </button>
        </div>
      )}
      {confirming && (
        <BankConfirmation
          payment={confirming}
          stripeKey={stripeKey}
          card={cardName}
          onOrder={(order) => {
            setConfirming(null);
            setStatus(`Payment confirmed. Order #${order.id} placed.`);
            void refresh();
          }}
          onCancel={(message) => {
            setConfirming(null);
            if (message) setProblem(message);
          }}
        />
      )}
      {asking === 'card' && (
        <CardUpdateForm
          subscriptionId={s.id}
          stripeKey={stripeKey}
          onSaved={(reply) => {
            setAsking(null);
            onChange(reply.subscription);
            const told = cardUpdateStatus(reply);
            setStatus(told.status);
            setProblem(told.problem);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
      <p role="status" className="mt-3 text-sm font-medium text-forest empty:hidden">
        {status}
      </p>
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      {open && <SubscriptionEdit subscription={s} onChange={onChange} />}
      {open && (
        <div className="mt-4 flex flex-wrap items-center gap-1 border-t border-beige pt-4">
          {(s.status === 'active' || s.status === 'past_due') && (
            <button
              type="button"
              className="btn-primary min-h-11 px-5"
              disabled={busy}
              onClick={() => void orderItNow()}
            >
              Order now
            </button>
          )}
          {s.status === 'active' && (
            <button
              type="button"
              className={linkButton}
              disabled={busy}
              onClick={() =>
                void run({ kind: 'skip' }, (next) => `Skipped. Next delivery ${when(next.next_order_at)}.`)
              }
            >
              Skip next delivery
            </button>
          )}
          {s.status === 'paused' ? (
            <button
              type="button"
              className={linkButton}
              disabled={busy}
              onClick={() =>
                void run({ kind: 'resume' }, (next) => `Resumed. Next delivery ${when(next.next_order_at)}.`)
              }
            >
              Resume
            </button>
          ) : (
            <button type="button" className={linkButton} disabled={busy} onClick={() => setAsking('pause')}>
              Pause
            </button>
          )}
          <label className="inline-flex min-h-11 items-center gap-2 px-4 text-sm text-muted">
            Every
            <select
              value={s.interval_weeks}
              disabled={busy}
              onChange={(event) =>
                void run(
                  { kind: 'interval', weeks: Number(event.target.value) },
                  (next) =>
                    `Now every ${next.interval_weeks} weeks. Next delivery ${when(next.next_order_at)}.`,
                )
              }
              className="rounded-lg border border-beige bg-white px-2 py-1 text-ink"
            >
              {SUBSCRIPTION_INTERVALS.map((n) => (
                <option key={n} value={n}>{`${n} weeks`}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={`${linkButton} text-danger`}
            disabled={busy}
            onClick={() => setAsking('cancel')}
          >
            Cancel subscription
          </button>
        </div>
      )}
      {asking === 'pause' && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-sand p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ kind: 'pause', until: pauseUntil || null }, (next) =>
              next.paused_until ? `Paused until ${when(next.paused_until)}.` : 'Paused until you resume it.',
            );
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-semibold text-cocoa">
            Resume on (leave empty to pause until you resume)
            <input
              type="date"
              min={tomorrow}
              value={pauseUntil}
              onChange={(event) => setPauseUntil(event.target.value)}
              className="rounded-lg border border-beige bg-white px-3 py-2 font-normal text-ink"
            />
          </label>
          <button type="submit" className="btn-primary min-h-11 px-5" disabled={busy}>
            Pause subscription
          </button>
          <button type="button" className={linkButton} onClick={() => setAsking(null)}>
            Keep it going
          </button>
        </form>
      )}
      {asking === 'cancel' && (
        <form
          className="mt-4 space-y-3 rounded-xl bg-sand p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              { kind: 'cancel', reason: reason.trim() || null },
              () => 'Your subscription is cancelled.',
            );
          }}
        >
          <p className="text-sm font-semibold text-cocoa">
            Cancel this subscription? No more deliveries will be made.
          </p>
          <label className="flex flex-col gap-1 text-sm text-cocoa">
            Why are you cancelling? (optional)
            <textarea
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className="rounded-lg border border-beige bg-white px-3 py-2 text-ink"
              rows={2}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary min-h-11 px-5" disabled={busy}>
              Cancel subscription
            </button>
            <button type="button" className={linkButton} onClick={() => setAsking(null)}>
              Keep my subscription
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
