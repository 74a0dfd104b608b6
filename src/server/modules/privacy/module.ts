import { defineModule } from '../shop-module.js';
import { createErasure, FAREWELL_CLEANUP_JOB, farewellCleanupHandler, type Erasure } from './erasure.js';
import { createDataExport } from './export.js';
import { KLAVIYO_DELETE_JOB, klaviyoDeletionHandler } from './klaviyo-deletion.js';
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
  const { config, database, jobHandlers, klaviyoFetch } = context;
  if (config.klaviyoList) {
    jobHandlers[KLAVIYO_DELETE_JOB] = klaviyoDeletionHandler(
      database.db,
      config.klaviyoList.privateKey,
      klaviyoFetch,
    );
  }
  jobHandlers[FAREWELL_CLEANUP_JOB] = farewellCleanupHandler(database.db);
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
