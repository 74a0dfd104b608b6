/**
 * Route schemas (decision 0024): every /api route declares what it takes and answers, the
 * declared validation answers exactly as parseOr400 did in the handlers, answers are whitelisted by
 * their schema, and the API document and its reference page describe every route.
 */
import { brotliDecompressSync, constants as zlib, gunzipSync, brotliCompressSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020.js';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inboxQuerySchema } from '../../domain/inbox.js';
import { newsletterSignupSchema } from '../../domain/marketing.js';
import { NUL_MESSAGE } from '../../domain/text.js';
import { checkoutFixtures, freshIp, type Person } from '../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { API_TAGS, apiDocsRoutes, openApiOptions } from './api-docs.js';
import { registerAccessControl } from './audience.js';
import { ERROR_PAGE_CSP } from './error-page.js';
import { HttpError, parseOr400, registerErrorHandling } from './errors.js';
import { errorResponses } from './route-schemas.js';
import { registerRouteSchemas } from './validation.js';

let t: TestApp;
const fx = checkoutFixtures(() => t);
let buyer: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await fx.person();
  admin = await fx.person({ isAdmin: true });
}, 60_000);
afterAll(() => t?.close());

/** The message parseOr400 gives `data`: what the handlers answered when they parsed for themselves. */
function parseOr400Message(schema: z.ZodType, data: unknown): string {
  try {
    parseOr400(schema, data);
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)|(\*)/g)].map((match) => match[1] ?? match[2]!);
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: string; contentType?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      'x-forwarded-for': freshIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
}

