import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';

const PING_TIMEOUT_MS = 2_000;

/** 200 only when the database answers; load balancers take the instance out otherwise. */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/api/health', { config: { audience: 'anonymous' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.lifecycle.draining) {
      return reply.status(503).send({ status: 'draining', message: 'This instance is shutting down' });
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'Database is not answering' });
    } finally {
      clearTimeout(timer);
    }
  });
}
