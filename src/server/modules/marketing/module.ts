import { defineModule } from '../shop-module.js';
import { klaviyoSubscribeHandler, klaviyoSubscribeJob } from './klaviyo.js';
import { createReviewsService } from './reviews.js';
import { marketingRoutes } from './routes.js';
import { createMarketingService } from './service.js';

/** The newsletter, the contact form and the home page's reviews. */
export const marketingModule = defineModule('marketing', (app, context) => {
  const { config, database, klaviyoFetch, reviewsFetch } = context;
  if (config.klaviyoList) {
    app.jobs.handle(klaviyoSubscribeJob, klaviyoSubscribeHandler(config.klaviyoList, klaviyoFetch));
  }
  const marketing = createMarketingService({
    db: database.db,
    mailer: app.mailer,
    contactEmail: config.contactEmail,
    publicUrl: config.publicUrl,
    consent: app.consent,
  });
  const reviews = createReviewsService({
    db: database.db,
    log: app.log,
    places: config.googlePlaces,
    ...(reviewsFetch ? { fetch: reviewsFetch } : {}),
  });
  marketingRoutes(app, marketing, reviews);
});
