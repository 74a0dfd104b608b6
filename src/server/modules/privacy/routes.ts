import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Reauthentication } from '../../../domain/accounts.js';
import { dataExportSchema, erasureRequestSchema } from '../../../domain/privacy.js';
import { requireViewer } from '../../http/audience.js';
import { errorResponses, idParams, noContent } from '../../http/route-schemas.js';
import type { Viewer } from '../../http/viewer.js';
import type { DataExportService } from './export.js';

const tags = ['users'];

/**
 * What the erasure route needs of the accounts module (users/service.ts): the owner's proof checked,
 * then the erasure. Declared here so privacy does not import accounts, which import the erasure.
 */
export interface OwnAccountRemoval {
  removeOwn(
    viewer: Viewer,
    userId: number,
    proof: Reauthentication,
    client: { ip: string; userAgent?: string },
  ): Promise<void>;
}

/**
 * A few copies an hour per account (per client when the caller is not signed in, who is refused
 * anyway): an export reads every table, and a stolen session should not be a data pump.
 */
const EXPORT_LIMIT = {
  max: 5,
  timeWindow: '1 hour',
  keyGenerator: async (request: FastifyRequest) => {
    const viewer = await request.viewer().catch(() => null);
    return viewer ? `account:${viewer.id}` : `client:${request.ip}`;
  },
} as const;
/** Like the password change: the login throttle also counts each wrong password. */
const ERASURE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/**
 * The customer's data rights (decision 0043): a copy of their data, and deleting their account.
 * Both are the owner's alone (an admin is refused for someone else's: admins delete accounts with
 * DELETE /api/users/{id} and have the admin screens) and need a session that began with a sign-in.
 */
export function privacyRoutes(
  fastify: FastifyInstance,
  exports: DataExportService,
  /** The users service, made after this module (it needs the erasure this module makes). */
  users: () => OwnAccountRemoval,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = { audience: 'customer', accountSecurity: true } as const;

  app.get(
    '/api/users/:id/data-export',
    {
      config: { ...owner, rateLimit: EXPORT_LIMIT },
      schema: {
        tags,
        summary: "Everything the shop holds about the caller, as a JSON file (the caller's own account only)",
        description:
          'Sent as an attachment, never cached. Five an hour per account; a session from a cart restore link is refused (403).',
        params: idParams,
        response: { 200: dataExportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await exports.exportFor(await requireViewer(request), request.params.id);
      const day = data.exportedAt.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="northbite-my-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/users/:id/erasure',
    {
      config: { ...owner, rateLimit: ERASURE_LIMIT },
      schema: {
        tags,
        summary: "Delete the caller's own account; its orders stay, anonymised, for the tax record",
        description:
          'Needs currentPassword (a Google-only account: googleToken, from a Google sign-in of the last 5 minutes), ' +
          'and a session that began with a sign-in, not with a cart restore link. Every session ends; a last e-mail ' +
          'confirms the deletion to the old address.',
        params: idParams,
        body: erasureRequestSchema,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await users().removeOwn(await requireViewer(request), request.params.id, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(204).send();
    },
  );
}
