/**
 * Builds the Fastify app: the shared wiring (server options, the embedded database's queue, the
 * access check, route schemas and the API document, error handling, security headers, compression,
 * rate limits), then the modules in the order modules/index.ts lists them (each registers its own
 * routes, hooks and job handlers, decision 0045), then the pages. main.ts and the API tests use it.
 */
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppOptions } from './app-options.js';
import { apiDocsRoutes, openApiOptions } from './http/api-docs.js';
import { registerAccessControl } from './http/audience.js';
import { registerHttpBasics } from './http/basics.js';
import { createFairQueue, registerDatabaseQueue } from './http/db-queue.js';
import { notFound, registerErrorHandling } from './http/errors.js';
import { errorResponses } from './http/route-schemas.js';
import { serverOptions } from './http/server-options.js';
import { documentedOnly, registerRouteSchemas } from './http/validation.js';
import { revokeRestoreLinks } from './modules/abandoned-carts/records.js';
import { SHOP_MODULES } from './modules/index.js';
import { createSessionStore } from './modules/users/sessions.js';
import { registerMetrics } from './observability/register-metrics.js';
import { registerPages } from './pages.js';

export type { AppOptions } from './app-options.js';
export { BODY_LIMIT_BYTES, redactSecrets, trustHops } from './http/server-options.js';

/**
 * API requests using the embedded database at once; more wait their turn (http/db-queue.ts). A few,
 * not one: a request's work outside the database (hashing a password, rendering JSON) overlaps.
 */
const PGLITE_SLOTS = 4;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, web } = options;
  const app = Fastify(serverOptions(config));

  // The embedded database runs one statement at a time: requests take turns in arrival order.
  const queue =
    database.driver === 'pglite' ? createFairQueue({ slots: PGLITE_SLOTS, ...config.databaseQueue }) : null;
  // Prometheus metrics when someone reads them (decision 0073); first, so every module can count.
  registerMetrics(app, { config, database, queue });
  // Ending a user's sessions voids their cart restore links too (decision 0040).
  const sessions = createSessionStore(database.db, config.sessionTtlDays, revokeRestoreLinks);
  app.decorate('sessions', sessions);
  registerAccessControl(app, sessions.resolve);
  // After the access check: a route's turn at the embedded database comes before its session lookup.
  if (queue) registerDatabaseQueue(app, queue);
  // Every route's zod schemas validate its input and write its answer; they also make the API document.
  registerRouteSchemas(app);
  await app.register(fastifySwagger, openApiOptions);
  // Database failures repeat on every request during an outage: logged once per run, with a count.
  const databaseFailures = registerErrorHandling(app);
  await registerHttpBasics(app, config);

  for (const module of SHOP_MODULES) {
    await module.register(app, { ...options, databaseFailures });
  }

  apiDocsRoutes(app);
  app.all(
    '/api/*',
    {
      config: { audience: 'anonymous' },
      schema: { hide: true, params: documentedOnly(z.object({ '*': z.string() })), response: errorResponses },
    },
    async () => {
      throw notFound('Not found');
    },
  );

  if (web) {
    await registerPages(app, web, config);
  } else {
    app.setNotFoundHandler(async () => {
      throw notFound('Not found');
    });
  }
  return app;
}
