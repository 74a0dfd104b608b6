import { useState } from 'react';
import type { AdminSubscription } from '../../../../domain/subscription-schemas';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../../domain/subscriptions';
import { Spinner } from '../../../components/spinner';
import { useListParams, useReload, useSearchBox } from '../shared/list-params';
import { SearchInput } from '../shared/search-input';
import { LoadFailed } from '../shared/states';
import { panelClass, toolbarInput } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { SubscriptionDialog } from './subscription-dialog';
import { SubscriptionTable } from './subscription-table';
import { STATUS_LABELS, SUBSCRIPTIONS_LIMIT, subscriptionQuery } from './subscriptions';
import type { SubscriptionsData } from './subscriptions-api';

const LIST_PARAMS = ['status', 'q'] as const;

/**
 * Subscriptions (decision 0057): every subscription, newest first, by status and by the customer's
 * e-mail (searched by the server); a dialog per subscription to see it whole (items, address, card,
 * history, renewal attempts) and pause or cancel it for the customer. The list is the route's
 * clientLoader's, for the query in the address; `data` is null while it first loads.
 */
export function SubscriptionManagement({ data }: { data: SubscriptionsData | null }) {
  const { params, pending, update, changing } = useListParams();
  const { reload, reloading } = useReload();
  const query = subscriptionQuery(params);
  // The filter shows the choice at once, while its subscriptions load.
  const chosenStatus = pending ? subscriptionQuery(pending).status : query.status;
  const [open, setOpen] = useState<AdminSubscription | null>(null);
  const [list, patchList] = useLocalCopy(data);
  const rows = list?.ok ? list.value : null;
  const loading = changing(LIST_PARAMS);
  const { search, setSearch, submit } = useSearchBox(query.q, (q) => update({ q }));
  const filtered = query.status !== '' || query.q !== '';

  function changed(subscription: AdminSubscription) {
    patchList(
      (current) =>
        current &&
        (current.ok
          ? { ok: true, value: current.value.map((s) => (s.id === subscription.id ? subscription : s)) }
          : current),
    );
    setOpen(subscription);
  }

  const count = rows
    ? rows.length >= SUBSCRIPTIONS_LIMIT
      ? `The newest ${SUBSCRIPTIONS_LIMIT} ${filtered ? 'matching ' : ''}subscriptions.`
      : `${rows.length} ${filtered ? 'matching ' : ''}${rows.length === 1 ? 'subscription' : 'subscriptions'}, newest first.`
    : 'Newest first.';

  return (
    <section aria-labelledby="subscriptions-title" className="space-y-5">
      <div>
        <h2 id="subscriptions-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Subscriptions
        </h2>
        <p className="mt-1 text-sm text-muted">{count}</p>
      </div>

      <form
        role="search"
        aria-label="Subscriptions"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className={`${panelClass} grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]`}
      >
        <div className="relative">
          <SearchInput
            id="subscription-search"
            label="Search by the customer's e-mail"
            placeholder="Customer e-mail"
            value={search}
            onChange={setSearch}
          />
        </div>
        <div>
          <label htmlFor="subscription-status-filter" className="sr-only">
            Status
          </label>
          <select
            id="subscription-status-filter"
            value={chosenStatus}
            onChange={(event) => update({ status: event.target.value as SubscriptionStatus | '' })}
            className={toolbarInput}
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list && !list.ok && !reloading ? (
        <LoadFailed what="the subscriptions" onRetry={reload} />
      ) : !rows ? (
        <Spinner label="Loading subscriptions" className="py-16" />
      ) : (
        <SubscriptionTable
          rows={rows}
          loading={loading}
          empty={filtered ? 'No subscriptions match the search and status.' : 'No subscriptions yet.'}
          onView={setOpen}
        />
      )}

      {open && <SubscriptionDialog subscription={open} onChanged={changed} onClose={() => setOpen(null)} />}
    </section>
  );
}