describe('route schemas', () => {
  it('declares the answers of every /api route, its path parameters, a tag and a summary', () => {
    const routes = t.app.routeSchemas;
    expect(routes.map(keyOf).sort()).toEqual(t.app.apiRoutes.map(keyOf).sort());
    const problems: string[] = [];
    for (const route of routes) {
      const { schema } = route;
      const key = keyOf(route);
      if (!schema?.response || Object.keys(schema.response).length === 0) {
        problems.push(`${key} declares no response schema`);
      }
      const names = paramNames(route.url);
      if (names.length > 0) {
        const declared = schema?.params instanceof z.ZodObject ? Object.keys(schema.params.shape) : null;
        if (!declared) problems.push(`${key} declares no params schema`);
        else if (declared.sort().join() !== [...names].sort().join()) {
          problems.push(`${key} declares params ${declared.join(', ')}, its path has ${names.join(', ')}`);
        }
      }
      if (!schema?.hide && (!schema?.tags?.length || !schema.summary)) {
        problems.push(`${key} has no tag or no summary`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses with the messages parseOr400 gives, word for word', async () => {
    const signup = (body: string | undefined) =>
      send('POST', '/api/signup', {
        ...(body === undefined ? {} : { body, contentType: 'application/json' }),
      });
    const cases: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
      // A body that is not there and a body that is null are told apart, as the handlers did.
      [signup(undefined), parseOr400Message(newsletterSignupSchema, undefined)],
      [signup('null'), parseOr400Message(newsletterSignupSchema, null)],
      [signup('[]'), parseOr400Message(newsletterSignupSchema, [])],
      [signup('{"email":"a\\u0000@example.ca"}'), NUL_MESSAGE],
      [signup(`{"email":${'['.repeat(70)}${']'.repeat(70)}}`), 'The request is nested too deeply.'],
      [signup('{"email":"not an address"}'), parseOr400Message(newsletterSignupSchema, { email: 'x' })],
      // A message the schema writes, word for word.
      [
        send('POST', '/api/recipes', {
          token: admin.token,
          body: '{"product_id":1,"instructions":5}',
          contentType: 'application/json',
        }),
        'instructions must be text.',
      ],
      // zod's own message, prefixed with the field (the query, coerced).
      [
        send('GET', '/api/orders?pageSize=0', { token: admin.token }),
        parseOr400Message(z.object({ pageSize: z.coerce.number().int().min(1).max(200) }), { pageSize: '0' }),
      ],
      [
        send('GET', '/api/admin/messages?pageSize=0', { token: admin.token }),
        parseOr400Message(inboxQuerySchema, { pageSize: '0' }),
      ],
      // Fastify checks the path before the body, as the handlers parsed them.
      [
        send('PATCH', '/api/orders/abc', { token: buyer.token, body: '{}', contentType: 'application/json' }),
        'The id must be a positive whole number.',
      ],
    ];
    for (const [answer, message] of cases) {
      const res = await answer;
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(parseOr400Message(newsletterSignupSchema, undefined)).toMatch(/received undefined/);
    expect((await send('GET', '/api/orders?pageSize=0', { token: admin.token })).json()).toEqual({
      message: expect.stringMatching(/^pageSize: Too small/),
    });
  });

  it('answers any unknown /api path 404, a NUL in it included (the catch-all checks nothing)', async () => {
    for (const url of ['/api/no-such-route', '/api/x%00y', '/api/a/b/%F0%9F%8D%AA']) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('hands the handler what the schema made of the input (trimmed, lower-cased, defaults)', async () => {
    const res = await send('PATCH', `/api/users/${buyer.id}`, {
      token: buyer.token,
      body: JSON.stringify({ firstName: '  Ada  ', address: '' }),
      contentType: 'application/json',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { firstName: 'Ada', address: null } });
  });

  it("reads a PATCH body with the whitelist of the caller's role, after the path", async () => {
    const asCustomer = await send('PATCH', `/api/users/${buyer.id}`, {
      token: buyer.token,
      body: '{"isAdmin":"yes","lastName":"Lovelace"}',
      contentType: 'application/json',
    });
    expect(asCustomer.statusCode, asCustomer.body).toBe(200);
    expect(asCustomer.json()).toMatchObject({ user: { isAdmin: false, lastName: 'Lovelace' } });

    const asAdmin = await send('PATCH', `/api/users/${buyer.id}`, {
      token: admin.token,
      body: '{"isAdmin":"yes"}',
      contentType: 'application/json',
    });
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json()).toEqual({ message: 'isAdmin must be true or false.' });

    const badPath = await send('PATCH', '/api/users/0', {
      token: admin.token,
      body: '{"isAdmin":"yes"}',
      contentType: 'application/json',
    });
    expect(badPath.json()).toEqual({ message: 'The id must be a positive whole number.' });
  });

  it('whitelists every answer through its schema, refusals included', async () => {
    const app = Fastify();
    registerAccessControl(app, async () => null);
    registerErrorHandling(app);
    registerRouteSchemas(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/leaky',
      {
        config: { audience: 'anonymous' },
        schema: { response: { 200: z.object({ name: z.string() }), ...errorResponses } },
      },
      async () => ({ name: 'Ada', passwordHash: 'secret' }),
    );
    api.get(
      '/api/refused',
      { config: { audience: 'anonymous' }, schema: { response: { 200: z.object({}), ...errorResponses } } },
      async (_request, reply) => reply.status(409).send({ message: 'No.', stack: 'internals' } as never),
    );
    try {
      expect((await app.inject('/api/leaky')).json()).toEqual({ name: 'Ada' });
      const refused = await app.inject('/api/refused');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'No.' });
    } finally {
      await app.close();
    }
  });
});

/** Enough of OpenAPI 3.1 to hold the document to its shape. */
const schemaObject = z.record(z.string(), z.unknown());
const operationSchema = z.object({
  tags: z.array(z.string()).min(1),
  summary: z.string().min(1),
  'x-audience': z.enum(['anonymous', 'customer', 'admin']),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(
      z.object({
        in: z.enum(['path', 'query', 'header', 'cookie']),
        name: z.string(),
        required: z.boolean().optional(),
        schema: schemaObject,
      }),
    )
    .optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: schemaObject })) }).optional(),
  responses: z.record(
    z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/),
    z.object({
      description: z.string(),
      content: z.record(z.string(), z.object({ schema: schemaObject })).optional(),
      headers: z.record(z.string(), z.object({ schema: schemaObject })).optional(),
    }),
  ),
});
const documentSchema = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1) }),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  components: z.object({ securitySchemes: z.record(z.string(), z.object({ type: z.string() })) }),
  paths: z.record(z.string().startsWith('/api/'), z.record(z.string(), operationSchema)),
});
type OpenApi = z.infer<typeof documentSchema>;

