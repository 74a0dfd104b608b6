import { formatPrice } from '../../../../domain/money';
import type { Overview, SalesWindow } from '../../../../domain/overview';
import { Spinner } from '../../../components/spinner';
import { useReload } from '../shared/list-params';
import { LoadFailed } from '../shared/states';
import { panelClass } from '../shared/ui';
import { Exports } from './exports';
import { FieldVitals } from './field-vitals';
import { barHeights, type OverviewData } from './overview';
import { GstByMonth, HeldInCheckouts, TopProducts, WaitingToShip } from './overview-tables';
import { SubscriptionsOverview } from './subscriptions-overview';

const CHART_HEIGHT = 140;
const BAR = 16;
const GAP = 4;
const dayFormat = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The Overview tab (decision 0023): sales today, over 7 and 30 days, the daily revenue of the last
 * 30 days as an inline SVG chart, subscriptions (decision 0057), the best sellers, the paid orders
 * waiting to ship, sales tax by month, the CSV exports, and the shop's speed for real shoppers
 * (decision 0072).
 */
export function OverviewTab({ data }: { data: OverviewData | null }) {
  const { reload, reloading } = useReload();
  if (data && !data.ok && !reloading) return <LoadFailed what="the overview" onRetry={reload} />;
  const overview = data?.ok ? data.value : null;
  if (!overview) {
    return (
      <div className="flex min-h-64 items-center justify-center" aria-busy="true">
        <Spinner label="Loading the overview" />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="sales-title">
        <h2 id="sales-title" className="sr-only">
          Sales
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <SalesCard title="Today" sales={overview.today} />
          <SalesCard title="Last 7 days" sales={overview.last_7_days} />
          <SalesCard title="Last 30 days" sales={overview.last_30_days} />
        </div>
      </section>
      <DailyChart daily={overview.daily} />
      <SubscriptionsOverview figures={overview.subscriptions} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopProducts products={overview.top_products} />
        <WaitingToShip waiting={overview.waiting_to_ship} />
        <GstByMonth months={overview.gst_by_month} />
        <HeldInCheckouts holds={overview.held_in_checkouts} />
        <Exports />
        <FieldVitals />
      </div>
    </div>
  );
}

function SalesCard({ title, sales }: { title: string; sales: SalesWindow }) {
  return (
    <div className={`${panelClass} p-5`} data-testid="sales-card">
      <h3 className="text-sm font-semibold text-muted">{title}</h3>
      <p className="mt-2 font-display text-3xl font-semibold text-ink tabular-nums">
        {formatPrice(sales.net)}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Orders</dt>
        <dd className="text-right tabular-nums">{sales.orders}</dd>
        <dt className="text-muted">Average order</dt>
        <dd className="text-right tabular-nums">{formatPrice(sales.average)}</dd>
        {sales.refunded > 0 && (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd className="text-right tabular-nums">−{formatPrice(sales.refunded)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

function DailyChart({ daily }: { daily: Overview['daily'] }) {
  const heights = barHeights(daily, CHART_HEIGHT);
  const width = daily.length * (BAR + GAP);
  const total = daily.reduce((sum, d) => sum + d.gross, 0);
  const first = daily[0]?.date;
  const last = daily.at(-1)?.date;
  const day = (iso: string | undefined) => (iso ? dayFormat.format(new Date(`${iso}T00:00:00Z`)) : '');
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="daily-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="daily-title" className="font-display text-xl font-semibold">
          Daily revenue, last 30 days
        </h3>
        <p className="text-sm text-muted">{formatPrice(total)} before refunds</p>
      </div>
      <svg
        viewBox={`0 0 ${width} ${CHART_HEIGHT + 2}`}
        className="mt-4 h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Daily revenue from ${day(first)} to ${day(last)}: ${formatPrice(total)} in all`}
        data-testid="daily-chart"
      >
        <line
          x1="0"
          x2={width}
          y1={CHART_HEIGHT + 1}
          y2={CHART_HEIGHT + 1}
          className="stroke-beige"
          strokeWidth="1"
        />
        {daily.map((d, i) => (
          <rect
            key={d.date}
            x={i * (BAR + GAP)}
            y={CHART_HEIGHT - heights[i]!}
            width={BAR}
            height={Math.max(heights[i]!, d.gross > 0 ? 1 : 0)}
            rx="2"
            className="fill-maple"
          >
            <title>{`${day(d.date)}: ${formatPrice(d.gross)}, ${d.orders} order${d.orders === 1 ? '' : 's'}`}</title>
          </rect>
        ))}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{day(first)}</span>
        <span>{day(last)}</span>
      </div>
    </section>
  );
}
