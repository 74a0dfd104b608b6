import { defineModule } from '../shop-module.js';
import { housekeepingHandler, housekeepingJob, scheduleHousekeeping } from './housekeeping.js';

/** Daily pruning of records that have done their work (src/domain/retention.ts). */
export const maintenanceModule = defineModule('maintenance', (app, { config, database }) => {
  app.jobs.handle(housekeepingJob, housekeepingHandler(database.db, app.log, config.orderRetentionYears));
  app.addHook('onReady', async () => scheduleHousekeeping(database.db));
});