/** Every schema object of the document: parameters, bodies, answers and their headers. */
function schemasOf(document: OpenApi): [string, Record<string, unknown>][] {
  const found: [string, Record<string, unknown>][] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? [])
        found.push([`${at} ${parameter.name}`, parameter.schema]);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        found.push([`${at} body ${type}`, media.schema]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          found.push([`${at} ${status} ${type}`, media.schema]);
        }
      }
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('leaves out the pages, assets and images the same app serves (they have no schema)', async () => {
    // The shop with its pages (web.ts) registers routes without schemas; the document once failed on them.
    const app = Fastify();
    registerAccessControl(app, async () => null);
    registerErrorHandling(app);
    registerRouteSchemas(app);
    await app.register(fastifySwagger, openApiOptions);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/ping',
      {
        config: { audience: 'anonymous' },
        schema: { tags: ['health'], summary: 'Ping', response: { 200: z.object({ ok: z.boolean() }) } },
      },
      async () => ({ ok: true }),
    );
    app.get('/*', async () => 'a page');
    apiDocsRoutes(app);
    try {
      const res = await app.inject('/api/openapi.json');
      expect(res.statusCode, res.body).toBe(200);
      const paths = Object.keys((res.json() as { paths: object }).paths);
      expect(paths).toContain('/api/ping');
      expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
      const reference = await app.inject('/api/reference');
      expect(reference.statusCode, reference.body).toBe(200);
      expect(reference.body).toContain('/api/ping');
    } finally {
      await app.close();
    }
  });

  it('is an OpenAPI 3.1 document of every route, with who may call it, public and cacheable', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const document = documentSchema.parse(res.json());
    expect(document.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(document.tags.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));

    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const routes = t.app.apiRoutes.filter((route) => route.url !== '/api/*');
    expect(documented.map((d) => `${d.method} ${d.path}`).sort()).toEqual(
      routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const { operation } = documented.find((d) => d.method === route.method && d.path === path)!;
      expect(operation['x-audience'], keyOf(route)).toBe(route.audience);
      expect(Boolean(operation.security), keyOf(route)).toBe(route.audience !== 'anonymous');
      expect(
        operation.tags.every((tag) => API_TAGS.some((known) => known.name === tag)),
        keyOf(route),
      ).toBe(true);
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), keyOf(route)).toEqual(paramNames(route.url).sort());
      expect(Object.keys(operation.responses), keyOf(route)).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
    // No secret of the configuration: nothing but routes and shapes.
    expect(res.body).not.toContain(t.config.dataDir);
  });

  it('holds schemas that are valid JSON Schema 2020-12, the dialect of OpenAPI 3.1', async () => {
    const document = documentSchema.parse((await t.app.inject('/api/openapi.json')).json());
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const invalid = schemasOf(document)
      .filter(([, schema]) => !ajv.validateSchema(schema))
      .map(([where]) => `${where}: ${ajv.errorsText(ajv.errors)}`);
    expect(invalid).toEqual([]);
    expect(schemasOf(document).length).toBeGreaterThan(100);
  });

  it('answers 304 to a client that has it', async () => {
    const first = await t.app.inject('/api/openapi.json');
    const again = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/reference', () => {
  it('is an HTML page of every route, grouped by module, without script and under a strict policy', async () => {
    const res = await t.app.inject('/api/reference');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(ERROR_PAGE_CSP);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script/i);
    for (const tag of API_TAGS) expect(html).toContain(`>${tag.name}</h2>`);
    for (const route of t.app.apiRoutes.filter((r) => r.url !== '/api/*')) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(html, keyOf(route)).toContain(`${route.method}</span> <code>${path}</code>`);
    }
    expect(html).toContain('Admin (bearer token)');
    expect(html).toContain('Signed-in customer (bearer token)');
    expect(html).toContain('Anyone');

    const again = await t.app.inject({
      url: '/api/reference',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is compressed once, at the best ratio, and sent from those bytes (brotli, gzip, identity)', async () => {
    const plain = await t.app.inject({ url: '/api/reference', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ url: '/api/reference', headers: { 'accept-encoding': 'gzip, br' } });
    const brAgain = await t.app.inject({ url: '/api/reference', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url: '/api/reference', headers: { 'accept-encoding': 'gzip' } });
    expect([br, gz].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip']);
    for (const r of [plain, br, gz]) {
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers.etag).toBe(plain.headers.etag);
      expect(r.headers['content-security-policy']).toBe(ERROR_PAGE_CSP);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    // Quality 11, not the per-request plugin's quality 4.
    const quick = brotliCompressSync(plain.rawPayload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.rawPayload.length).toBeLessThan(quick.length);
  });
});
