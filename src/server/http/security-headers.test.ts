/**
 * The security headers computed once (decision 0075) are the ones @fastify/helmet sets per request
 * with the same options: compared header by header with a bare Fastify app running the plugin, with
 * and without Strict-Transport-Security, on an answer and on an error.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

/** The headers @fastify/helmet puts on an answer, as the shop configured it before. */
async function helmetPluginHeaders(hsts: boolean, url: string) {
  const app = Fastify();
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.get('/ok', async () => ({ ok: true }));
  const res = await app.inject(url);
  await app.close();
  const ignored = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !ignored.has(name)));
}

describe('securityHeaders', () => {
  it.each([true, false])('equals what @fastify/helmet sets (HSTS %s)', async (hsts) => {
    const computed = securityHeaders({ hsts });
    expect(await helmetPluginHeaders(hsts, '/ok')).toEqual(computed);
    expect(await helmetPluginHeaders(hsts, '/missing')).toEqual(computed);
    expect('strict-transport-security' in computed).toBe(hsts);
    expect(computed).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});
