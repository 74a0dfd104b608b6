import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inboxMessageSchema,
  inboxQuerySchema,
  inboxSignupSchema,
  messageReadSchema,
} from '../../../domain/inbox.js';
import { errorResponses, idParams, totalCountHeader } from '../../http/route-schemas.js';
import type { InboxService } from './service.js';

/**
 * The admin's inbox (decision 0023): lists answer an array, with x-total-count (and
 * x-unread-count).
 */
export function inboxRoutes(fastify: FastifyInstance, inbox: InboxService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { audience: 'admin' } as const;
  const tags = ['inbox'];

  app.get(
    '/api/admin/messages',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Contact messages, newest first: a page, searched by e-mail',
        querystring: inboxQuerySchema,
        response: {
          200: z.array(inboxMessageSchema).meta({
            headers: {
              ...totalCountHeader,
              'x-unread-count': { type: 'integer', description: 'Unread messages among the matches.' },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { items, total, unread } = await inbox.messages(request.query);
      reply.header('x-total-count', String(total)).header('x-unread-count', String(unread));
      return items;
    },
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mark a message read or unread',
        params: idParams,
        body: messageReadSchema,
        response: { 200: inboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => inbox.markRead(request.params.id, request.body.read),
  );

  app.get(
    '/api/admin/newsletter-signups',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Newsletter sign-ups, newest first, with their Klaviyo state: a page, searched by e-mail',
        querystring: inboxQuerySchema,
        response: { 200: z.array(inboxSignupSchema).meta({ headers: totalCountHeader }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { items, total } = await inbox.signups(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
}
