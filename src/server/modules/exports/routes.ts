import type { FastifyInstance } from 'fastify';
import type { ExportsService } from './service.js';

/** GET /api/admin/exports/{orders,customers,newsletter}.csv (issue 17): streamed CSV downloads. */
export function exportRoutes(app: FastifyInstance, exports: ExportsService): void {
  const admin = { audience: 'admin' } as const;
  const files = {
    'orders.csv': () => exports.orders(),
    'customers.csv': () => exports.customers(),
    'newsletter.csv': () => exports.newsletter(),
  } as const;
  for (const [file, make] of Object.entries(files)) {
    app.get(`/api/admin/exports/${file}`, { config: admin }, async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="northbite-${file.replace('.csv', '')}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(make());
    });
  }
}
