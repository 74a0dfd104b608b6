import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unsubscribeQuerySchema, unsubscribeReplySchema } from '../../../domain/consent.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { ConsentService } from './service.js';

/** RFC 8058: what a mail client's one-click unsubscribe POSTs, form-encoded. */
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
/**
 * Generous, per client address: one-click unsubscribes come from the mail provider's servers, many
 * people's from the same few addresses, and each needs a valid signed link to do anything.
 */
const UNSUBSCRIBE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * The unsubscribe link of every commercial e-mail (decision 0042), without signing in. GET says what
 * the link would do (the /unsubscribe page shows it and asks); POST does it at once. The
 * List-Unsubscribe header names the POST, which mail clients send with `List-Unsubscribe=One-Click`.
 */
export async function consentRoutes(fastify: FastifyInstance, consent: ConsentService): Promise<void> {
  await fastify.register(async (scope) => {
    // Mail clients post a form; the page posts nothing. The body says only which of the two it was.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, { form: String(body) }),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['marketing'];
    const response = { 200: unsubscribeReplySchema, ...errorResponses };

    app.get(
      '/api/unsubscribe',
      {
        config: { audience: 'anonymous', rateLimit: UNSUBSCRIBE_LIMIT },
        schema: {
          tags,
          summary: 'What an unsubscribe link would do, without doing it',
          querystring: unsubscribeQuerySchema,
          response,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return consent.inspect(request.query.token);
      },
    );

    app.post(
      '/api/unsubscribe',
      {
        config: { audience: 'anonymous', rateLimit: UNSUBSCRIBE_LIMIT },
        schema: {
          tags,
          summary: 'Unsubscribe from marketing e-mails with the link of an e-mail (RFC 8058 one-click)',
          querystring: unsubscribeQuerySchema,
          response,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const form = (request.body as { form?: string } | undefined)?.form;
        const oneClick = typeof form === 'string' && form.trim() === ONE_CLICK_BODY;
        return consent.unsubscribe(request.query.token, {
          source: oneClick ? 'one-click' : 'unsubscribe-link',
          clientAddress: request.ip,
        });
      },
    );
  });
}
