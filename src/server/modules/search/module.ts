import { defineModule } from '../shop-module.js';
import { searchRoutes } from './routes.js';
import { createSearchService, type SearchService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue search, for the API and the /search page. */
    catalogSearch: SearchService;
  }
}

/** Catalogue search (decision 0064): after the catalogue, whose snapshot it reads. */
export const searchModule = defineModule('search', (app, { config, database }) => {
  const service = createSearchService(database.db, app.catalogCache, config.searchCacheAnswers);
  app.decorate('catalogSearch', service);
  searchRoutes(app, service, config.searchRateLimit);
});
