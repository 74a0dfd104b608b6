import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConflictError, PaymentRequiredError } from '../../../domain/errors.js';
import { orderSchema } from '../../../domain/orders.js';
import {
  adminSubscriptionDetailSchema,
  adminSubscriptionListSchema,
  adminSubscriptionsQuerySchema,
  authenticationAnswerSchema,
  cancelSubscriptionSchema,
  cardSetupReplySchema,
  cardUpdateReplySchema,
  pauseSubscriptionSchema,
  subscriptionListSchema,
  subscriptionSchema,
  updateCardSchema,
  updateSubscriptionSchema,
} from '../../../domain/subscription-schemas.js';
import { requireViewer } from '../../http/audience.js';
import { errorReplySchema, errorResponses, idParams } from '../../http/route-schemas.js';
import type { AdminSubscriptions } from './admin-service.js';
import type { SubscriptionCards } from './card.js';
import type { SubscriptionsService } from './service.js';

const tags = ['subscriptions'];

/**
 * The signed-in customer's subscriptions (decision 0056) and the admin's (decision 0057): the list,
 * one whole with its history and renewal attempts, pause and cancel for the customer. A customer only
 * ever reaches their own: another account's id answers 404 like a missing one.
 */
export function subscriptionRoutes(
  fastify: FastifyInstance,
  subscriptions: SubscriptionsService,
  adminSubscriptions: AdminSubscriptions,
  cards: SubscriptionCards,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customer = { audience: 'customer' } as const;
  const admin = { audience: 'admin' } as const;
  const one = { 200: subscriptionSchema, ...errorResponses };

  app.get(
    '/api/subscriptions',
    {
      config: customer,
      schema: {
        tags,
        summary: "The caller's subscriptions, newest first",
        response: { 200: subscriptionListSchema, ...errorResponses },
      },
    },
    async (request) => subscriptions.list((await requireViewer(request)).id),
  );

  app.get(
    '/api/subscriptions/:id',
    {
      config: customer,
      schema: { tags, summary: 'One of the caller’s subscriptions', params: idParams, response: one },
    },
    async (request) => subscriptions.get((await requireViewer(request)).id, request.params.id),
  );

  app.patch(
    '/api/subscriptions/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Change the interval, the items (a flavour within its category) or the address',
        params: idParams,
        body: updateSubscriptionSchema,
        response: one,
      },
    },
    async (request) =>
      subscriptions.update((await requireViewer(request)).id, request.params.id, request.body),
  );

  app.post(
    '/api/subscriptions/:id/skip',
    {
      config: customer,
      schema: { tags, summary: 'Skip the next delivery', params: idParams, response: one },
    },
    async (request) => subscriptions.skip((await requireViewer(request)).id, request.params.id),
  );

  app.post(
    '/api/subscriptions/:id/pause',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Pause until a day (YYYY-MM-DD, it orders again that day) or, without one, until resumed',
        params: idParams,
        body: pauseSubscriptionSchema,
        response: one,
      },
    },
    async (request) =>
      subscriptions.pause(
        { owner: (await requireViewer(request)).id },
        request.params.id,
        request.body.until,
      ),
  );

  app.post(
    '/api/subscriptions/:id/resume',
    {
      config: customer,
      schema: { tags, summary: 'Resume a paused subscription', params: idParams, response: one },
    },
    async (request) => subscriptions.resume((await requireViewer(request)).id, request.params.id),
  );

  app.post(
    '/api/subscriptions/:id/cancel',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Cancel, with an optional reason',
        params: idParams,
        body: cancelSubscriptionSchema,
        response: one,
      },
    },
    async (request) =>
      subscriptions.cancel(
        { owner: (await requireViewer(request)).id },
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/subscriptions/:id/order-now',
    {
      config: { ...customer, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Order the next delivery now, at today’s prices: answers its order',
        description:
          'A repeat within 10 minutes answers the same order (200). 402 when the saved card is declined, ' +
          'or `type: requires_action` with the payment the customer confirms with their bank at the page ' +
          '(Stripe.js, or POST /api/payments/test/authenticate); 409 when everything is sold out.',
        params: idParams,
        response: {
          200: orderSchema,
          201: orderSchema,
          402: authenticationAnswerSchema.or(errorReplySchema),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const outcome = await subscriptions.orderNow((await requireViewer(request)).id, request.params.id);
      if (outcome.type === 'ordered') {
        reply.status(outcome.created ? 201 : 200);
        return outcome.order;
      }
      if (outcome.type === 'requires_action' && outcome.intentId) {
        return reply.status(402).send(await cards.authentication(outcome.intentId, outcome.message));
      }
      if (outcome.type === 'declined' || outcome.type === 'requires_action') {
        throw new PaymentRequiredError(outcome.message);
      }
      throw new ConflictError(outcome.type === 'waiting' ? outcome.message : 'Nothing to order.');
    },
  );

  app.post(
    '/api/subscriptions/:id/card',
    {
      config: { ...customer, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Update the card: a renewal waiting on it (declined, past due) is tried again at once',
        description:
          'Test processor: `card` (a test card). Stripe: `setup_intent_id`, the SetupIntent of ' +
          'POST /api/subscriptions/{id}/card-setup once Stripe.js confirmed it. 402 when the test card is declined.',
        params: idParams,
        body: updateCardSchema,
        response: { 200: cardUpdateReplySchema, ...errorResponses },
      },
    },
    async (request) => cards.update((await requireViewer(request)).id, request.params.id, request.body),
  );

  app.post(
    '/api/subscriptions/:id/card-setup',
    {
      config: { ...customer, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Stripe: a SetupIntent for a new card, its secret for Stripe's Payment Element",
        description: '`client_secret: null` with the test processor, which takes the test card itself.',
        params: idParams,
        response: { 200: cardSetupReplySchema, ...errorResponses },
      },
    },
    async (request) => cards.setup((await requireViewer(request)).id, request.params.id),
  );

  app.get(
    '/api/admin/subscriptions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every subscription, newest first: filtered by status, searched by e-mail',
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionListSchema, ...errorResponses },
      },
    },
    async (request) => subscriptions.adminList(request.query),
  );

  const adminOne = { 200: adminSubscriptionDetailSchema, ...errorResponses };

  app.get(
    '/api/admin/subscriptions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One subscription with its history (oldest first) and renewal attempts (newest first)',
        params: idParams,
        response: adminOne,
      },
    },
    async (request) => adminSubscriptions.detail(request.params.id),
  );

  app.post(
    '/api/admin/subscriptions/:id/pause',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Pause for the customer, until a day (YYYY-MM-DD) or until resumed; the history names the admin',
        params: idParams,
        body: pauseSubscriptionSchema,
        response: adminOne,
      },
    },
    async (request) =>
      adminSubscriptions.pause((await requireViewer(request)).id, request.params.id, request.body.until),
  );

  app.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cancel for the customer, with an optional reason; the history names the admin',
        params: idParams,
        body: cancelSubscriptionSchema,
        response: adminOne,
      },
    },
    async (request) =>
      adminSubscriptions.cancel((await requireViewer(request)).id, request.params.id, request.body.reason),
  );
}
