import { observed } from '../../observability/outside-services.js';
import { defineModule } from '../shop-module.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestProcessor, type TestProcessor } from './test-processor.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where payments and refunds go: Stripe or the test processor (tests stand in for its faults). */
    paymentProvider: PaymentProvider;
    /** The provider's own parts: Stripe's client (webhooks), or the test processor (test cards). */
    payments: {
      stripe?: ReturnType<typeof createStripeProvider> | undefined;
      testProcessor?: TestProcessor | undefined;
    };
  }
}

/**
 * The payment provider boundary (decision 0013): Stripe when its keys are set, else the built-in
 * test processor, behind one interface.
 */
export const paymentsModule = defineModule('payments', (app, { config, database, stripeClient }) => {
  const stripe = config.stripe ? createStripeProvider(config.stripe.secretKey, stripeClient) : undefined;
  const testProcessor = stripe ? undefined : createTestProcessor(database.db);
  const provider: PaymentProvider = stripe ?? testProcessor!;
  // Each call timed and counted when metrics are read, and traced when traces are sent (decisions
  // 0073, 0074).
  app.decorate<PaymentProvider>('paymentProvider', observed(provider, 'payment', app.metrics));
  app.decorate('payments', { stripe, testProcessor });
});
