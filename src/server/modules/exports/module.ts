import { defineModule } from '../shop-module.js';
import { exportRoutes } from './routes.js';
import { createExportsService } from './service.js';

/** The admin's CSV exports (formula-safe cells, domain/csv.ts). */
export const exportsModule = defineModule('exports', (app, { database }) => {
  exportRoutes(app, createExportsService(database.db));
});
