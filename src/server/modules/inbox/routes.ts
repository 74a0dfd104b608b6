import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inboxQuerySchema, messageReadSchema } from '../../../domain/inbox.js';
import { parseOr400 } from '../../http/errors.js';
import { idField } from '../../http/ids.js';
import type { InboxService } from './service.js';

const idParams = z.object({ id: idField });

/** The admin's inbox (issue 17): lists answer an array, with x-total-count (and x-unread-count). */
export function inboxRoutes(app: FastifyInstance, inbox: InboxService): void {
  const admin = { audience: 'admin' } as const;

  app.get('/api/admin/messages', { config: admin }, async (request, reply) => {
    const { items, total, unread } = await inbox.messages(parseOr400(inboxQuerySchema, request.query));
    reply.header('x-total-count', String(total)).header('x-unread-count', String(unread));
    return items;
  });

  app.patch('/api/admin/messages/:id', { config: admin }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { read } = parseOr400(messageReadSchema, request.body);
    return inbox.markRead(id, read);
  });

  app.get('/api/admin/newsletter-signups', { config: admin }, async (request, reply) => {
    const { items, total } = await inbox.signups(parseOr400(inboxQuerySchema, request.query));
    reply.header('x-total-count', String(total));
    return items;
  });
}
