/**
 * Where the metrics are read (decision 0073): `GET /metrics` on the shop's port behind a bearer token
 * (METRICS_TOKEN), or on a port of their own (METRICS_PORT) that the load balancer does not expose.
 * Off when neither is set: nothing is counted, and no hook runs for a request.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, isNull, lt, lte, sql, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { emailOutbox, jobs } from '../db/schema.js';
import type { FairQueue } from '../http/db-queue.js';
import { createMetrics, type ShopMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, or null when nobody reads them (METRICS_TOKEN and METRICS_PORT unset). */
    metrics: ShopMetrics | null;
  }
}

/**
 * `read` once per scrape, however many gauges take from it: its answer is shared for a second (a
 * scrape reads every gauge at once; the next comes seconds later).
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > 1_000) last = { at: now, answer: read() };
    return last.answer;
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function registerMetrics(
  app: FastifyInstance,
  { config, database, queue }: { config: Config; database: DatabaseHandle; queue: FairQueue | null },
): void {
  if (!config.metrics) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const pool = database.poolStats;
  if (pool) {
    metrics.gauge('db_pool_connections', 'PostgreSQL pool connections, by state.', ['state'], async () => {
      const { total, idle, waiting } = pool();
      return [
        { labels: { state: 'total' }, value: total },
        { labels: { state: 'idle' }, value: idle },
        { labels: { state: 'waiting' }, value: waiting },
      ];
    });
  }
  if (queue) {
    metrics.gauge(
      'db_queue_requests',
      'Requests holding or waiting for a turn at the embedded database, by state.',
      ['state'],
      async () => [
        { labels: { state: 'running' }, value: queue.running },
        { labels: { state: 'waiting' }, value: queue.waiting },
      ],
    );
  }
  const dueJobs = perScrape(() =>
    database.db
      .select({
        type: jobs.type,
        count: sql<number>`count(*)::int`.mapWith(Number),
        oldest: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt})), 0)::float8`.mapWith(
          Number,
        ),
      })
      .from(jobs)
      .where(and(isNull(jobs.completedAt), lte(jobs.runAt, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)))
      .groupBy(jobs.type),
  );
  metrics.gauge('jobs_due', 'Background jobs due and not done, by type.', ['type'], async () =>
    (await dueJobs()).map((row) => ({ labels: { type: row.type }, value: row.count })),
  );
  metrics.gauge(
    'jobs_oldest_due_age_seconds',
    'How long the oldest job due has waited, by type.',
    ['type'],
    async () => (await dueJobs()).map((row) => ({ labels: { type: row.type }, value: row.oldest })),
  );
  const outbox = perScrape(async () => {
    const [row] = await database.db
      .select({
        count: sql<number>`count(*)::int`.mapWith(Number),
        oldest:
          sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`.mapWith(
            Number,
          ),
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'));
    return row ?? { count: 0, oldest: 0 };
  });
  metrics.gauge(
    'email_outbox_pending',
    'E-mails written and not yet handed to the mail server.',
    [],
    async () => [{ value: (await outbox()).count }],
  );
  metrics.gauge(
    'email_outbox_oldest_pending_age_seconds',
    'How long the oldest e-mail not yet handed to the mail server has waited.',
    [],
    async () => [{ value: (await outbox()).oldest }],
  );

  const answer = async () => ({
    contentType: metrics.registry.contentType,
    body: await metrics.registry.metrics(),
  });

  if (config.metrics.token) {
    const expected = digest(`Bearer ${config.metrics.token}`);
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
      }
      const { contentType, body } = await answer();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }

  const port = config.metrics.port;
  if (port !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        answer().then(
          ({ contentType, body }) => {
            response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, config.metrics!.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
}
