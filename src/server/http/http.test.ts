import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, redactSecrets } from '../app.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { registerAccessControl } from './audience.js';
import { UNSUPPORTED_BODY_TYPE } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('HTTP conventions', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/products/x/y'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  // Multipart too: only the admin's product routes read a form.
  it.each([
    ['XML', 'application/xml', '<email/>'],
    [
      'a multipart form',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.ca\r\n--x--\r\n',
    ],
  ])('answers %s on a route that takes JSON with 415', async (_what, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UNSUPPORTED_BODY_TYPE });
  });

  it('refuses bodies past the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.ca', padding: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('sends security headers and a policy on every response, and no X-Powered-By', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('compresses large responses for clients that accept it', async () => {
    const app = await createTestApp();
    try {
      const res = await app.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });

  it('refuses to register an /api route that does not declare its audience', async () => {
    const app = Fastify();
    registerAccessControl(app, async () => null);
    expect(() => app.get('/api/secret', async () => 'x')).toThrow(/does not declare its audience/);
    app.get('/api/open', { config: { audience: 'anonymous' } }, async () => 'x');
    await app.close();
  });
});

describe('request logging', () => {
  it('never writes a token query value into the logs', () => {
    expect(redactSecrets('/api/abandoned-cart?token=SECRET')).toBe('/api/abandoned-cart?token=[redacted]');
    expect(redactSecrets('/cart?restoreCart=true&token=SECRET&x=1')).toBe(
      '/cart?restoreCart=true&token=[redacted]&x=1',
    );
    expect(redactSecrets('/cart?TOKEN=SECRET#top')).toBe('/cart?TOKEN=[redacted]#top');
    expect(redactSecrets('/shop?tokens=1')).toBe('/shop?tokens=1');
  });
});
