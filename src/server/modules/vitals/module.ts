import { defineModule } from '../shop-module.js';
import { vitalsRoutes } from './routes.js';
import { createVitalsService } from './service.js';

/** Real-user Web Vitals (decision 0072): the browser's reports, and the admin's report of them. */
export const vitalsModule = defineModule('vitals', (app, { config, database }) => {
  vitalsRoutes(app, createVitalsService({ db: database.db }), { enabled: config.vitalsSampleRate > 0 });
});
