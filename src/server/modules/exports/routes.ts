import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/route-schemas.js';
import type { ExportsService } from './service.js';

/** A CSV file, streamed (the schema documents it; a stream is sent as it is). */
const csvFile = z.string().describe('CSV (RFC 4180), UTF-8, sent as an attachment.');

/**
 * GET /api/admin/exports/{orders,customers,newsletter}.csv (decision 0023): streamed CSV downloads.
 */
export function exportRoutes(fastify: FastifyInstance, exports: ExportsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { audience: 'admin' } as const;
  const files = {
    'orders.csv': { make: () => exports.orders(), what: 'Every order, one line per item' },
    'customers.csv': { make: () => exports.customers(), what: 'Every customer account' },
    'newsletter.csv': { make: () => exports.newsletter(), what: 'Every newsletter sign-up' },
    'consent-log.csv': {
      make: () => exports.consentLog(),
      what: 'Every grant and withdrawal of marketing consent',
    },
  } as const;
  for (const [file, { make, what }] of Object.entries(files)) {
    app.get(
      `/api/admin/exports/${file}`,
      {
        config: admin,
        schema: {
          tags: ['overview'],
          summary: `${what}, as CSV`,
          produces: ['text/csv'],
          response: { 200: csvFile, ...errorResponses },
        },
      },
      async (_request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        // A stream: sent as it is, past the serializer (the schema above documents the text).
        return (reply as FastifyReply)
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="northbite-${file.replace('.csv', '')}-${day}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(make());
      },
    );
  }
}
