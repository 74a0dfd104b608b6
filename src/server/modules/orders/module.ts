import { defineModule } from '../shop-module.js';
import { orderRoutes } from './routes.js';
import { createOrdersService, REFUND_JOB, type OrdersService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders once they exist: reading, status changes, cancellations, refunds. */
    orders: OrdersService;
  }
}

export const ordersModule = defineModule('orders', (app, { config, database, jobHandlers }) => {
  const orders = createOrdersService(database.db, app.mailer, {
    provider: app.paymentProvider,
    publicUrl: config.publicUrl,
    onRefundDeferred: (error, orderId) =>
      app.log.error({ err: error, orderId }, 'refund failed: the refund job will send it again'),
  });
  app.decorate('orders', orders);
  // A refund whose sending at once failed (orders/refunds.ts): sent again by its key, refunded once.
  jobHandlers[REFUND_JOB] = async (payload) => orders.sendRefund(String(payload.idempotencyKey));
  orderRoutes(app, orders);
});
