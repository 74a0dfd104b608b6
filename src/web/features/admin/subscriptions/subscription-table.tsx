import { dollarsToCents, formatPrice } from '../../../../domain/money';
import type { AdminSubscription } from '../../../../domain/subscription-schemas';
import { DataTable, type Column } from '../shared/data-table';
import { ghostButton } from '../shared/ui';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { intervalLabel, itemsSummary, nextOrderLabel } from './subscriptions';

/**
 * The subscriptions: a table from laptops up (seven columns), a card each on phones and tablets;
 * `empty` when there are none. While another search loads, the rows stay, dimmed.
 */
export function SubscriptionTable({
  rows,
  loading,
  empty,
  onView,
}: {
  rows: AdminSubscription[];
  loading: boolean;
  empty: string;
  onView: (subscription: AdminSubscription) => void;
}) {
  const view = (s: AdminSubscription) => (
    <button type="button" className={ghostButton} onClick={() => onView(s)}>
      View<span className="sr-only"> subscription #{s.id}</span>
    </button>
  );
  const total = (s: AdminSubscription) => formatPrice(dollarsToCents(s.next_total.total));

  const columns: Column<AdminSubscription>[] = [
    {
      header: 'Customer',
      cell: (s) => (
        <>
          <p className="break-words text-ink">{s.email}</p>
          <p className="text-xs text-muted">#{s.id}</p>
        </>
      ),
    },
    { header: 'Status', cell: (s) => <SubscriptionStatusBadge status={s.status} /> },
    { header: 'Interval', className: 'whitespace-nowrap', cell: (s) => intervalLabel(s.interval_weeks) },
    { header: 'Next order', cell: nextOrderLabel },
    { header: 'Items', className: 'text-ink', cell: itemsSummary },
    {
      header: 'Next total',
      align: 'right',
      className: 'font-semibold text-cocoa tabular-nums',
      cell: (s) => (s.status === 'canceled' ? '—' : total(s)),
    },
    { header: 'Details', hideHeader: true, align: 'right', cell: view },
  ];

  return (
    <DataTable
      caption="Subscriptions"
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      rowTestId="admin-subscription-row"
      empty={empty}
      loading={loading}
      wideFrom="lg"
      card={(s) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-all text-cocoa">{s.email}</p>
              <p className="text-xs text-muted">
                #{s.id} · {intervalLabel(s.interval_weeks)}
                {s.status !== 'canceled' && ` · ${total(s)}`}
              </p>
              <p className="mt-1 text-sm text-ink">{itemsSummary(s)}</p>
              <p className="text-xs text-muted">Next order: {nextOrderLabel(s)}</p>
            </div>
            <div className="-mr-2 shrink-0">{view(s)}</div>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <SubscriptionStatusBadge status={s.status} />
          </div>
        </>
      )}
    />
  );
}
