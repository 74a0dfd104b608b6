import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewSchema } from '../../../domain/overview.js';
import { taxReportCsv, taxReportQuerySchema, taxReportSchema } from '../../../domain/tax-report.js';
import { z } from 'zod';
import { errorResponses } from '../../http/route-schemas.js';
import type { OverviewService } from './service.js';

/** GET /api/admin/overview (decision 0023): the numbers of the dashboard's Overview tab. */
export function overviewRoutes(fastify: FastifyInstance, overview: OverviewService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The sales-tax report for filing (decision 0070), as JSON and as CSV.
  app.get(
    '/api/admin/reports/tax',
    {
      config: { audience: 'admin' },
      schema: {
        tags: ['overview'],
        summary: 'Sales tax collected, refunded and net, per tax and province, by month or quarter',
        querystring: taxReportQuerySchema,
        response: { 200: taxReportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return overview.taxReport(request.query);
    },
  );
  app.get(
    '/api/admin/reports/tax.csv',
    {
      config: { audience: 'admin' },
      schema: {
        tags: ['overview'],
        summary: 'The sales-tax report as CSV',
        querystring: taxReportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV (RFC 4180), UTF-8, sent as an attachment.'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="northbite-sales-tax-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(taxReportCsv(await overview.taxReport(request.query)));
    },
  );
  app.get(
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
