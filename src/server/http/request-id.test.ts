/**
 * The request id the shop logs: a client's `x-request-id` is kept only when it is a short, safe
 * id; a 3 kB value or one with line breaks or spaces gets a new UUID, as no header does.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../testing/test-app.js';
import { clientRequestId } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HUGE = 'a'.repeat(3 * 1024);
const FORGED = 'abc\n{"level":50,"msg":"forged line"}';

describe('clientRequestId', () => {
  it.each([
    'w12',
    'two-lq3x9a1f2e-3',
    '7d444840-9dc0-11d1-b245-5ffdce74fad2',
    'Root=1-67891233-abcdef012345678912345678'.replace('=', ':'),
    'a.b_c:d-e',
    'x'.repeat(64),
  ])('keeps %s', (id) => {
    expect(clientRequestId(id)).toBe(id);
  });

  it.each([
    ['3 kB', HUGE],
    ['65 characters', 'x'.repeat(65)],
    ['empty', ''],
    ['a line break', FORGED],
    ['a carriage return', 'abc\rdef'],
    ['a space', 'abc def'],
    ['a quote', 'abc"def'],
    ['a slash', 'abc/def'],
    ['non-ASCII', 'abcé'],
  ])('refuses %s', (_what, id) => {
    expect(clientRequestId(id)).toBeNull();
  });

  it('refuses a missing or repeated header', () => {
    expect(clientRequestId(undefined)).toBeNull();
    expect(clientRequestId(['a', 'b'])).toBeNull();
  });
});

describe('the id the app gives a request', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** request.id as the app's own hooks and log lines see it, by the test's x-probe header. */
  const seen = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database });
    app.addHook('onRequest', async (request) => {
      seen.set(String(request.headers['x-probe']), request.id);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const idFor = async (probe: string, requestId?: string) => {
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-probe': probe, ...(requestId === undefined ? {} : { 'x-request-id': requestId }) },
    });
    return seen.get(probe);
  };

  it('keeps a short safe x-request-id', async () => {
    expect(await idFor('good', 'proxy-1234.abc:5')).toBe('proxy-1234.abc:5');
  });

  it.each([
    ['3 kB', HUGE],
    ['with line breaks', FORGED],
    ['with spaces', 'look at me please'],
  ])('gives a new UUID instead of a %s x-request-id', async (what, requestId) => {
    const id = await idFor(what, requestId);
    expect(id).toMatch(UUID);
    expect(id).not.toContain(requestId);
  });

  it('gives a new UUID without the header, a different one each time', async () => {
    const [a, b] = [await idFor('none-1'), await idFor('none-2')];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });
});
