import { databaseFailureKind } from '../../db/errors.js';
import { defineModule } from '../shop-module.js';
import { productAdminRoutes } from './admin-routes.js';
import { createProductAdminService } from './admin-service.js';
import { cachedCatalog, createCatalogCache, type CatalogCache } from './cache.js';
import { catalogRoutes } from './routes.js';
import { createCatalogService, type CatalogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue, read through this instance's snapshot of it. */
    catalog: CatalogService;
    /** The snapshot itself (its version keys the page cache). */
    catalogCache: CatalogCache;
  }
}

/** The catalogue: the public reads, served from a snapshot, and the admin's product management. */
export const catalogModule = defineModule('catalog', (app, { config, database, databaseFailures }) => {
  const service = createCatalogService(database.db);
  const cache = createCatalogCache(database.db, service, {
    checkEveryMs: config.catalogCacheCheckMs,
    onStale: (error) =>
      databaseFailures.failure(
        databaseFailureKind(error),
        error,
        'catalogue check failed: serving the last snapshot',
      ),
    onFresh: () => databaseFailures.recovered(),
  });
  const catalog = cachedCatalog(service, cache);
  app.decorate('catalog', catalog);
  app.decorate('catalogCache', cache);
  catalogRoutes(app, cache);
  productAdminRoutes(app, createProductAdminService(database.db, catalog), catalog, app.images, () =>
    cache.expire(),
  );
});
