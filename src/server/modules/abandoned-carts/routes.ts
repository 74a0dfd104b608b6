import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  abandonedCartCaptureSchema,
  abandonedCartTokenQuery,
} from '../../../domain/abandoned-cart-schemas.js';
import { requireViewer } from '../../http/audience.js';
import { parseOr400 } from '../../http/errors.js';
import type { AbandonedCartService } from './service.js';

/** Restore links are 256-bit secrets; the limit stops noise and scanning, per client. */
const RESTORE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/** Answers that concern a token never go into another site's Referer or a shared cache. */
function private_(reply: FastifyReply): void {
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
}

export function abandonedCartRoutes(app: FastifyInstance, carts: AbandonedCartService): void {
  app.post(
    '/api/abandoned-cart',
    { config: { audience: 'customer', rateLimit: { max: 60, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      private_(reply);
      const input = parseOr400(abandonedCartCaptureSchema, request.body);
      return carts.capture(await requireViewer(request), input);
    },
  );

  app.get(
    '/api/abandoned-cart',
    { config: { audience: 'anonymous', rateLimit: RESTORE_LIMIT } },
    async (request, reply) => {
      private_(reply);
      const { token } = parseOr400(abandonedCartTokenQuery, request.query);
      return carts.restore(token, request.headers['user-agent']);
    },
  );

  app.delete(
    '/api/abandoned-cart',
    { config: { audience: 'anonymous', rateLimit: RESTORE_LIMIT } },
    async (request, reply) => {
      private_(reply);
      const { token } = parseOr400(abandonedCartTokenQuery, request.query);
      await carts.remove(token);
      return reply.status(204).send();
    },
  );
}
