import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PaymentRequiredError,
  TooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedTypeError,
} from '../../domain/errors.js';
import { DOMAIN_ERROR_STATUS, HttpError, registerErrorHandling } from './errors.js';

// Written out, not read from DOMAIN_ERROR_STATUS: this is the contract the API's callers rely on.
const KINDS: [string, new (message: string) => DomainError, number][] = [
  ['InvalidError', InvalidError, 400],
  ['UnauthenticatedError', UnauthenticatedError, 401],
  ['PaymentRequiredError', PaymentRequiredError, 402],
  ['ForbiddenError', ForbiddenError, 403],
  ['NotFoundError', NotFoundError, 404],
  ['ConflictError', ConflictError, 409],
  ['TooLargeError', TooLargeError, 413],
  ['UnsupportedTypeError', UnsupportedTypeError, 415],
  ['TooManyRequestsError', TooManyRequestsError, 429],
  ['UnavailableError', UnavailableError, 503],
];

/** A real Fastify app with the shop's error handling, whose every route throws `error`. */
async function answerTo(error: Error, url: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app);
  app.get('/*', async () => {
    throw error;
  });
  const res = await app.inject(url);
  await app.close();
  // What the handler logged about the error (not Fastify's own request lines).
  const logged = lines
    .filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed')
    .map((line) => ({ level: line.level, msg: line.msg, status: line.status }));
  return { res, logged };
}

describe('domain errors through the HTTP layer', () => {
  it('has one status for every kind, and every kind is one of these classes', () => {
    const kinds = KINDS.map(([, Kind]) => new Kind('x').kind);
    expect(new Set(kinds).size).toBe(KINDS.length);
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual([...kinds].sort());
  });

  it.each(KINDS)('answers an API request with %s as %i and { message }', async (name, Kind, status) => {
    const message = `Refused by the rules: ${name}.`;
    const { res } = await answerTo(new Kind(message), '/api/things/1');
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message });
  });

  it.each(KINDS)('answers a page request with %s as %i and an HTML page', async (name, Kind, status) => {
    const message = `Refused by the rules: ${name}.`;
    const { res } = await answerTo(new Kind(message), '/orders/1');
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain(`<p>${message}</p>`);
  });

  it.each(KINDS)('answers and logs %s exactly as an HttpError %i did', async (name, Kind, status) => {
    const message = `Refused by the rules: ${name}.`;
    for (const url of ['/api/things/1', '/orders/1']) {
      const domain = await answerTo(new Kind(message), url);
      const http = await answerTo(new HttpError(status, message), url);
      expect(domain.res.statusCode).toBe(http.res.statusCode);
      expect(domain.res.headers['content-type']).toBe(http.res.headers['content-type']);
      expect(domain.res.headers['retry-after']).toBe(http.res.headers['retry-after']);
      expect(domain.res.body).toBe(http.res.body);
      expect(domain.logged).toEqual(http.logged);
    }
  });

  it('logs a client error at info, and a 503 as requests turned away (no 500 stack)', async () => {
    expect((await answerTo(new ConflictError('Taken'), '/api/x')).logged).toEqual([
      { level: 30, msg: 'client error', status: 409 },
    ]);
    expect((await answerTo(new UnavailableError('Try again.'), '/api/x')).logged).toEqual([
      { level: 50, msg: 'requests turned away with 503', status: undefined },
    ]);
  });

  it('still hides an error that is not written for the caller', async () => {
    const { res } = await answerTo(new Error('relation "users" does not exist'), '/api/x');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });
});
