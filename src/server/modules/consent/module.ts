import { defineModule } from '../shop-module.js';
import { klaviyoConsentHandler, klaviyoConsentJob } from './klaviyo-consent.js';
import { consentRoutes } from './routes.js';
import { createConsentService, type ConsentService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marketing consent and unsubscribe links (tests sign links and confirm addresses through it). */
    consent: ConsentService;
  }
}

/** Marketing consent (decision 0042): the record the flags, the newsletter and Klaviyo follow. */
export const consentModule = defineModule('consent', async (app, context) => {
  const { config, database, klaviyoFetch } = context;
  if (config.klaviyoList) {
    app.jobs.handle(klaviyoConsentJob, klaviyoConsentHandler(database.db, config.klaviyoList, klaviyoFetch));
  }
  const consent = createConsentService({
    db: database.db,
    publicUrl: config.publicUrl,
    ...(config.klaviyoList ? { klaviyo: { jobs: app.jobs } } : {}),
  });
  app.decorate('consent', consent);
  await consentRoutes(app, consent);
});
