/**
 * Prometheus metrics through the real app (decision 0073), read with a real parser of the text
 * format: off unless METRICS_TOKEN or METRICS_PORT is set; behind the bearer token on the shop's
 * port, or on a port of their own; requests by route pattern and status, the payment provider's
 * calls, jobs due and their oldest age, the e-mail outbox, the database's pool or queue, the event
 * loop. After a checkout by a known customer, no label or value names them or their order.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { checkoutFixtures, type Person } from '../testing/checkout-fixtures.js';
import {
  parsePrometheusText,
  prometheusParserAvailable,
  type MetricFamily,
} from '../testing/prometheus-text.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Prometheus' own parser (the Python client's): CI installs it; without it here, the scrapes are not read.
const parses = prometheusParserAvailable() || process.env.CI === 'true';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let t: TestApp;
const f = checkoutFixtures(() => t);

beforeAll(async () => {
  // No polling: the jobs test's job stays due.
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, JOBS_POLL_MS: '600000' } });
});
afterAll(() => t?.close());

async function scrape(app = t): Promise<{ text: string; families: Map<string, MetricFamily> }> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, families: parsePrometheusText(res.body) };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

describe('GET /metrics', () => {
  it('asks for the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it.runIf(parses)(
    'counts requests by route pattern and status, calls to the payment provider, and the state of the queues',
    async () => {
      const customer: Person = await f.person({ email: 'zed.quimby.metrics@example.ca' });
      const [product] = await f.catalogue();
      const order = await f.buy(customer, [{ id: product!.id, quantity: 1 }], {
        shipping: { firstName: 'Zed', lastName: 'Quimby', email: 'zed.quimby.metrics@example.ca' },
      });
      await f.call('GET', `/api/orders/${order.id}`, { token: customer.token });
      await f.call('GET', '/api/orders/999999', { token: customer.token });
      await t.app.reconciler.run();

      const { text, families } = await scrape();
      const requests = families.get('http_request_duration_seconds')!;
      expect(requests.type).toBe('histogram');
      const counts = requests.samples.filter(
        (sample) => sample.name === 'http_request_duration_seconds_count',
      );
      const byRoute = counts.map((c) => `${c.labels.method} ${c.labels.route} ${c.labels.status}`);
      expect(byRoute).toContain('GET /api/orders/:id 200');
      expect(byRoute).toContain('GET /api/orders/:id 404');
      expect(byRoute).toContain('POST /api/payments/test/confirm 200');
      const orderReads = counts.find(
        (c) => c.labels.route === '/api/orders/:id' && c.labels.status === '200',
      )!;
      expect(orderReads.value).toBeGreaterThanOrEqual(1);
      // Its buckets add up to its count: the +Inf bucket holds every request.
      const inf = requests.samples.find(
        (sample) =>
          sample.name === 'http_request_duration_seconds_bucket' &&
          sample.labels.route === '/api/orders/:id' &&
          sample.labels.status === '200' &&
          sample.labels.le === '+Inf',
      )!;
      expect(inf.value).toBe(orderReads.value);

      const calls = families
        .get('outside_call_duration_seconds')!
        .samples.filter((sample) => sample.name === 'outside_call_duration_seconds_count')
        .map((c) => `${c.labels.service} ${c.labels.operation} ${c.labels.outcome}`);
      expect(calls).toContain('payment createIntent ok');
      expect(families.get('jobs_due')!.type).toBe('gauge');
      expect(families.get('jobs_oldest_due_age_seconds')!.type).toBe('gauge');
      expect(families.get('email_outbox_pending')!.samples[0]!.value).toBeGreaterThanOrEqual(0);
      expect(families.has('email_outbox_oldest_pending_age_seconds')).toBe(true);
      expect(families.get('reconciler_finds')!.type).toBe('counter');
      expect(families.get('nodejs_eventloop_lag_seconds')!.type).toBe('gauge');
      const database = families.get(
        t.database.driver === 'pglite' ? 'db_queue_requests' : 'db_pool_connections',
      )!;
      expect(database.samples.length).toBeGreaterThan(0);

      // Nothing of the customer or their order is in any label or value.
      for (const personal of [
        'zed.quimby.metrics@example.ca',
        'Zed',
        'Quimby',
        `/api/orders/${order.id}`,
        customer.token,
      ]) {
        expect(text).not.toContain(personal);
      }
    },
  );

  it.runIf(parses)('shows the jobs due by type and how long the oldest has waited', async () => {
    await t.database.db
      .insert(jobs)
      .values({ type: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 120_000) });
    const { families } = await scrape();
    const due = families.get('jobs_due')!.samples.find((sample) => sample.labels.type === 'metrics.test');
    const age = families
      .get('jobs_oldest_due_age_seconds')!
      .samples.find((sample) => sample.labels.type === 'metrics.test');
    expect(due?.value).toBe(1);
    expect(age?.value).toBeGreaterThanOrEqual(119);
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('has no /metrics and counts nothing', async () => {
    const off = await createTestApp({ seed: false });
    try {
      expect(off.app.metrics).toBeNull();
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('with METRICS_PORT', () => {
  it('serves them on a port of their own, with no token, and not on the shop’s port', async () => {
    const port = await freePort();
    const separate = await createTestApp({
      seed: false,
      env: { METRICS_PORT: String(port), HOST: '127.0.0.1' },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('# TYPE process_cpu_seconds_total counter');
      if (parses) expect(parsePrometheusText(text).has('process_cpu_seconds')).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await separate.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await separate.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('timed', () => {
  it('times each call of the wrapped object, counts failures, and passes everything else through', async () => {
    const { createMetrics, timed } = await import('./metrics.js');
    const metrics = createMetrics();
    const store = {
      name: 'store',
      async put(key: string) {
        return `kept ${key}`;
      },
      async get(): Promise<string> {
        throw new Error('unreachable');
      },
      size: () => 3,
    };
    const wrapped = timed(store, 'images', metrics);
    expect(wrapped.name).toBe('store');
    expect(await wrapped.put('a')).toBe('kept a');
    await expect(wrapped.get()).rejects.toThrow('unreachable');
    expect(wrapped.size()).toBe(3);
    const families = parses ? parsePrometheusText(await metrics.registry.metrics()) : null;
    if (families) {
      const calls = families
        .get('outside_call_duration_seconds')!
        .samples.filter((sample) => sample.name === 'outside_call_duration_seconds_count')
        .map((c) => `${c.labels.operation} ${c.labels.outcome} ${c.value}`);
      expect(calls.sort()).toEqual(['get error 1', 'put ok 1', 'size ok 1']);
      expect(
        families
          .get('outside_call_errors')!
          .samples.filter((sample) => sample.name === 'outside_call_errors_total'),
      ).toEqual([
        { name: 'outside_call_errors_total', labels: { service: 'images', operation: 'get' }, value: 1 },
      ]);
    } else {
      expect(await metrics.registry.metrics()).toContain(
        'outside_call_errors_total{service="images",operation="get"} 1',
      );
    }
  });
});
