import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  percentileOf,
  ratingOf,
  summarize,
  VITAL_METRICS,
  vitalsBeaconSchema,
  type VitalMetric,
} from './web-vitals.js';

/** Samples as the server keeps them: counts per bucket. */
function histogram(metric: VitalMetric, values: readonly number[]) {
  const counts = new Map<number, number>();
  for (const value of values) {
    const bucket = bucketOf(metric, value);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts].map(([bucket, count]) => ({ bucket, count }));
}

/** The 75th percentile as CrUX defines it on the samples themselves (nearest rank). */
const exactP75 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;

describe('Web Vitals', () => {
  it("rates values against Google's thresholds, the threshold itself on the better side", () => {
    expect(ratingOf('LCP', 2500)).toBe('good');
    expect(ratingOf('LCP', 2501)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4001)).toBe('poor');
    expect(ratingOf('INP', 200)).toBe('good');
    expect(ratingOf('INP', 500)).toBe('needs-improvement');
    expect(ratingOf('CLS', 0.1)).toBe('good');
    expect(ratingOf('CLS', 0.26)).toBe('poor');
    expect(ratingOf('TTFB', 1800)).toBe('needs-improvement');
  });

  it('reads the 75th percentile from the histogram within two buckets of the samples’ own', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VITAL_METRICS),
        fc.array(fc.double({ min: 1, max: 30_000, noNaN: true }), { minLength: 4, maxLength: 400 }),
        (metric, raw) => {
          const values = metric === 'CLS' ? raw.map((v) => v / 10_000) : raw;
          const p75 = percentileOf(metric, histogram(metric, values))!;
          const exact = exactP75(values);
          // The bucket holding the exact p75 spans 5% (the first one, values under 1 ms or 0.001 of
          // CLS, spans that), and the reading stays inside it or the neighbouring one, where two
          // samples straddle an edge.
          const floor = metric === 'CLS' ? 0.001 : 1;
          expect(p75).toBeGreaterThanOrEqual(exact / 1.05 ** 2 - floor);
          expect(p75).toBeLessThanOrEqual(exact * 1.05 ** 2 + floor);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps values under a millisecond (or a thousandth of CLS) in the first bucket, and answers null with no samples', () => {
    expect(bucketOf('CLS', 0)).toBe(0);
    expect(bucketOf('CLS', 0.0004)).toBe(0);
    expect(bucketOf('INP', 0.5)).toBe(0);
    expect(percentileOf('LCP', [])).toBeNull();
    // Every load had no layout shift: CLS reads under 0.001.
    expect(percentileOf('CLS', [{ bucket: 0, count: 10 }])).toBeLessThan(0.001);
  });

  it('summarises a page: loads are the metric with the most samples, each metric rated', () => {
    const rows = [
      ...histogram('TTFB', [100, 200, 300, 400]).map((b) => ({ metric: 'TTFB' as const, ...b })),
      ...histogram('LCP', [1000, 5000, 6000]).map((b) => ({ metric: 'LCP' as const, ...b })),
    ];
    const page = summarize('/shop', rows);
    expect(page.page_loads).toBe(4);
    expect(page.metrics.map((m) => [m.name, m.rating, m.samples])).toEqual([
      ['LCP', 'poor', 3],
      ['TTFB', 'good', 4],
    ]);
  });

  it("accepts a report of the shop's page patterns only, and nothing but its four fields", () => {
    const good = {
      route: '/products/:slug',
      device: 'mobile',
      connection: '4g',
      metrics: [
        { name: 'LCP', value: 1234.5 },
        { name: 'CLS', value: 0.01 },
      ],
    };
    expect(vitalsBeaconSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, route: '/products/chunky-cookie' },
      { ...good, route: '/orders/123' },
      { ...good, device: 'watch' },
      { ...good, connection: '5g' },
      { ...good, metrics: [] },
      { ...good, metrics: [{ name: 'FID', value: 10 }] },
      { ...good, metrics: [{ name: 'LCP', value: -1 }] },
      { ...good, metrics: [{ name: 'LCP', value: 'NaN' }] },
      {
        ...good,
        metrics: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
      { ...good, email: 'someone@example.ca' },
    ]) {
      expect(vitalsBeaconSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
