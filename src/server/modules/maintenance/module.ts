import { defineModule } from '../shop-module.js';
import { HOUSEKEEPING_JOB, housekeepingHandler, scheduleHousekeeping } from './housekeeping.js';

/** Daily pruning of records that have done their work (src/domain/retention.ts). */
export const maintenanceModule = defineModule('maintenance', (app, { config, database, jobHandlers }) => {
  jobHandlers[HOUSEKEEPING_JOB] = housekeepingHandler(database.db, app.log, config.orderRetentionYears);
  app.addHook('onReady', async () => scheduleHousekeeping(database.db));
});
