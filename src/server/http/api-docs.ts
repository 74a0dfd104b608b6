/**
 * The API's own description (decision 0024): the OpenAPI document @fastify/swagger builds
 * from the route schemas, at GET /api/openapi.json, and a page people can read, at GET /api/reference.
 * Both describe routes only (nothing of the configuration), so they are public and cached.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { brand } from '../../domain/brand.js';
import { renderReference } from './api-reference.js';
import { ERROR_PAGE_CSP } from './error-page.js';
import {
  buildRepresentation,
  representationOf,
  type Representation,
  sendRepresentation,
} from './representation.js';
import { errorResponses, notModified } from './route-schemas.js';
import { BEARER_AUTH } from './validation.js';

/** The modules, in the order the reference shows them. */
export const API_TAGS: readonly OpenAPIV3_1.TagObject[] = [
  { name: 'catalogue', description: 'Products and categories, as the storefront shows them.' },
  { name: 'search', description: 'Catalogue search: ranked, typo-tolerant, with filters and sorts.' },
  { name: 'users', description: 'Accounts: registration, sign-in, profiles, recovery links.' },
  { name: 'addresses', description: "A signed-in customer's saved shipping addresses and the default." },
  { name: 'checkout', description: 'Payment intents, the test card processor, and placing the order.' },
  { name: 'orders', description: 'Orders: their details, address, cancellation, status, refunds, timeline.' },
  {
    name: 'subscriptions',
    description: "Subscribe and save: a customer's repeat deliveries, and the admin's list of them.",
  },
  {
    name: 'abandoned carts',
    description: 'Saving a cart at checkout, and restoring it from the reminder link.',
  },
  { name: 'marketing', description: 'Newsletter sign-up, the contact form and reviews.' },
  {
    name: 'product reviews',
    description: 'Reviews of products by verified buyers, helpful votes, and their moderation.',
  },
  {
    name: 'products (admin)',
    description:
      'Product management: create, change, make draft or active, or delete products, and their photo galleries.',
  },
  { name: 'recipes', description: 'Recipes, ingredients and the production plan.' },
  { name: 'inbox', description: "The admin's inbox: contact messages and newsletter sign-ups." },
  { name: 'overview', description: "The shop's numbers and CSV exports." },
  { name: 'vitals', description: "Real-user Web Vitals: the browser's reports and the admin's report." },
  { name: 'health', description: 'Liveness and readiness of an instance.' },
  { name: 'docs', description: 'This description of the API.' },
];

/**
 * fastify-type-provider-zod's transform, with each answer described by its status where its schema is
 * not. Only /api is the API: the pages, assets and images the same app serves have no schema and are
 * left out of the document.
 */
export const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (route) => {
  if (!route.url.startsWith('/api')) return { schema: { hide: true }, url: route.url };
  const result = jsonSchemaTransform(route);
  const responses = (result.schema as { response?: Record<string, { description?: string }> } | undefined)
    ?.response;
  for (const [status, response] of Object.entries(responses ?? {})) {
    response.description ??= STATUS_CODES[status] ?? `${status[0]}xx`;
  }
  return result;
};

/** @fastify/swagger's options: OpenAPI 3.1 from the zod schemas (fastify-type-provider-zod). */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: `${brand.name} shop API`,
      version: '1',
      description:
        'Every call of the shop. Errors always answer `{ message }`. Customer and admin calls need the ' +
        'bearer token a sign-in answers; `x-audience` says who may call each one.',
    },
    tags: [...API_TAGS],
    components: {
      securitySchemes: {
        [BEARER_AUTH]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token of POST /api/users/login (or register, google, reset-password).',
        },
      },
    },
  },
  transform,
};

/** The document changes only with a deploy: cached for an hour, then revalidated by its ETag. */
const DOCS_CACHE = 'public, max-age=3600';

const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI 3.1 document.');

export function apiDocsRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { audience: 'anonymous' } as const;
  const tags = ['docs'];

  // Built on first use (the routes are all known by then), once per process.
  let document: Promise<Representation> | undefined;
  let page: Promise<Representation> | undefined;
  const openApi = () => app.swagger() as OpenAPIV3_1.Document;

  app.get(
    '/api/openapi.json',
    {
      config,
      schema: {
        tags,
        summary: 'This API as an OpenAPI 3.1 document',
        response: { 200: openApiDocumentSchema, 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      document ??= buildRepresentation(openApi());
      return sendRepresentation(request, reply, await document, DOCS_CACHE);
    },
  );

  app.get(
    '/api/reference',
    {
      config,
      schema: {
        tags,
        summary: 'This API as a page to read (HTML)',
        produces: ['text/html'],
        response: { 200: z.string().describe('An HTML page.'), 304: notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Rendered and compressed once per process (about 170 kB of HTML), like the OpenAPI document.
      page ??= representationOf(renderReference(openApi(), API_TAGS));
      reply.header('content-security-policy', ERROR_PAGE_CSP);
      return sendRepresentation(request, reply, await page, DOCS_CACHE, 'text/html; charset=utf-8');
    },
  );
}
