/**
 * Prometheus metrics (decision 0073): one registry per app, read by `GET /metrics` when
 * METRICS_TOKEN or METRICS_PORT is set, and not even kept otherwise. Counters and histograms are
 * updated where things happen (a request answered, a page served from the cache or rendered, a call
 * to the payment provider or the image store, a reconciler pass); the gauges that describe state
 * (database pool, the embedded database's queue, jobs due, the e-mail outbox) are read when scraped.
 *
 * Labels are bounded and never personal: a route is its pattern (`/api/orders/:id`), never its
 * address; no e-mail, name, id or token is ever a label.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { aroundMethods } from './method-proxy.js';

/** Seconds: from a cached answer's fraction of a millisecond to a slow provider's seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ShopMetrics {
  readonly registry: Registry;
  /** A request answered: its method, route pattern and status code. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A page served: from the cache, rendered and kept, or rendered for one visitor. */
  page(outcome: 'hit' | 'miss' | 'bypass'): void;
  /** A call to an outside service (`payment`, `images`): how long, and whether it failed. */
  call(service: 'payment' | 'images', operation: string, seconds: number, failed: boolean): void;
  /** What a reconciler pass found: orders made for paid intents, failures, expired intents. */
  reconciled(found: { created: number; failed: number; expired: number }): void;
  /**
   * A gauge read when scraped (`read` answers its value per label set). Several apps in one process
   * (the tests) each have their own registry.
   */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<{ labels?: Record<string, string>; value: number }[]>,
  ): void;
}

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status code, and how long they took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pages = new Counter({
    name: 'page_cache_requests_total',
    help: 'Pages served: hit (from the cache), miss (rendered and kept), bypass (rendered for one visitor).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const calls = new Histogram({
    name: 'outside_call_duration_seconds',
    help: 'Calls to the payment provider and the image store, by operation and outcome.',
    labelNames: ['service', 'operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const callErrors = new Counter({
    name: 'outside_call_errors_total',
    help: 'Calls to the payment provider and the image store that failed, by operation.',
    labelNames: ['service', 'operation'] as const,
    registers: [registry],
  });
  const reconciled = new Counter({
    name: 'reconciler_finds_total',
    help: 'What the reconciler found: created (an order for a paid intent that had none), failed, expired.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  return {
    registry,
    request(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    page(outcome) {
      pages.inc({ outcome });
    },
    call(service, operation, seconds, failed) {
      calls.observe({ service, operation, outcome: failed ? 'error' : 'ok' }, seconds);
      if (failed) callErrors.inc({ service, operation });
    },
    reconciled(found) {
      for (const kind of ['created', 'failed', 'expired'] as const) {
        if (found[kind] > 0) reconciled.inc({ kind }, found[kind]);
      }
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}

/**
 * `target` with each method's calls timed and counted under `service` (the payment provider, the
 * image store). Properties that are not functions pass through.
 */
export function timed<T extends object>(target: T, service: 'payment' | 'images', metrics: ShopMetrics): T {
  return aroundMethods(target, (method, call) => {
    const started = performance.now();
    const done = (failed: boolean) =>
      metrics.call(service, method, (performance.now() - started) / 1000, failed);
    let result: unknown;
    try {
      result = call();
    } catch (error) {
      done(true);
      throw error;
    }
    if (!(result instanceof Promise)) {
      done(false);
      return result;
    }
    return result.then(
      (answer: unknown) => {
        done(false);
        return answer;
      },
      (error: unknown) => {
        done(true);
        throw error;
      },
    );
  });
}
