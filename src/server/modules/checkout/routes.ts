import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  createOrderSchema,
  createPaymentIntentSchema,
  testAuthenticateSchema,
  testCardConfirmSchema,
} from '../../../domain/checkout.js';
import { orderSchema } from '../../../domain/orders.js';
import {
  CONFIRM_ANSWER_STATUS,
  confirmAnswerSchema,
  paymentIntentReplySchema,
} from '../../../domain/payments.js';
import { requireViewer } from '../../http/audience.js';
import { HttpError } from '../../http/errors.js';
import { errorReplySchema, errorResponses } from '../../http/route-schemas.js';
import { rawBody } from '../../http/validation.js';
import { renewalOfMetadata } from '../subscriptions/renewal-payment.js';
import type { CheckoutService } from './service.js';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  /** The built-in test processor is the provider: its card confirmation is served. */
  testCards: boolean;
  /** Present with Stripe: verifies webhook signatures on the raw body. */
  stripeWebhook?: { client: Stripe; secret: string };
}

/** Card attempts per client: enough for a few typos, not for testing stolen card numbers. */
const CONFIRM_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/** What Stripe posts: an event, signed over its exact bytes (read raw, never parsed before the check). */
const stripeEventSchema = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .describe('A Stripe event, signed in the Stripe-Signature header over the exact bytes sent.');

const tags = ['checkout'];

/** The checkout's calls (docs/product.md, Checkout and payment; decision 0045). */
export function checkoutRoutes(
  fastify: FastifyInstance,
  { checkout, testCards, stripeWebhook }: CheckoutRoutesOptions,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customer = { audience: 'customer' } as const;

  app.post(
    '/api/payments/create-payment-intent',
    {
      config: { ...customer, rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Price the cart on the server and open (or reuse) its payment intent',
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentReplySchema, ...errorResponses },
      },
    },
    async (request) => checkout.createIntent(await requireViewer(request), request.body, request.ip),
  );

  app.post(
    '/api/orders',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Place the order of a paid payment intent (201 new, 200 when it exists already)',
        description:
          "Only the payment intent decides: the other fields of the spec's body are accepted and ignored.",
        body: createOrderSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { order, created } = await checkout.orderOf(
        await requireViewer(request),
        request.body.payment_intent_id,
      );
      reply.status(created ? 201 : 200);
      return order;
    },
  );

  if (testCards) {
    app.post(
      '/api/payments/test/confirm',
      {
        config: { ...customer, rateLimit: CONFIRM_LIMIT },
        schema: {
          tags,
          summary: "Pay an intent with one of Stripe's test cards (only without Stripe keys)",
          description:
            'Answers the order the payment became (200, `type: order`), or why nothing was charged: ' +
            '402 `declined`, 409 `expired` (price the cart again) or 409 `retry` (review the cart).',
          body: testCardConfirmSchema,
          response: {
            200: confirmAnswerSchema,
            // Refusals carry their type; other 4xx are the usual { message } (errorResponses).
            402: confirmAnswerSchema.or(errorReplySchema),
            409: confirmAnswerSchema.or(errorReplySchema),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { client_secret, card } = request.body;
        const answer = await checkout.confirmCard(await requireViewer(request), client_secret, card);
        return reply.status(CONFIRM_ANSWER_STATUS[answer.type]).send(answer);
      },
    );
  }

  if (testCards) {
    app.post(
      '/api/payments/test/authenticate',
      {
        config: { ...customer, rateLimit: CONFIRM_LIMIT },
        schema: {
          tags,
          summary: "The test bank's confirmation of a renewal the customer's bank asked them to confirm",
          description:
            'The client secret of "Order now"\'s `requires_action` answer; the saved card pays. Answers ' +
            'the order (200, `type: order`), or 409 `retry` when that payment can no longer be confirmed.',
          body: testAuthenticateSchema,
          response: {
            200: confirmAnswerSchema,
            409: confirmAnswerSchema.or(errorReplySchema),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const answer = await checkout.authenticateRenewal(
          await requireViewer(request),
          request.body.client_secret,
        );
        return reply.status(CONFIRM_ANSWER_STATUS[answer.type]).send(answer);
      },
    );
  }

  // Stripe signs the exact bytes it sent: this route keeps the body raw (its own content parser).
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook',
      {
        config: { audience: 'anonymous' },
        schema: {
          tags,
          summary: "Stripe's payment events (404 when Stripe is not configured)",
          consumes: ['application/json'],
          body: rawBody(stripeEventSchema),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        if (!stripeWebhook) throw new HttpError(404, 'Webhooks are not configured.');
        const signature = request.headers['stripe-signature'];
        const body: unknown = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
          throw new HttpError(400, 'Missing Stripe signature.');
        }
        let event: Stripe.Event;
        try {
          event = stripeWebhook.client.webhooks.constructEvent(body, signature, stripeWebhook.secret);
        } catch {
          throw new HttpError(400, 'Invalid Stripe signature.');
        }
        const intent = event.type.startsWith('payment_intent.')
          ? (event.data.object as Stripe.PaymentIntent)
          : undefined;
        const renewal = renewalOfMetadata(intent?.metadata);
        const result = await checkout.handleEvent({
          id: event.id,
          type: event.type,
          ...(intent ? { intentId: intent.id, amountReceivedCents: intent.amount_received } : {}),
          ...(renewal ? { renewal } : {}),
        });
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
}
