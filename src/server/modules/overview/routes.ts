import type { FastifyInstance } from 'fastify';
import type { OverviewService } from './service.js';

/** GET /api/admin/overview (issue 17): the numbers of the dashboard's Overview tab. */
export function overviewRoutes(app: FastifyInstance, overview: OverviewService): void {
  app.get('/api/admin/overview', { config: { audience: 'admin' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return overview.overview();
  });
}
