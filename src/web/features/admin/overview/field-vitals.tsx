import { useEffect, useId, useState } from 'react';
import {
  formatVital,
  RATING_LABELS,
  VITAL_METRICS,
  VITALS_DAYS,
  vitalsReportSchema,
  type DeviceClass,
  type MetricSummary,
  type PageVitals,
  type VitalRating,
  type VitalsReport,
} from '../../../../domain/web-vitals';
import { Spinner } from '../../../components/spinner';
import { adminRequest } from '../shared/admin-api';
import { ScrollingTable } from '../shared/states';
import { panelClass, tdClass, thClass } from '../shared/ui';

type Device = DeviceClass | 'all';
const DEVICES: { value: Device; label: string }[] = [
  { value: 'all', label: 'All devices' },
  { value: 'mobile', label: 'Phones' },
  { value: 'tablet', label: 'Tablets' },
  { value: 'desktop', label: 'Computers' },
];

const METRIC_NAMES: Record<(typeof VITAL_METRICS)[number], string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

const RATING_CLASS: Record<VitalRating, string> = {
  good: 'bg-green-50 text-forest ring-forest/30',
  'needs-improvement': 'bg-amber-50 text-amber-900 ring-amber-700/30',
  poor: 'bg-red-50 text-danger ring-danger/30',
};

export const fetchVitals = (device: Device, signal?: AbortSignal): Promise<VitalsReport> =>
  adminRequest(vitalsReportSchema, `/api/admin/vitals?device=${device}`, { signal });

/**
 * Speed for real shoppers (decision 0072): the 75th percentile of each Web Vital over the last 28
 * days, for the whole shop and each page, from the shoppers' own browsers, rated against Google's
 * thresholds as Shopify's web performance report does. Loads on its own, so the rest of the
 * Overview never waits for it.
 */
export function FieldVitals() {
  const id = useId();
  const [device, setDevice] = useState<Device>('all');
  const [report, setReport] = useState<VitalsReport | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchVitals(device, controller.signal).then(setReport, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Failed to load the Web Vitals', error);
      setFailed(true);
    });
    return () => controller.abort();
  }, [device, attempt]);

  return (
    <section className={`${panelClass} p-5 sm:p-6 lg:col-span-2`} aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-display text-xl font-semibold">
            Speed for real shoppers
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            What 3 in 4 page loads did as well as or better than, over the last {VITALS_DAYS} days, measured
            in shoppers&rsquo; browsers. Good is at or under Google&rsquo;s Core Web Vitals thresholds.
          </p>
        </div>
        <label className="text-sm font-semibold text-cocoa">
          <span className="sr-only">Device</span>
          <select
            value={device}
            onChange={(event) => {
              setFailed(false);
              setDevice(event.target.value as Device);
            }}
            className="rounded-full border border-beige bg-white px-4 py-2 text-sm"
          >
            {DEVICES.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          Failed to load the speed report.{' '}
          <button
            type="button"
            className="underline"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      ) : !report ? (
        <div className="flex min-h-24 items-center justify-center" aria-busy="true">
          <Spinner label="Loading the speed report" />
        </div>
      ) : report.pages.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No page loads reported yet
          {device === 'all' ? '' : ` from ${DEVICES.find((d) => d.value === device)!.label.toLowerCase()}`}.
          Reports arrive as shoppers leave pages.
        </p>
      ) : (
        <ScrollingTable label="Speed by page">
          <table className="w-full text-sm">
            <caption className="sr-only">
              75th percentile of each Web Vital by page, {report.from} to {report.to}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Page
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Loads
                </th>
                {VITAL_METRICS.map((metric) => (
                  <th key={metric} scope="col" className={`${thClass} text-right`}>
                    <abbr title={METRIC_NAMES[metric]} className="no-underline">
                      {metric}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {[report.overall, ...report.pages].map((page, index) => (
                <PageRow key={page.route} page={page} overall={index === 0} />
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}

function PageRow({ page, overall }: { page: PageVitals; overall: boolean }) {
  return (
    <tr className={overall ? 'bg-cream/60 font-semibold' : ''} data-testid="vitals-row">
      <th
        scope="row"
        className={`${tdClass} text-left font-mono text-xs ${overall ? 'font-sans text-sm' : ''}`}
      >
        {page.route}
      </th>
      <td className={`${tdClass} text-right tabular-nums`}>{page.page_loads}</td>
      {VITAL_METRICS.map((metric) => (
        <td key={metric} className={`${tdClass} text-right`}>
          <Value summary={page.metrics.find((m) => m.name === metric)} />
        </td>
      ))}
    </tr>
  );
}

function Value({ summary }: { summary: MetricSummary | undefined }) {
  if (!summary) return <span className="text-muted">–</span>;
  return (
    <span
      className={`inline-flex flex-col items-end rounded-lg px-2 py-1 ring-1 ${RATING_CLASS[summary.rating]}`}
      title={`${summary.samples} samples`}
    >
      <span className="font-semibold tabular-nums">{formatVital(summary.name, summary.p75)}</span>
      <span className="text-[0.7rem] whitespace-nowrap">{RATING_LABELS[summary.rating]}</span>
    </span>
  );
}
