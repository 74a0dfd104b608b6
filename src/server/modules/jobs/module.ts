import type { FastifyInstance } from 'fastify';
import { defineModule } from '../shop-module.js';
import { createJobRunner, type JobRunner } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job runner (tests run due jobs through it). */
    jobs: JobRunner;
  }
}

/**
 * The one background engine (decision 0025): jobs rows (reminders, refunds, Klaviyo calls), whose
 * handlers the modules loaded after it add with `app.jobs.handle` (typed payloads, decision 0047), and the mailer's delivery of the outbox.
 */
export const jobsModule = defineModule('jobs', (app: FastifyInstance, { config, database }) => {
  const jobs = createJobRunner({ db: database.db, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start(config.jobsPollMs));
  app.addHook('onClose', async () => jobs.stop());
});
