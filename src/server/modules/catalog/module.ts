import { databaseFailureKind } from '../../db/errors.js';
import { registerUploads } from '../../http/basics.js';
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
export const catalogModule = defineModule('catalog', async (app, { config, database, databaseFailures }) => {
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
  // Multipart bodies (a product's image) are read by the admin's product routes only: in a scope of
  // their own, the plugin's hooks run for those routes, not for every request (decision 0075).
  await app.register(async (products) => {
    await registerUploads(products);
    productAdminRoutes(products, createProductAdminService(database.db, catalog), catalog, app.images, () =>
      cache.expire(),
    );
  });
});
