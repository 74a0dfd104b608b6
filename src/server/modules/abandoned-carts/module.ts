import { defineModule } from '../shop-module.js';
import { abandonedCartRoutes } from './routes.js';
import { createAbandonedCartService, reminderJob } from './service.js';

/** Saved carts and their reminder e-mail (decision 0016). */
export const abandonedCartsModule = defineModule('abandoned-carts', (app, context) => {
  const { config, database } = context;
  const abandonedCarts = createAbandonedCartService({
    db: database.db,
    catalog: app.catalog,
    sessions: app.sessions,
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: config.publicUrl,
    ...config.abandonedCart,
    // The reminder's signed unsubscribe link (decision 0042).
    unsubscribeUrl: (email) => app.consent.unsubscribeUrl(email),
  });
  app.jobs.handle(reminderJob, abandonedCarts.sendReminder);
  abandonedCartRoutes(app, abandonedCarts);
});
