import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  abandonedCartCaptureReplySchema,
  abandonedCartCaptureSchema,
  abandonedCartTokenQuery,
  restoredCartSchema,
} from '../../../domain/abandoned-cart-schemas.js';
import { requireViewer } from '../../http/audience.js';
import { errorResponses, noContent } from '../../http/route-schemas.js';
import type { AbandonedCartService } from './service.js';

/** Restore links are 256-bit secrets; the limit stops noise and scanning, per client. */
const RESTORE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/**
 * Answers that concern a token never go into another site's Referer or a shared cache: set before
 * the request is validated, so its refusals carry them too.
 */
function private_(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
  done();
}

export function abandonedCartRoutes(fastify: FastifyInstance, carts: AbandonedCartService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['abandoned carts'];

  app.post(
    '/api/abandoned-cart',
    {
      config: { audience: 'customer', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      preValidation: private_,
      schema: {
        tags,
        summary: "Save the signed-in shopper's cart at checkout, for one reminder e-mail",
        body: abandonedCartCaptureSchema,
        response: { 200: abandonedCartCaptureReplySchema, ...errorResponses },
      },
    },
    async (request) => carts.capture(await requireViewer(request), request.body),
  );

  app.get(
    '/api/abandoned-cart',
    {
      config: { audience: 'anonymous', rateLimit: RESTORE_LIMIT },
      preValidation: private_,
      schema: {
        tags,
        summary: 'Restore a cart from its reminder link (once), and sign its owner in',
        querystring: abandonedCartTokenQuery,
        response: { 200: restoredCartSchema, ...errorResponses },
      },
    },
    async (request) => carts.restore(request.query.token, request.headers['user-agent']),
  );

  app.delete(
    '/api/abandoned-cart',
    {
      config: { audience: 'anonymous', rateLimit: RESTORE_LIMIT },
      preValidation: private_,
      schema: {
        tags,
        summary: 'Forget a saved cart (after an order, or when the shopper empties it)',
        querystring: abandonedCartTokenQuery,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await carts.remove(request.query.token);
      return reply.status(204).send();
    },
  );
}
