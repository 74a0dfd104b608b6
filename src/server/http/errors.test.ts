import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseOr400, registerErrorHandling } from './errors.js';

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
  async function answerTo(error: Error) {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw error;
    });
    const res = await app.inject('/boom');
    await app.close();
    return { status: res.statusCode, body: res.json() as unknown };
  }

  it('passes client errors and HttpErrors on with their message, at any status', async () => {
    expect(await answerTo(new HttpError(409, 'Taken'))).toEqual({ status: 409, body: { message: 'Taken' } });
    expect(await answerTo(new HttpError(503, 'Try again later.'))).toEqual({
      status: 503,
      body: { message: 'Try again later.' },
    });
  });

  it('hides everything else behind a generic 500', async () => {
    expect(await answerTo(new Error('relation "users" does not exist'))).toEqual({
      status: 500,
      body: { message: 'Internal server error' },
    });
    const upstream = Object.assign(new Error('secret upstream detail'), { statusCode: 502 });
    expect(await answerTo(upstream)).toEqual({ status: 502, body: { message: 'Internal server error' } });
  });
});
