import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import {
  createOrderSchema,
  createPaymentIntentSchema,
  testCardConfirmSchema,
} from '../../../domain/checkout.js';
import { requireViewer } from '../../http/audience.js';
import { HttpError, parseOr400 } from '../../http/errors.js';
import { PaymentDeclined } from './provider.js';
import type { PaymentsService } from './service.js';
import type { TestProcessor } from './test-processor.js';

export interface PaymentRoutesOptions {
  payments: PaymentsService;
  /** Present when the built-in test processor is the provider. */
  testProcessor?: TestProcessor;
  /** Present with Stripe: verifies webhook signatures on the raw body. */
  stripeWebhook?: { client: Stripe; secret: string };
}

/** Card attempts per client: enough for a few typos, not for testing stolen card numbers. */
const CONFIRM_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

export function paymentRoutes(
  app: FastifyInstance,
  { payments, testProcessor, stripeWebhook }: PaymentRoutesOptions,
): void {
  const customer = { audience: 'customer' } as const;

  app.post(
    '/api/payments/create-payment-intent',
    { config: { ...customer, rateLimit: { max: 60, timeWindow: '15 minutes' } } },
    async (request) => {
      const input = parseOr400(createPaymentIntentSchema, request.body);
      return payments.createIntent(await requireViewer(request), input);
    },
  );

  app.post('/api/orders', { config: customer }, async (request, reply) => {
    const { payment_intent_id } = parseOr400(createOrderSchema, request.body);
    const { order, created } = await payments.placeOrder(await requireViewer(request), payment_intent_id);
    reply.status(created ? 201 : 200);
    return order;
  });

  if (testProcessor) {
    app.post(
      '/api/payments/test/confirm',
      { config: { ...customer, rateLimit: CONFIRM_LIMIT } },
      async (request, reply) => {
        const { client_secret, card } = parseOr400(testCardConfirmSchema, request.body);
        const viewer = await requireViewer(request);
        let approved: { intentId: string; amountCents: number };
        try {
          approved = await testProcessor.confirm(client_secret, card, viewer.id);
        } catch (error) {
          if (error instanceof PaymentDeclined) return reply.status(402).send({ message: error.message });
          throw error;
        }
        // The card is taken in the order's own transaction (finishPaidIntent marks the intent
        // succeeded there): both commit, or neither does, and the browser may go away at any point.
        await payments.handleEvent({
          id: `evt_test_${approved.intentId}`,
          type: 'payment_intent.succeeded',
          intentId: approved.intentId,
          amountReceivedCents: approved.amountCents,
        });
        return { status: 'succeeded' };
      },
    );
  }

  // Stripe signs the exact bytes it sent: this route keeps the body raw (its own content parser).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/payments/webhook', { config: { audience: 'anonymous' } }, async (request) => {
      if (!stripeWebhook) throw new HttpError(404, 'Webhooks are not configured.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, 'Missing Stripe signature.');
      }
      let event: Stripe.Event;
      try {
        event = stripeWebhook.client.webhooks.constructEvent(request.body, signature, stripeWebhook.secret);
      } catch {
        throw new HttpError(400, 'Invalid Stripe signature.');
      }
      const intent = event.type.startsWith('payment_intent.')
        ? (event.data.object as Stripe.PaymentIntent)
        : undefined;
      const result = await payments.handleEvent({
        id: event.id,
        type: event.type,
        ...(intent ? { intentId: intent.id, amountReceivedCents: intent.amount_received } : {}),
      });
      return { received: true, duplicate: result.duplicate };
    });
  });
}
