import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error whose message is safe to show the caller; thrown by services and routes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

/**
 * Parses a payload with its schema; a failure is a 400 with the first problem. Messages written in
 * the schema (the spec's texts) go out word for word; zod's generic ones are prefixed with the field
 * they concern, e.g. "quantity: Invalid input: expected number, received string".
 */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  // zod consults a per-parse error map only for issues whose schema sets no message of its own.
  const generic = new Set<string>();
  const result = schema.safeParse(data, {
    error: (issue) => {
      generic.add(`${issue.code}|${(issue.path ?? []).join('.')}`);
      return undefined;
    },
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Invalid request');
  const path = issue.path.join('.');
  const isGeneric = generic.has(`${issue.code}|${path}`);
  throw badRequest(isGeneric && path ? `${path}: ${issue.message}` : issue.message);
}

/**
 * Every error leaves as `{ message }` (SPEC §7). Client errors keep their message; anything else is
 * logged with its stack and answered with a generic 500 so internals never leak.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error, status }, 'client error');
      const message =
        (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Malformed JSON in request body'
          : (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ message: 'Internal server error' });
  });
}
