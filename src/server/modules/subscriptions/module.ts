import { defineModule } from '../shop-module.js';
import { createAdminSubscriptions } from './admin-service.js';
import { createSubscriptionCards } from './card.js';
import { createSubscriptionNotices } from './notices.js';
import { createRenewals, type Renewals } from './renewals.js';
import { subscriptionRoutes } from './routes.js';
import { createSubscriptionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The renewal engine (tests run due renewals through it with a clock of their own). */
    renewals: Renewals;
  }
}

/**
 * Subscribe and save (decision 0056): the customer's subscriptions, the admin's (decision 0057), and
 * the renewals, run every minute on every instance (each attempt is exactly once, whoever runs it),
 * and the customer's e-mails about them (notices.ts).
 */
export const subscriptionsModule = defineModule('subscriptions', (app, { config, database }) => {
  const notices = createSubscriptionNotices({
    db: database.db,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    pricing: config.pricing,
  });
  const renewals = createRenewals({
    db: database.db,
    provider: app.paymentProvider,
    placeOrder: app.placeOrder,
    pricing: config.pricing,
    notices,
  });
  app.decorate('renewals', renewals);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= renewals
      .runDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'a subscription renewal pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (config.reconcileIntervalMs > 0) timer = setInterval(pass, config.reconcileIntervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  const subscriptions = createSubscriptionsService(database.db, renewals, notices, config.pricing);
  const cards = createSubscriptionCards({
    db: database.db,
    provider: app.paymentProvider,
    testProcessor: app.payments.testProcessor,
    renewals,
    subscriptions,
  });
  subscriptionRoutes(app, subscriptions, createAdminSubscriptions(database.db, subscriptions), cards);
});
