import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DomainError,
  PaymentExpiredError,
  PaymentRetryError,
  type DomainErrorKind,
  type PaymentRefusalType,
} from '../../domain/errors.js';
import { containsNul, NUL_MESSAGE, wellFormed } from '../../domain/text.js';
import { databaseFailureKind, isDatabaseUnavailable } from '../db/errors.js';
import { ERROR_PAGE_CSP, errorPage } from './error-page.js';
import { createRepeatedLog, type RepeatedLog } from './repeated-log.js';

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

const TOO_DEEP_MESSAGE = 'The request is nested too deeply.';
/** Far beyond any payload the shop takes; bounds the walk below. */
const MAX_DEPTH = 64;

/**
 * Walks the input once and makes its text fit the database (domain/text.ts): a NUL anywhere is a 400
 * (it would fail in the database, as a 500), lone surrogates become U+FFFD. Returns the input itself
 * when nothing changed.
 */
function cleanText(data: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw badRequest(TOO_DEEP_MESSAGE);
  if (typeof data === 'string') {
    if (containsNul(data)) throw badRequest(NUL_MESSAGE);
    return wellFormed(data);
  }
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    let copy: unknown[] | undefined;
    data.forEach((item, index) => {
      const cleaned = cleanText(item, depth + 1);
      if (cleaned !== item) (copy ??= data.slice())[index] = cleaned;
    });
    return copy ?? data;
  }
  let changed = false;
  const entries = Object.entries(data).map(([key, value]) => {
    const cleanKey = cleanText(key) as string;
    const cleanValue = cleanText(value, depth + 1);
    if (cleanKey !== key || cleanValue !== value) changed = true;
    return [cleanKey, cleanValue] as const;
  });
  if (!changed) return data;
  const copy: Record<string, unknown> = Object.create(Object.getPrototypeOf(data) as object | null) as Record<
    string,
    unknown
  >;
  // defineProperty, not assignment: a "__proto__" key stays an own property, as JSON.parse made it.
  for (const [key, value] of entries)
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * Parses a payload with its schema; a failure is a 400 with the first problem. Messages written in
 * the schema (the spec's texts) go out word for word; zod's generic ones are prefixed with the field
 * they concern, e.g. "quantity: Invalid input: expected number, received string".
 */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  data = cleanText(data);
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

/** A body in a type no route here reads (only the admin's product routes take multipart forms). */
export const UNSUPPORTED_BODY_TYPE = 'The request body must be JSON (Content-Type: application/json).';

/** What a request answers while the database cannot be reached or cannot take the work. */
export const DATABASE_UNAVAILABLE =
  'We are having trouble reaching our database. Please try again in a moment.';
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** API requests answer JSON; everything else a person's browser may show gets an HTML page. */
const wantsJson = (request: FastifyRequest) => request.url.startsWith('/api/') || request.url === '/api';

function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  page: { title: string; message: string },
  refusal?: PaymentRefusalType,
) {
  if (wantsJson(request))
    return reply.status(status).send(refusal ? { message, type: refusal } : { message });
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', ERROR_PAGE_CSP)
    .send(errorPage(page));
}

/** The status each kind of domain error (src/domain/errors.ts) answers with: the one table of them. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  'too-many-requests': 429,
  unavailable: 503,
};

/**
 * Every error leaves as `{ message }`, and as an HTML page for page requests. Client errors,
 * domain errors (at their kind's status, DOMAIN_ERROR_STATUS) and HttpErrors, all written for the
 * caller, keep their message. A database that cannot be reached or timed out is a 503 with
 * Retry-After, logged once per run of the same failure (not once per request); anything else is
 * logged with its stack and answered with a generic 500 so internals never leak. Returns the log of repeated database failures, so what sees the database answer again
 * can close the run.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  failures: RepeatedLog = createRepeatedLog(app.log),
): RepeatedLog {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    const status = error instanceof DomainError ? DOMAIN_ERROR_STATUS[error.kind] : (error.statusCode ?? 500);
    /** Written for the caller: its message goes out as it is, at any status. */
    const forCaller = error instanceof DomainError || error instanceof HttpError;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error, status }, 'client error');
      const message =
        (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Malformed JSON in request body'
          : (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : (error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? UNSUPPORTED_BODY_TYPE
              : error.message;
      const refusal =
        error instanceof PaymentExpiredError || error instanceof PaymentRetryError
          ? error.refusal
          : undefined;
      return sendFailure(
        request,
        reply,
        status,
        message,
        { title: 'Something is not right', message },
        refusal,
      );
    }
    if (isDatabaseUnavailable(error)) {
      failures.failure(databaseFailureKind(error), error, 'database unavailable: answering 503');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendFailure(request, reply, 503, DATABASE_UNAVAILABLE, {
        title: 'We will be right back',
        message:
          'The shop is having a short technical hiccup. Please try again in a moment; your cart is safe in this browser.',
      });
    }
    if (forCaller && status === 503) {
      // Expected under load (the embedded database's queue is full): counted, not a stack each.
      failures.failure(`503 ${error.message}`, error, 'requests turned away with 503');
      return sendFailure(request, reply, 503, error.message, {
        title: 'We will be right back',
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'request failed');
    const finalStatus = status >= 500 && status < 600 ? status : 500;
    const message = forCaller ? error.message : 'Internal server error';
    return sendFailure(request, reply, finalStatus, message, {
      title: 'Something went wrong',
      message: 'Sorry, this page could not be shown. Please try again in a moment.',
    });
  });
  return failures;
}
