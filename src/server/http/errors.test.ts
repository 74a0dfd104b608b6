import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DATABASE_UNAVAILABLE,
  HttpError,
  parseOr400,
  registerErrorHandling,
  RETRY_AFTER_SECONDS,
} from './errors.js';
import { createRepeatedLog, REPEAT_WINDOW_MS } from './repeated-log.js';

function messageOf(schema: z.ZodType, data: unknown): string {
  try {
    parseOr400(schema, data);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('parseOr400', () => {
  const schema = z.object({
    email: z.string({ message: 'Email is required!' }),
    quantity: z.number().int().min(1),
    address: z.object({ city: z.string() }),
  });

  it('keeps messages written in the schema word for word', () => {
    expect(messageOf(schema, { quantity: 1, address: { city: 'x' } })).toBe('Email is required!');
  });

  it('names the field for generic messages, nested ones included', () => {
    expect(messageOf(schema, { email: 'a', quantity: 'two', address: { city: 'x' } })).toMatch(/^quantity: /);
    expect(messageOf(schema, { email: 'a', quantity: 0, address: { city: 'x' } })).toMatch(
      /^quantity: Too small/,
    );
    expect(messageOf(schema, { email: 'a', quantity: 1, address: {} })).toMatch(/^address\.city: /);
  });

  it('returns the parsed value when valid', () => {
    expect(parseOr400(schema, { email: 'a', quantity: 2, address: { city: 'x' } })).toEqual({
      email: 'a',
      quantity: 2,
      address: { city: 'x' },
    });
  });
});

describe('parseOr400 and NUL characters', () => {
  const schema = z.looseObject({ name: z.string(), tags: z.array(z.string()).optional() });

  it('refuses a NUL anywhere in the input, which PostgreSQL text cannot hold', () => {
    for (const data of [
      { name: 'Ada\u0000' },
      { name: 'Ada', tags: ['ok', 'n\u0000'] },
      { name: 'Ada', nested: { deeper: [{ x: '\u0000' }] } },
      { name: 'Ada', ['key\u0000']: 1 },
      '\u0000',
    ]) {
      expect(messageOf(schema, data)).toBe('Text must not contain NUL characters.');
    }
  });

  it('lets other control characters and unicode through to the schema', () => {
    expect(parseOr400(schema, { name: 'Ünï\tcødé 🍪', tags: ['\u0001'] })).toEqual({
      name: 'Ünï\tcødé 🍪',
      tags: ['\u0001'],
    });
  });
});

describe('parseOr400 and lone surrogates', () => {
  const schema = z.looseObject({ name: z.string(), tags: z.array(z.string()).optional() });

  it('replaces lone surrogates with U+FFFD, in values and keys, and keeps pairs whole', () => {
    const data = { name: 'Zoë\udc00 Ng', tags: ['x\ud800', '🍪'], ['k\udfff']: 'a\ud83d' };
    expect(parseOr400(schema, data)).toEqual({
      name: 'Zoë\ufffd Ng',
      tags: ['x\ufffd', '🍪'],
      ['k\ufffd']: 'a\ufffd',
    });
    // The caller's object is left as it was.
    expect(data.name).toBe('Zoë\udc00 Ng');
  });

  it('keeps a "__proto__" key an own property when it rebuilds an object', () => {
    const data = JSON.parse('{"name":"\\ud800","__proto__":{"isAdmin":true}}') as object;
    const parsed = parseOr400(z.looseObject({ name: z.string() }), data) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(parsed.name).toBe('\ufffd');
  });

  it('refuses input nested deeper than any payload the shop takes', () => {
    const deep = JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`) as unknown;
    expect(messageOf(z.unknown(), deep)).toBe('The request is nested too deeply.');
    const fine = JSON.parse(`${'['.repeat(20)}1${']'.repeat(20)}`) as unknown;
    expect(parseOr400(z.unknown(), fine)).toEqual(fine);
  });
});

describe('registerErrorHandling', () => {
  async function answerTo(error: Error, path = '/api/boom') {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/*', async () => {
      throw error;
    });
    const res = await app.inject(path);
    await app.close();
    return {
      status: res.statusCode,
      body: String(res.headers['content-type'] ?? '').startsWith('application/json')
        ? (res.json() as unknown)
        : res.body,
      headers: res.headers,
    };
  }
  const bodyOf = async (error: Error, path?: string) => {
    const { status, body } = await answerTo(error, path);
    return { status, body };
  };

  it('passes client errors and HttpErrors on with their message, at any status', async () => {
    expect(await bodyOf(new HttpError(409, 'Taken'))).toEqual({ status: 409, body: { message: 'Taken' } });
    expect(await bodyOf(new HttpError(503, 'Try again later.'))).toEqual({
      status: 503,
      body: { message: 'Try again later.' },
    });
  });

  it('hides everything else behind a generic 500', async () => {
    expect(await bodyOf(new Error('relation "users" does not exist'))).toEqual({
      status: 500,
      body: { message: 'Internal server error' },
    });
    const upstream = Object.assign(new Error('secret upstream detail'), { statusCode: 502 });
    expect(await bodyOf(upstream)).toEqual({ status: 502, body: { message: 'Internal server error' } });
  });

  // Decision 0020: an outage answered 500 on every request, and pages came back as JSON.
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a statement timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    [
      'a lock timeout',
      Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
    ],
    ['a full disk', Object.assign(new Error('could not extend file'), { code: '53100' })],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a wrapped driver error',
      new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }),
    ],
  ])('answers %s with 503 and Retry-After', async (_name, error) => {
    const { status, body, headers } = await answerTo(error);
    expect(status).toBe(503);
    expect(body).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('answers a page request with an HTML page, never JSON', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const outage = await answerTo(down, '/shop');
    expect(outage.status).toBe(503);
    expect(outage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(outage.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(outage.headers['content-security-policy']).toContain("default-src 'none'");
    expect(outage.body).toContain('<h1>We will be right back</h1>');
    const broken = await answerTo(new Error('render exploded'), '/products/x');
    expect(broken.status).toBe(500);
    expect(broken.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(broken.body).toContain('<h1>Something went wrong</h1>');
    expect(broken.body).not.toContain('render exploded');
  });

  it('logs a database failure that repeats once, with a count when it is logged again', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ logger: { level: 'info', stream } });
    let now = 0;
    const failures = registerErrorHandling(
      app,
      createRepeatedLog(app.log, () => now),
    );
    app.get('/api/boom', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    for (let i = 0; i < 50; i++) expect((await app.inject('/api/boom')).statusCode).toBe(503);
    const errors = () => lines.filter((line) => line.level === 50);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ kind: 'ECONNREFUSED', err: { type: 'Error' } });
    now += REPEAT_WINDOW_MS;
    await app.inject('/api/boom');
    expect(errors()).toHaveLength(2);
    expect(errors()[1]).toMatchObject({ kind: 'ECONNREFUSED', repeated: 50 });
    expect(errors()[1]).not.toHaveProperty('err');
    failures.recovered();
    expect(lines.at(-1)).toMatchObject({ level: 40, kind: 'ECONNREFUSED', repeated: 0 });
    await app.close();
  });
});
