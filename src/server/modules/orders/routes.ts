import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderTimelineSchema } from '../../../domain/fulfilment-schemas.js';
import {
  ORDER_STATUSES,
  orderAddressUpdateSchema,
  orderSchema,
  orderStatusUpdateSchema,
  refundRequestSchema,
} from '../../../domain/orders.js';
import { idField } from '../../http/ids.js';
import { requireViewer } from '../../http/audience.js';
import { errorResponses, idParams, totalCountHeader } from '../../http/route-schemas.js';
import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteOf,
  receiptOf,
  type BusinessIdentity,
} from '../../../domain/receipt.js';
import { NotFoundError } from '../../../domain/errors.js';
import { creditNotePdf, receiptPdf } from './receipt-pdf.js';
import type { OrdersService } from './service.js';

const productParams = z.object({ productId: idField });
const creditNoteParams = z.object({ id: idField, refundId: idField });
const listQuery = z.object({
  status: z
    .enum(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}.` })
    .optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /api/orders/in-progress-count/:productId (admin only; the dashboard's product dialog). */
const inProgressCountSchema = z.object({
  /** orders In Progress with the product */
  count: z.number().int(),
  /** units of it in those orders */
  quantity: z.number(),
  /** units in paid orders not shipped yet (Pending or In Progress) */
  ordered: z.number(),
  /** units held by checkouts being paid */
  reserved: z.number(),
});

const tags = ['orders'];

/** `business`: who issues the receipts (decision 0069). */
export function orderRoutes(
  fastify: FastifyInstance,
  orders: OrdersService,
  business: BusinessIdentity,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customer = { audience: 'customer' } as const;
  const admin = { audience: 'admin' } as const;
  const oneOrder = { 200: orderSchema, ...errorResponses };

  app.get(
    '/api/orders',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every order, newest first: a page, filtered by status and searched',
        querystring: listQuery,
        response: { 200: z.array(orderSchema).meta({ headers: totalCountHeader }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { orders: page, total } = await orders.list(request.query);
      reply.header('x-total-count', String(total));
      return page;
    },
  );

  app.get(
    '/api/orders/in-progress-count/:productId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'How many of a product sit in orders being prepared, and in checkouts being paid',
        params: productParams,
        response: { 200: inProgressCountSchema, ...errorResponses },
      },
    },
    async (request) => orders.inProgressCount(request.params.productId),
  );

  app.get(
    '/api/orders/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'One order: customers their own, admins any',
        params: idParams,
        response: oneOrder,
      },
    },
    async (request) => orders.get(await requireViewer(request), request.params.id),
  );

  app.get(
    '/api/orders/:id/receipt.pdf',
    {
      config: customer,
      schema: {
        tags,
        summary: "The order's receipt as a PDF: customers their own, admins any (decision 0069)",
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('A PDF file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const pdf = await receiptPdf(
        receiptOf(await orders.get(await requireViewer(request), request.params.id), business),
      );
      // Bytes, past the serializer (the schema above documents the file).
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `inline; filename="northbite-receipt-${request.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/orders/:id/refunds/:refundId/credit-note.pdf',
    {
      config: customer,
      schema: {
        tags,
        summary: "A refund's credit note as a PDF: customers their own, admins any (decision 0070)",
        params: creditNoteParams,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('A PDF file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const order = await orders.get(await requireViewer(request), request.params.id);
      const note = creditNoteOf(order, request.params.refundId, business);
      if (!note) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `inline; filename="northbite-credit-note-${note.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await creditNotePdf(note));
    },
  );

  app.patch(
    '/api/orders/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Change the shipping address (while the order is Pending or In Progress)',
        params: idParams,
        body: orderAddressUpdateSchema,
        response: oneOrder,
      },
    },
    async (request) => orders.updateAddress(await requireViewer(request), request.params.id, request.body),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Cancel an order (customers: while it is Pending); a paid one is refunded',
        params: idParams,
        response: oneOrder,
      },
    },
    async (request) => orders.cancel(await requireViewer(request), request.params.id),
  );

  app.patch(
    '/api/orders/:id/status',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the status, the paid flag, the carrier and the tracking number',
        params: idParams,
        body: orderStatusUpdateSchema,
        response: oneOrder,
      },
    },
    async (request) => orders.setStatus(request.params.id, request.body, (await requireViewer(request)).id),
  );

  // Decision 0023: what happened to the order, and who did it.
  app.get(
    '/api/orders/:id/timeline',
    {
      config: admin,
      schema: {
        tags,
        summary: 'What happened to the order and who did it, oldest first',
        params: idParams,
        response: { 200: orderTimelineSchema, ...errorResponses },
      },
    },
    async (request) => orders.timeline(request.params.id),
  );

  // Decision 0022: money back through the payment provider; answers the order with its refunds.
  app.post(
    '/api/orders/:id/refunds',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Refund part or all of the payment through the provider, by amount or by line',
        description: '201 when the refund is new, 200 when the same refund was asked for already.',
        params: idParams,
        body: refundRequestSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { amount, lines, shipping, reason } = request.body;
      const { order, created } = await orders.refund(
        request.params.id,
        {
          amountCents: amount ?? null,
          ...(amount === undefined
            ? {
                lines: {
                  lines: (lines ?? []).map((line) => ({ itemId: line.item_id, quantity: line.quantity })),
                  shipping: shipping ?? false,
                },
              }
            : {}),
          reason,
        },
        (await requireViewer(request)).id,
      );
      reply.status(created ? 201 : 200);
      return order;
    },
  );
}
