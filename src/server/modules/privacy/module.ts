import { defineModule } from '../shop-module.js';
import { createErasure, farewellCleanupHandler, farewellCleanupJob, type Erasure } from './erasure.js';
import { createDataExport } from './export.js';
import { klaviyoDeleteJob, klaviyoDeletionHandler } from './klaviyo-deletion.js';
import { privacyRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deleting an account, by its owner or an admin (decision 0043). */
    erasure: Erasure;
  }
}

/**
 * A customer's data rights (decision 0043): the export and the erasure, with the Klaviyo deletion
 * and the farewell clean-up jobs. Loaded before users, whose service deletes through the erasure.
 */
export const privacyModule = defineModule('privacy', (app, context) => {
  const { config, database, klaviyoFetch } = context;
  if (config.klaviyoList) {
    app.jobs.handle(
      klaviyoDeleteJob,
      klaviyoDeletionHandler(database.db, config.klaviyoList.privateKey, klaviyoFetch),
    );
  }
  app.jobs.handle(farewellCleanupJob, farewellCleanupHandler(database.db));
  app.decorate(
    'erasure',
    createErasure({
      db: database.db,
      mailer: app.mailer,
      jobRunner: app.jobs,
      klaviyo: Boolean(config.klaviyoList),
      retentionYears: config.orderRetentionYears,
      contactEmail: config.contactEmail,
    }),
  );
  privacyRoutes(app, createDataExport(database.db), () => app.users);
});
