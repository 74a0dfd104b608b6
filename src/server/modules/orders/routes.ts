import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ORDER_STATUSES,
  orderAddressUpdateSchema,
  orderStatusUpdateSchema,
  refundRequestSchema,
} from '../../../domain/orders.js';
import { idField } from '../../http/ids.js';
import { requireViewer } from '../../http/audience.js';
import { parseOr400 } from '../../http/errors.js';
import type { OrdersService } from './service.js';

const idParams = z.object({ id: idField });
const productParams = z.object({ productId: idField });
const listQuery = z.object({
  status: z
    .enum(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}.` })
    .optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export function orderRoutes(app: FastifyInstance, orders: OrdersService): void {
  const customer = { audience: 'customer' } as const;
  const admin = { audience: 'admin' } as const;

  app.get('/api/orders', { config: admin }, async (request, reply) => {
    const query = parseOr400(listQuery, request.query);
    const { orders: page, total } = await orders.list(query);
    reply.header('x-total-count', String(total));
    return page;
  });

  app.get('/api/orders/in-progress-count/:productId', { config: admin }, async (request) => {
    const { productId } = parseOr400(productParams, request.params);
    return orders.inProgressCount(productId);
  });

  app.get('/api/orders/:id', { config: customer }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return orders.get(await requireViewer(request), id);
  });

  app.patch('/api/orders/:id', { config: customer }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const address = parseOr400(orderAddressUpdateSchema, request.body);
    return orders.updateAddress(await requireViewer(request), id, address);
  });

  app.post('/api/orders/:id/cancel', { config: customer }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return orders.cancel(await requireViewer(request), id);
  });

  app.patch('/api/orders/:id/status', { config: admin }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const update = parseOr400(orderStatusUpdateSchema, request.body);
    return orders.setStatus(id, update, (await requireViewer(request)).id);
  });

  // Issue 17: what happened to the order, and who did it.
  app.get('/api/orders/:id/timeline', { config: admin }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return orders.timeline(id);
  });

  // Issue 16: money back through the payment provider; answers the order with its refunds.
  app.post('/api/orders/:id/refunds', { config: admin }, async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const { amount, reason } = parseOr400(refundRequestSchema, request.body);
    const { order, created } = await orders.refund(
      id,
      { amountCents: amount, reason },
      (await requireViewer(request)).id,
    );
    reply.status(created ? 201 : 200);
    return order;
  });
}
