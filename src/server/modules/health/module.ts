import { defineModule } from '../shop-module.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule('health', (app, { database, databaseFailures }) => {
  healthRoutes(app, database, { onReady: () => databaseFailures.recovered() });
});
