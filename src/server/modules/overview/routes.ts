import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewSchema } from '../../../domain/overview.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { OverviewService } from './service.js';

/** GET /api/admin/overview (decision 0023): the numbers of the dashboard's Overview tab. */
export function overviewRoutes(fastify: FastifyInstance, overview: OverviewService): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/overview',
    {
      config: { audience: 'admin' },
      schema: {
        tags: ['overview'],
        summary: "The shop's numbers: sales, best sellers, orders waiting to ship, GST by month",
        response: { 200: overviewSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return overview.overview();
    },
  );
}
