/**
 * Real-user Web Vitals (decision 0072): each page load's report is added to the day's histograms
 * (one row per day, page pattern, device class, connection, metric and bucket, counting loads), and
 * the admin's report reads the last 28 days back as the 75th percentile per metric and page.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../domain/overview.js';
import {
  bucketOf,
  outOfRange,
  summarize,
  VITALS_DAYS,
  type DeviceClass,
  type VitalsBeacon,
  type VitalsReport,
} from '../../../domain/web-vitals.js';
import type { Database } from '../../db/client.js';
import { webVitalBuckets } from '../../db/schema.js';

/** The shop's day (Vancouver) of `at`, as YYYY-MM-DD. */
const shopDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });

export function createVitalsService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    /**
     * Counts one page load's metrics. A report with a value no page load can take (a tab left open
     * for hours) is dropped whole; answers whether it was counted.
     */
    async record(beacon: VitalsBeacon): Promise<boolean> {
      if (beacon.metrics.some((metric) => outOfRange(metric.name, metric.value))) return false;
      const day = shopDay(now());
      await db
        .insert(webVitalBuckets)
        .values(
          beacon.metrics.map((metric) => ({
            day,
            route: beacon.route,
            device: beacon.device,
            connection: beacon.connection,
            metric: metric.name,
            bucket: bucketOf(metric.name, metric.value),
            count: 1,
          })),
        )
        .onConflictDoUpdate({
          target: [
            webVitalBuckets.day,
            webVitalBuckets.route,
            webVitalBuckets.device,
            webVitalBuckets.connection,
            webVitalBuckets.metric,
            webVitalBuckets.bucket,
          ],
          set: { count: sql`${webVitalBuckets.count} + 1` },
        });
      return true;
    },

    /** The last 28 days (today included), for one device class or all. */
    async report(device: DeviceClass | 'all'): Promise<VitalsReport> {
      const today = now();
      const to = shopDay(today);
      const from = shopDay(new Date(today.getTime() - (VITALS_DAYS - 1) * 86_400_000));
      const rows = await db
        .select({
          route: webVitalBuckets.route,
          metric: webVitalBuckets.metric,
          bucket: webVitalBuckets.bucket,
          count: sql<number>`sum(${webVitalBuckets.count})::int`.mapWith(Number),
        })
        .from(webVitalBuckets)
        .where(
          and(
            gte(webVitalBuckets.day, from),
            device === 'all' ? undefined : eq(webVitalBuckets.device, device),
          ),
        )
        .groupBy(webVitalBuckets.route, webVitalBuckets.metric, webVitalBuckets.bucket);
      const routes = [...new Set(rows.map((row) => row.route))];
      const pages = routes
        .map((route) =>
          summarize(
            route,
            rows.filter((row) => row.route === route),
          ),
        )
        .sort((a, b) => b.page_loads - a.page_loads || a.route.localeCompare(b.route));
      // The whole shop: every page's buckets together.
      const all = new Map<
        string,
        { metric: (typeof rows)[number]['metric']; bucket: number; count: number }
      >();
      for (const row of rows) {
        const key = `${row.metric}:${row.bucket}`;
        const seen = all.get(key);
        if (seen) seen.count += row.count;
        else all.set(key, { metric: row.metric, bucket: row.bucket, count: row.count });
      }
      return { from, to, device, overall: summarize('All pages', [...all.values()]), pages };
    },
  };
}

export type VitalsService = ReturnType<typeof createVitalsService>;
