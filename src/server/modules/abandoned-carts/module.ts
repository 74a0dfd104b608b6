import { defineModule } from '../shop-module.js';
import { abandonedCartRoutes } from './routes.js';
import { createAbandonedCartService, REMINDER_JOB } from './service.js';

/** Saved carts and their reminder e-mail (decision 0016). */
export const abandonedCartsModule = defineModule('abandoned-carts', (app, context) => {
  const { config, database, jobHandlers } = context;
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
  jobHandlers[REMINDER_JOB] = abandonedCarts.sendReminder;
  abandonedCartRoutes(app, abandonedCarts);
});
