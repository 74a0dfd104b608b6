import { defineModule } from '../shop-module.js';
import { orderRoutes } from './routes.js';
import { refundJob } from '../jobs/refund-job.js';
import { reviewRequestHandler, reviewRequestJob } from './review-request.js';
import { createOrdersService, type OrdersService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders once they exist: reading, status changes, cancellations, refunds. */
    orders: OrdersService;
  }
}

export const ordersModule = defineModule('orders', (app, { config, database }) => {
  const orders = createOrdersService(database.db, app.mailer, {
    provider: app.paymentProvider,
    publicUrl: config.publicUrl,
    shippingArea: config.pricing.shippingArea,
    onRefundDeferred: (error, orderId) =>
      app.log.error({ err: error, orderId }, 'refund failed: the refund job will send it again'),
  });
  app.decorate('orders', orders);
  // A refund whose sending at once failed (orders/refunds.ts): sent again by its key, refunded once.
  app.jobs.handle(refundJob, async ({ idempotencyKey }) => orders.sendRefund(idempotencyKey));
  // The review request a week after delivery (decision 0063).
  app.jobs.handle(reviewRequestJob, reviewRequestHandler(database.db, app.mailer, config.publicUrl));
  orderRoutes(app, orders, config.business);
});
