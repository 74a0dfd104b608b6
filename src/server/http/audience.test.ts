/**
 * Access control by declared audience (docs/product.md, Who uses it): every /api route says who may
 * call it, and the declaration is enforced before anything else happens.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.js';
import { sessions, users } from '../db/schema.js';
import type { Viewer } from './viewer.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { AUDIENCES, registerAccessControl, requireViewer, type Audience } from './audience.js';
import { registerErrorHandling } from './errors.js';

describe('the real app', () => {
  let t: TestApp;
  let customerToken: string;
  let adminToken: string;

  const mint = async (isAdmin: boolean) => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: `${randomBytes(4).toString('hex')}@example.ca`, isAdmin })
      .returning();
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insert(sessions).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: user!.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return token;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    customerToken = await mint(false);
    adminToken = await mint(true);
  });
  afterAll(() => t?.close());

  /** A concrete URL for a route pattern: parameters name nobody, the wildcard a path nobody serves. */
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '2000000000').replace('*', 'no-such-thing');

  it('lists every /api route once, each with one of the three audiences', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      expect(route.url.startsWith('/api'), route.url).toBe(true);
      expect(AUDIENCES, `${route.method} ${route.url}`).toContain(route.audience);
      expect(route.method).not.toBe('HEAD');
      expect(t.app.hasRoute({ method: route.method as 'GET', url: route.url }), route.url).toBe(true);
    }
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('includes the user routes with their audiences', () => {
    const audienceOf = (method: string, url: string) =>
      t.app.apiRoutes.find((route) => route.method === method && route.url === url)?.audience;
    const expected: [string, string, Audience][] = [
      ['POST', '/api/users/register', 'anonymous'],
      ['POST', '/api/users/login', 'anonymous'],
      ['POST', '/api/users/google', 'anonymous'],
      ['POST', '/api/users/logout', 'customer'],
      ['GET', '/api/users', 'admin'],
      ['GET', '/api/users/:id', 'customer'],
      ['PATCH', '/api/users/:id', 'customer'],
      ['POST', '/api/users/:id/password', 'customer'],
      ['DELETE', '/api/users/:id', 'admin'],
      ['GET', '/api/users/:userId/orders', 'customer'],
    ];
    for (const [method, url, audience] of expected)
      expect(audienceOf(method, url), `${method} ${url}`).toBe(audience);
    // The public catalogue stays public.
    expect(audienceOf('GET', '/api/products')).toBe('anonymous');
    expect(audienceOf('GET', '/api/health')).toBe('anonymous');
  });

  it('answers every customer and admin route with 401 for anonymous callers and bad tokens', async () => {
    const guarded = t.app.apiRoutes.filter((route) => route.audience !== 'anonymous');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const authorization of [
        undefined,
        `Bearer ${randomBytes(32).toString('base64url')}`,
        'Bearer nope',
      ]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${route.method} ${route.url} (${authorization})`).toBe(401);
        expect(res.json()).toEqual({ message: messages.signInRequired });
      }
    }
  });

  it('answers every admin route with 403 for customers, and lets admins past the check', async () => {
    const adminOnly = t.app.apiRoutes.filter((route) => route.audience === 'admin');
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const asCustomer = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${customerToken}` },
      });
      expect(asCustomer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asCustomer.json()).toEqual({ message: messages.forbidden });
      const asAdmin = await t.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` } });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(asAdmin.statusCode);
    }
  });

  it('checks the caller before reading the body', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.audience !== 'anonymous' && r.method !== 'GET')) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('registerAccessControl', () => {
  const viewers: Record<string, Viewer> = {
    'customer-token': {
      id: 1,
      email: 'c@example.ca',
      emailVerified: true,
      isAdmin: false,
      tokenHash: 'c',
      sessionKind: 'full',
    },
    'admin-token': {
      id: 2,
      email: 'a@example.ca',
      emailVerified: true,
      isAdmin: true,
      tokenHash: 'a',
      sessionKind: 'full',
    },
    // Sessions started by a cart restore link (decision 0040).
    'restore-token': {
      id: 3,
      email: 'r@example.ca',
      emailVerified: true,
      isAdmin: false,
      tokenHash: 'r',
      sessionKind: 'restore',
    },
    'restore-admin-token': {
      id: 4,
      email: 'ra@example.ca',
      emailVerified: true,
      isAdmin: true,
      tokenHash: 'ra',
      sessionKind: 'restore',
    },
  };

  let app: FastifyInstance;
  const lookups: string[] = [];
  beforeAll(async () => {
    app = Fastify();
    registerAccessControl(app, async (token) => {
      lookups.push(token);
      return viewers[token] ?? null;
    });
    registerErrorHandling(app);
    app.get('/api/open', { config: { audience: 'anonymous' } }, async (request) => ({
      viewer: (await request.viewer())?.id ?? null,
    }));
    app.post('/api/mine', { config: { audience: 'customer' } }, async (request) => {
      // Asking again within a request costs no second lookup.
      const first = await requireViewer(request);
      const second = await request.viewer();
      return { id: first.id, same: first === second, body: request.body };
    });
    app.route({
      method: ['GET', 'DELETE'],
      url: '/api/admin-thing',
      config: { audience: 'admin' },
      handler: async () => ({ ok: true }),
    });
    app.post('/api/secure', { config: { audience: 'customer', accountSecurity: true } }, async () => ({
      ok: true,
    }));
    app.post(
      '/api/sometimes',
      {
        config: {
          audience: 'customer',
          accountSecurity: (request) => (request.body as { email?: string } | undefined)?.email !== undefined,
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/not-api', async () => 'page');
    await app.ready();
  });
  afterAll(() => app.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: string) =>
    app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  it('records the declared routes, one entry per method, HEAD left out, non-/api routes ignored', () => {
    expect(app.apiRoutes).toEqual([
      { method: 'GET', url: '/api/open', audience: 'anonymous' },
      { method: 'POST', url: '/api/mine', audience: 'customer' },
      { method: 'GET', url: '/api/admin-thing', audience: 'admin' },
      { method: 'DELETE', url: '/api/admin-thing', audience: 'admin' },
      { method: 'POST', url: '/api/secure', audience: 'customer' },
      { method: 'POST', url: '/api/sometimes', audience: 'customer' },
    ]);
  });

  it('refuses account-security actions and admin routes to a restore session (403), nothing else', async () => {
    const refused = async (res: Awaited<ReturnType<typeof inject>>) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: messages.fullSessionRequired });
    };
    expect((await inject('POST', '/api/mine', 'restore-token', '{}')).statusCode).toBe(200);
    await refused(await inject('POST', '/api/secure', 'restore-token', '{}'));
    expect((await inject('POST', '/api/secure', 'customer-token', '{}')).statusCode).toBe(200);
    // Decided by the request: refused only when it would change the e-mail.
    expect((await inject('POST', '/api/sometimes', 'restore-token', '{"name":"x"}')).statusCode).toBe(200);
    await refused(await inject('POST', '/api/sometimes', 'restore-token', '{"email":"x@y.ca"}'));
    expect((await inject('POST', '/api/sometimes', 'customer-token', '{"email":"x@y.ca"}')).statusCode).toBe(
      200,
    );
    // Even an admin's restore session (made an admin after the link was sent) gets no admin route.
    await refused(await inject('GET', '/api/admin-thing', 'restore-admin-token'));
    expect((await inject('GET', '/api/admin-thing', 'restore-token')).json()).toEqual({
      message: messages.forbidden,
    });
  });

  it('refuses to register an anonymous route that declares an account-security action', () => {
    const bare = Fastify();
    registerAccessControl(bare, async () => null);
    expect(() =>
      bare.post('/api/odd', { config: { audience: 'anonymous', accountSecurity: true } }, async () => 'x'),
    ).toThrow(/no session to check/);
  });

  it('refuses to register an /api route without a valid audience', async () => {
    const bare = Fastify();
    registerAccessControl(bare, async () => null);
    expect(() => bare.get('/api/secret', async () => 'x')).toThrow(/does not declare its audience/);
    expect(() => bare.post('/api/secret', { config: {} }, async () => 'x')).toThrow(/POST \/api\/secret/);
    expect(() =>
      bare.get('/api/secret', { config: { audience: 'public' as Audience } }, async () => 'x'),
    ).toThrow(/does not declare its audience/);
    expect(() => bare.route({ method: ['GET', 'PUT'], url: '/api/both', handler: async () => 'x' })).toThrow(
      /does not declare its audience/,
    );
    // A prefix registered inside a plugin still counts.
    await expect(
      bare
        .register(
          async (scoped) => {
            scoped.get('/inside', async () => 'x');
          },
          { prefix: '/api/plugin' },
        )
        .ready(),
    ).rejects.toThrow(/\/api\/plugin\/inside/);
    await bare.close().catch(() => {});
    expect(bare.apiRoutes.map((route) => route.url)).not.toContain('/api/secret');
  });

  it('lets anyone call anonymous routes and still tells them who they are', async () => {
    expect((await inject('GET', '/api/open')).json()).toEqual({ viewer: null });
    expect((await inject('GET', '/api/open', 'customer-token')).json()).toEqual({ viewer: 1 });
    expect((await inject('GET', '/not-api')).statusCode).toBe(200);
  });

  it('requires a live session for customer routes, before the body is parsed', async () => {
    for (const token of [undefined, 'unknown-token']) {
      const res = await inject('POST', '/api/mine', token, '{"a":1}');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.signInRequired });
    }
    expect((await inject('POST', '/api/mine', undefined, '{"broken":')).statusCode).toBe(401);
    const ok = await inject('POST', '/api/mine', 'customer-token', '{"a":1}');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 1, same: true, body: { a: 1 } });
    expect((await inject('POST', '/api/mine', 'admin-token', '{}')).statusCode).toBe(200);
  });

  it('requires an admin for admin routes: 401 anonymous, 403 customers, every method', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await inject(method, '/api/admin-thing')).statusCode).toBe(401);
      const customer = await inject(method, '/api/admin-thing', 'customer-token');
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ message: messages.forbidden });
      expect((await inject(method, '/api/admin-thing', 'admin-token')).json()).toEqual({ ok: true });
    }
  });

  it('looks a token up once per request, and only bearer tokens', async () => {
    lookups.length = 0;
    await inject('POST', '/api/mine', 'customer-token', '{}');
    expect(lookups).toEqual(['customer-token']);
    lookups.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/admin-thing',
      headers: { authorization: 'Basic admin-token' },
    });
    await app.inject({ method: 'GET', url: '/api/admin-thing', headers: { authorization: 'admin-token' } });
    expect(lookups).toEqual([]);
  });
});
