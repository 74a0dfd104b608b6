/**
 * Prometheus metrics on the built shop with its pages (decision 0073): a page rendered and kept, then
 * served from the cache, counted as a miss and a hit under the pages' route; /metrics asks for the
 * token; the scrape parses with Prometheus' own parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, prometheusParserAvailable } from '../src/server/testing/prometheus-text';
import { startShop, type RunningShop } from './server';

const TOKEN = 'journey-metrics-token-0123456789abcdef';
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await shop?.stop();
});

describe('metrics of the built shop', () => {
  it.runIf(prometheusParserAvailable() || process.env.CI === 'true')(
    'counts pages rendered and served from the cache, behind the token',
    async () => {
      expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await fetch(`${shop.url}/about`)).status).toBe(200);
      const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const families = parsePrometheusText(await res.text());
      const pages = families
        .get('page_cache_requests')!
        .samples.filter((s) => s.name === 'page_cache_requests_total');
      const count = (outcome: string) => pages.find((s) => s.labels.outcome === outcome)?.value ?? 0;
      expect(count('miss')).toBeGreaterThanOrEqual(1);
      expect(count('hit')).toBeGreaterThanOrEqual(2);
      const requests = families
        .get('http_request_duration_seconds')!
        .samples.filter((s) => s.name === 'http_request_duration_seconds_count' && s.labels.status === '200')
        .map((s) => `${s.labels.method} ${s.labels.route}`);
      // Pages are counted under the route that renders them all, never their address.
      expect(requests).toContain('GET /*');
      expect(requests.some((route) => route.includes('/about'))).toBe(false);
    },
  );
});
