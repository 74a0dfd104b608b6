import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vitalsBeaconSchema, vitalsQuerySchema, vitalsReportSchema } from '../../../domain/web-vitals.js';
import { errorResponses, noContent } from '../../http/route-schemas.js';
import type { VitalsService } from './service.js';

/** A report is a few hundred bytes; anything much larger is not one. */
const BEACON_BODY_LIMIT = 2_048;

export function vitalsRoutes(
  fastify: FastifyInstance,
  vitals: VitalsService,
  { enabled }: { enabled: boolean },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['vitals'];

  // Sent by the browser with sendBeacon as a shopper leaves a page (decision 0072). Nothing comes
  // back to read: 204 whether it was counted or dropped (a value out of range, reporting turned off).
  app.post(
    '/api/vitals',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      // Per client: a shopper sends one report per page load.
      config: { audience: 'anonymous', rateLimit: { max: 120, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Report a page load's Web Vitals (the shop's own pages send it)",
        body: vitalsBeaconSchema,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (enabled) await vitals.record(request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/vitals',
    {
      config: { audience: 'admin' },
      schema: {
        tags,
        summary: 'Real-user Web Vitals of the last 28 days: the 75th percentile per metric and page',
        querystring: vitalsQuerySchema,
        response: { 200: vitalsReportSchema, ...errorResponses },
      },
    },
    async (request) => vitals.report(request.query.device),
  );
}
