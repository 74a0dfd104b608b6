import type { ReactNode } from 'react';
import { formatPrice } from '../../../../domain/money';
import type { Overview } from '../../../../domain/overview';
import { ScrollingTable } from '../shared/states';
import { panelClass, tdClass, thClass } from '../shared/ui';

/**
 * Subscribe and save at a glance (decision 0057): how many run, what they bring a month, what the
 * kitchen bakes for the renewals of the coming week, and how many ended in the last 30 days. Each
 * figure says how it is counted.
 */
export function SubscriptionsOverview({ figures }: { figures: Overview['subscriptions'] }) {
  const due = figures.due_next_7_days;
  const churn = figures.churn_30_days;
  const units = due.units.reduce((sum, u) => sum + u.units, 0);
  return (
    <section aria-labelledby="subscriptions-overview-title" className="space-y-6">
      <h2 id="subscriptions-overview-title" className="sr-only">
        Subscriptions
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure title="Active subscriptions" value={String(figures.active)} testId="subscriptions-active">
          Paused, past due and cancelled ones are not counted.
        </Figure>
        <Figure
          title="Monthly recurring revenue"
          value={formatPrice(figures.monthly_recurring)}
          testId="subscriptions-mrr"
        >
          Each active subscription's next subtotal at today's subscription prices × 52 ÷ 12 ÷ its interval in
          weeks, added up; before shipping and tax.
        </Figure>
        <Figure
          title="Subscription churn, last 30 days"
          value={`${churn.percent}%`}
          testId="subscriptions-churn"
        >
          {churn.canceled} cancelled ÷ {churn.live_at_start} not cancelled 30 days ago
          {churn.live_at_start === 0 ? ' (0% when none were)' : ''}.
        </Figure>
      </div>
      <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="renewals-due-title">
        <h3 id="renewals-due-title" className="font-display text-xl font-semibold">
          Renewals due in the next 7 days: <span className="tabular-nums">{due.renewals}</span>
        </h3>
        {due.units.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No renewal is due this week: nothing extra to bake.</p>
        ) : (
          <ScrollingTable label="Units to bake for renewals">
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">
                Units the renewals due in the next 7 days order, per product
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Product
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    Units
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-beige">
                {due.units.map((u) => (
                  <tr key={u.product_id} data-testid="renewal-units">
                    <td className={tdClass}>{u.name}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{u.units}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        )}
        <p className="mt-3 text-xs text-muted">
          {units > 0 ? `${units} units in all. ` : ''}Active subscriptions due within 7 days (a date already
          passed included: a retry or a sold-out wait), and paused ones resuming by then; hidden products are
          left out of renewals. The production plan counts them too.
        </p>
      </section>
    </section>
  );
}

function Figure({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={`${panelClass} p-5`} data-testid={testId}>
      <h3 className="text-sm font-semibold text-muted">{title}</h3>
      <p className="mt-2 font-display text-3xl font-semibold text-ink tabular-nums">{value}</p>
      <p className="mt-3 text-xs text-muted">{children}</p>
    </div>
  );
}
