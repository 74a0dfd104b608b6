import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchAnswerSchema, searchQuerySchema } from '../../../domain/search-schemas.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { SearchService } from './service.js';

/**
 * Answers may be kept briefly by the browser and shared caches: the catalogue changes seldom, and a
 * search typed again within the minute need not reach the database (decision 0064).
 */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60';

export function searchRoutes(fastify: FastifyInstance, service: SearchService, perMinute: number): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/search',
    {
      config: { audience: 'anonymous', rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['search'],
        summary: 'Search the catalogue',
        description:
          'Active products matching every word of `q` (stemmed; the last word as a prefix; from four ' +
          'letters also a near spelling), ranked, filtered and sorted, with where the words are in ' +
          'each name and description, and suggestions when nothing matches.',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await service.search(request.query);
      return reply.header('cache-control', SEARCH_CACHE_CONTROL).send(answer);
    },
  );
}
