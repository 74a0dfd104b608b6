/**
 * Real-user Web Vitals (decision 0072): what a shopper's browser reports, how it is kept (a
 * histogram per day, page, device class, connection and metric, never a row per visit), and how the
 * admin reads it (the 75th percentile against Google's thresholds, as CrUX and Shopify's web
 * performance report do).
 */
import { z } from 'zod';

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The Network Information API's effective types; `unknown` where the browser has none. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/**
 * Google's thresholds (web.dev/articles/vitals; defineThresholds in the web-vitals library): at or
 * under `good` is good, over `poor` is poor, between needs improvement. Milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export function ratingOf(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** The largest value kept: past it a report is not a page load worth counting (a tab left open). */
const VITAL_MAX: Record<VitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
};

/**
 * The pages of the shop as the router names them (src/web/routes.ts; a test keeps the two the same).
 * A report names one of these, never the address it was made on: no order id, token or e-mail.
 */
export const PAGE_PATTERNS = [
  '/',
  '/shop',
  '/categories/:slug',
  '/chunky-variety-pack',
  '/products/:slug',
  '/search',
  '/cart',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/newsletter/confirm',
  '/profile',
  '/subscriptions/:id',
  '/checkout',
  '/checkout/shipping',
  '/checkout/payment',
  '/order-confirmation',
  '/orders/:orderId',
  '/orders/:orderId/receipt',
  '/orders/:orderId/credit-notes/:refundId',
  '/track-orders',
  '/admin/dashboard',
  '/about',
  '/contact',
  '/faq',
  '/terms-of-use',
  '/privacy-policy',
  '/accessibility-policy',
  '/refund-policy',
  '/sitemap.xml',
  '/robots.txt',
  '/*',
] as const;

const NAMES = 'name must be one of LCP, INP, CLS, FCP, TTFB, each at most once.';

/** POST /api/vitals: one page load's metrics, sent by the browser as it leaves the page. */
export const vitalsBeaconSchema = z
  .object({
    route: z.enum(PAGE_PATTERNS, { message: "route must be one of the shop's page patterns." }),
    device: z.enum(DEVICE_CLASSES, { message: `device must be one of: ${DEVICE_CLASSES.join(', ')}.` }),
    connection: z.enum(CONNECTION_TYPES, {
      message: `connection must be one of: ${CONNECTION_TYPES.join(', ')}.`,
    }),
    metrics: z
      .array(
        z.object({
          name: z.enum(VITAL_METRICS, { message: NAMES }),
          value: z
            .number({ message: 'value must be a number.' })
            .finite({ message: 'value must be a number.' })
            .min(0, { message: 'value must not be negative.' }),
        }),
        { message: 'metrics must be a list of { name, value }.' },
      )
      .min(1, { message: 'metrics must be a list of { name, value }.' })
      .max(VITAL_METRICS.length, { message: NAMES })
      .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, {
        message: NAMES,
      }),
  })
  .strict();
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

/** A metric's value past what a page load can take: the report is dropped whole. */
export const outOfRange = (metric: VitalMetric, value: number) => value > VITAL_MAX[metric];

/**
 * The histogram's buckets: 0 holds values under 1 (milliseconds, or thousandths of CLS), bucket b
 * holds [1.05^(b-1), 1.05^b), so a percentile read from them is within 2.5% of the true one.
 */
const GROWTH = 1.05;
const scaled = (metric: VitalMetric, value: number) => (metric === 'CLS' ? value * 1000 : value);

export function bucketOf(metric: VitalMetric, value: number): number {
  const v = scaled(metric, value);
  return v < 1 ? 0 : 1 + Math.floor(Math.log(v) / Math.log(GROWTH));
}

/** A bucket's bounds, in the metric's unit. */
function boundsOf(metric: VitalMetric, bucket: number): [number, number] {
  const unscale = (v: number) => (metric === 'CLS' ? v / 1000 : v);
  return bucket === 0 ? [0, unscale(1)] : [unscale(GROWTH ** (bucket - 1)), unscale(GROWTH ** bucket)];
}

/**
 * The value under which `share` of the samples fall (0.75: the 75th percentile), read from the
 * buckets' counts with the samples spread evenly over their bucket; null with no samples.
 */
export function percentileOf(
  metric: VitalMetric,
  buckets: readonly { bucket: number; count: number }[],
  share = 0.75,
): number | null {
  const sorted = [...buckets].filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const target = share * total;
  let below = 0;
  for (const { bucket, count } of sorted) {
    if (below + count >= target) {
      const [low, high] = boundsOf(metric, bucket);
      return low + ((target - below) / count) * (high - low);
    }
    below += count;
  }
  return boundsOf(metric, sorted.at(-1)!.bucket)[1];
}

/** A value as the report shows it: "2.1 s", "180 ms", "0.04". */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** How many days the report looks back, and the device it is for. */
export const VITALS_DAYS = 28;
export const vitalsQuerySchema = z.object({
  device: z
    .enum(['all', ...DEVICE_CLASSES], { message: `device must be all, ${DEVICE_CLASSES.join(', ')}.` })
    .default('all'),
});

const metricSummarySchema = z.object({
  name: z.enum(VITAL_METRICS),
  /** The 75th percentile, in the metric's unit (milliseconds; CLS unitless). */
  p75: z.number(),
  rating: z.enum(VITAL_RATINGS),
  samples: z.number().int(),
});
export type MetricSummary = z.infer<typeof metricSummarySchema>;

const pageVitalsSchema = z.object({
  route: z.string(),
  /** Page loads reported (the metric with the most samples: every load reports TTFB). */
  page_loads: z.number().int(),
  metrics: z.array(metricSummarySchema),
});
export type PageVitals = z.infer<typeof pageVitalsSchema>;

/** GET /api/admin/vitals: the last 28 days, the whole shop first, then each page by its loads. */
export const vitalsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  device: z.enum(['all', ...DEVICE_CLASSES]),
  overall: pageVitalsSchema,
  pages: z.array(pageVitalsSchema),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;

/** A page's summary from its histograms, by metric. */
export function summarize(
  route: string,
  rows: readonly { metric: VitalMetric; bucket: number; count: number }[],
): PageVitals {
  const metrics = VITAL_METRICS.flatMap((name) => {
    const buckets = rows.filter((row) => row.metric === name);
    const p75 = percentileOf(name, buckets);
    if (p75 === null) return [];
    return [
      {
        name,
        p75: name === 'CLS' ? Math.round(p75 * 1000) / 1000 : Math.round(p75),
        rating: ratingOf(name, p75),
        samples: buckets.reduce((sum, b) => sum + b.count, 0),
      },
    ];
  });
  return { route, page_loads: Math.max(0, ...metrics.map((m) => m.samples)), metrics };
}
