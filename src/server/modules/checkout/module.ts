import { databaseFailureKind } from '../../db/errors.js';
import { defineModule } from '../shop-module.js';
import { createPlaceOrder, type PlaceOrder } from './place-order.js';
import { createReconciler, type Reconciler } from './reconcile.js';
import { checkoutRoutes } from './routes.js';
import { savingTheCard } from './saved-card.js';
import { createCheckoutService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sweep that makes orders of paid intents that have none (tests run it directly). */
    reconciler: Reconciler;
    /** The one way an order comes to be (checkout/place-order.ts); subscriptions' renewals use it. */
    placeOrder: PlaceOrder;
  }
}

/**
 * From a priced cart to its order (decision 0045): the intent, the confirmation, the webhook, the
 * browser's POST /api/orders and the reconciler, all through one `placeOrder`.
 */
export const checkoutModule = defineModule('checkout', (app, { config, database, databaseFailures }) => {
  const provider = app.paymentProvider;
  const { stripe, testProcessor } = app.payments;
  const placeOrderOnly = createPlaceOrder(database.db, app.mailer, {
    alertEmail: config.orderAlertEmail,
    publicUrl: config.publicUrl,
  });
  // Stripe saves a subscription's card when its payment succeeds: every path to the order records
  // it first (checkout/saved-card.ts). The test processor records it when it confirms the card.
  const placeOrder =
    provider.name === 'test' ? placeOrderOnly : savingTheCard(database.db, provider, placeOrderOnly);
  app.decorate('placeOrder', placeOrder);
  const checkout = createCheckoutService({
    db: database.db,
    provider,
    testProcessor,
    placeOrder,
    pricing: config.pricing,
    paymentTtlMinutes: config.paymentTtlMinutes,
    holdLimits: config.holdLimits,
  });
  // Paid intents without an order become orders: at start-up, then every minute (checkout/reconcile.ts).
  const reconciler = createReconciler({
    db: database.db,
    provider,
    placeOrder,
    onError: (error, intentId) =>
      app.log.error({ err: error, intentId }, 'reconciling a payment failed: will ask again later'),
    onPass: (result, first) => {
      app.metrics?.reconciled(result);
      if (result.created > 0) {
        app.log.warn(result, 'reconciliation created orders for paid payments that had none');
      } else if (first) {
        app.log.info(result, 'start-up reconciliation finished');
      }
    },
    onPassFailed: (error) =>
      databaseFailures.failure(databaseFailureKind(error), error, 'reconciliation round failed'),
  });
  app.decorate('reconciler', reconciler);
  app.addHook('onReady', async () => reconciler.start(config.reconcileIntervalMs));
  app.addHook('onClose', async () => reconciler.stop());
  checkoutRoutes(app, {
    checkout,
    testCards: testProcessor !== undefined,
    ...(stripe && config.stripe?.webhookSecret
      ? { stripeWebhook: { client: stripe.client, secret: config.stripe.webhookSecret } }
      : {}),
  });
});
