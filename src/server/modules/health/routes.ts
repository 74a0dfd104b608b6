/**
 * Two health checks (decision 0020):
 * - `/api/health` (liveness): the process is up and not shutting down. It never touches the
 *   database, so an outage does not get instances restarted that keep serving the cached storefront.
 * - `/api/health/ready` (readiness): a write can commit. It upserts this instance's row in
 *   `health_checks` in a transaction bounded by a short timeout, and the answer is kept for a
 *   second, so a load balancer polling many times a second costs one write. A full disk, a database
 *   set read-only, a lock or a frozen server all make it 503. Load balancers watch this one.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import { healthChecks } from '../../db/schema.js';
import { RETRY_AFTER_SECONDS } from '../../http/errors.js';
import { errorResponses } from '../../http/route-schemas.js';

/** The probe's bound, in the database (statement timeout) and around it (a frozen server). */
export const READY_TIMEOUT_MS = 2_000;
/** How long one probe's answer is reused. */
export const READY_CACHE_MS = 1_000;

export interface HealthOptions {
  /** The probe succeeded: the database takes writes again. */
  onReady?: () => void;
}

/** 503: why this instance should get no traffic now. */
const unavailableSchema = z.object({
  status: z.enum(['draining', 'unavailable']),
  message: z.string(),
});

export function healthRoutes(
  fastify: FastifyInstance,
  database: DatabaseHandle,
  options: HealthOptions = {},
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];
  const instance = randomUUID();
  let last: { at: number; result: Promise<{ ok: true } | { ok: false; error: unknown }> } | undefined;

  async function probe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const write = database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${READY_TIMEOUT_MS}`));
      await tx
        .insert(healthChecks)
        .values({ instance })
        .onConflictDoUpdate({ target: healthChecks.instance, set: { checkedAt: sql`now()` } });
    });
    try {
      await Promise.race([
        write,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the readiness write timed out')),
            READY_TIMEOUT_MS + 500,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      // A write that outlived the timer must not surface later as an unhandled rejection.
      write.catch(() => {});
    }
  }

  function ready() {
    const now = Date.now();
    if (!last || now - last.at >= READY_CACHE_MS) {
      last = {
        at: now,
        result: probe().then(
          () => {
            options.onReady?.();
            return { ok: true as const };
          },
          (error: unknown) => ({ ok: false as const, error }),
        ),
      };
    }
    return last.result;
  }

  app.get(
    '/api/health',
    {
      config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'Liveness: the process is up and not shutting down (never touches the database)',
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses, 503: unavailableSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) {
        return reply.status(503).send({ status: 'draining', message: 'This instance is shutting down' });
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'Readiness: a write can commit (what a load balancer should watch)',
        response: {
          200: z.object({ status: z.literal('ready') }),
          ...errorResponses,
          503: unavailableSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) {
        return reply.status(503).send({ status: 'draining', message: 'This instance is shutting down' });
      }
      const result = await ready();
      if (result.ok) return { status: 'ready' as const };
      request.log.warn({ err: result.error }, 'readiness check failed: the database does not take writes');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send({ status: 'unavailable', message: 'The database does not take writes at the moment' });
    },
  );
}
