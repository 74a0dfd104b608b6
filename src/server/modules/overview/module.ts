import { defineModule } from '../shop-module.js';
import { overviewRoutes } from './routes.js';
import { createOverviewService } from './service.js';

/** The admin's Overview tab: sales, stock held, GST by month. */
export const overviewModule = defineModule('overview', (app, { database }) => {
  overviewRoutes(app, createOverviewService(database.db));
});
