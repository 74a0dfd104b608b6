import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../../domain/money';
import type { Overview, SalesWindow } from '../../../domain/overview';
import { barHeights, downloadExport, EXPORTS, fetchOverview } from '../../features/admin/overview';
import { Spinner } from '../spinner';
import { LoadFailed, ScrollingTable } from './states';
import { dateFormat, panelClass, quietButton, tdClass, thClass } from './ui';

const CHART_HEIGHT = 140;
const BAR = 16;
const GAP = 4;
const monthFormat = new Intl.DateTimeFormat('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The Overview tab (issue 17): sales today, over 7 and 30 days, the daily revenue of the last 30
 * days as an inline SVG chart, the best sellers, the paid orders waiting to ship, GST by month, and
 * the CSV exports.
 */
export function OverviewTab() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchOverview(controller.signal)
      .then((data) => {
        setOverview(data);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the overview', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [reloads]);

  if (failed) return <LoadFailed what="the overview" onRetry={() => setReloads((n) => n + 1)} />;
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
      <div className="grid gap-6 lg:grid-cols-2">
        <TopProducts products={overview.top_products} />
        <WaitingToShip waiting={overview.waiting_to_ship} />
        <GstByMonth months={overview.gst_by_month} />
        <Exports />
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

function TopProducts({ products }: { products: Overview['top_products'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="top-title">
      <h3 id="top-title" className="font-display text-xl font-semibold">
        Best sellers, last 30 days
      </h3>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No sales in the last 30 days.</p>
      ) : (
        <ScrollingTable label="Best sellers">
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Best sellers, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Product
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Units
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Sales
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {products.map((p) => (
                <tr key={`${p.product_id ?? 'gone'}-${p.name}`}>
                  <td className={tdClass}>{p.name}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{p.units}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatPrice(p.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}

function WaitingToShip({ waiting }: { waiting: Overview['waiting_to_ship'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="waiting-title">
      <h3 id="waiting-title" className="font-display text-xl font-semibold">
        Waiting to ship: <span className="tabular-nums">{waiting.count}</span>
      </h3>
      {waiting.oldest.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Every paid order has shipped.</p>
      ) : (
        <ul className="mt-3 divide-y divide-beige text-sm">
          {waiting.oldest.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-2">
              <a
                className="font-semibold text-maple-dark underline-offset-2 hover:underline"
                href={`/admin/dashboard?tab=orders&order=${o.id}`}
              >
                #{o.id}
              </a>
              <span className="min-w-0 flex-1 truncate">{o.name}</span>
              <span className="text-muted">{dateFormat.format(new Date(o.created_at))}</span>
              <span className="tabular-nums">{formatPrice(o.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GstByMonth({ months }: { months: Overview['gst_by_month'] }) {
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="gst-title">
      <h3 id="gst-title" className="font-display text-xl font-semibold">
        GST collected by month
      </h3>
      {months.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No paid orders in the last 12 months.</p>
      ) : (
        <ScrollingTable label="GST collected by month">
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">GST collected by month</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Month
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Orders
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  GST
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {months.map((m) => (
                <tr key={m.month}>
                  <td className={tdClass}>{monthFormat.format(new Date(`${m.month}-01T00:00:00Z`))}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{m.orders}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatPrice(m.gst)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <p className="mt-3 text-xs text-muted">
        On orders still paid, by the month they were paid (Vancouver time).
      </p>
    </section>
  );
}

function Exports() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(file: (typeof EXPORTS)[number]['file']) {
    setBusy(file);
    setError(null);
    try {
      await downloadExport(file);
    } catch {
      setError('The download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="exports-title">
      <h3 id="exports-title" className="font-display text-xl font-semibold">
        Exports
      </h3>
      <p className="mt-1 text-sm text-muted">CSV files for spreadsheets and your accountant.</p>
      <ul className="mt-3 space-y-2">
        {EXPORTS.map((e) => (
          <li key={e.file}>
            <button
              type="button"
              className={`${quietButton} ring-1 ring-beige`}
              disabled={busy !== null}
              onClick={() => void download(e.file)}
            >
              <Download aria-hidden="true" className="size-4" />
              {busy === e.file ? 'Preparing…' : e.label}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
