import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, productSchema } from '../../../domain/catalog-schemas.js';
import { isSlug } from '../../../domain/slug.js';
import { notFound } from '../../http/errors.js';
import { sendRepresentation } from '../../http/representation.js';
import { documentedOnly } from '../../http/validation.js';
import { errorResponses, notModified } from '../../http/route-schemas.js';
import type { CatalogCache } from './cache.js';

/**
 * A path parameter is always a string, so checking that it is one can never refuse anything: the
 * schema only documents it (no parse on the catalogue's hottest reads, decision 0075), and the
 * handler's `isSlug` decides, answering 404 to anything that is not a slug as before.
 */
const slugParams = documentedOnly(
  z.object({ slug: z.string().describe('The slug, e.g. chunky-variety-pack.') }),
);

/**
 * The public catalogue, answered from the cache (cache.ts): each answer is serialized and compressed
 * once per catalogue version, and carries a strong ETag, so a client that has it gets a 304. The
 * response schemas describe those prepared answers (built from the typed catalogue shapes); they are
 * not run per request.
 */
export function catalogRoutes(fastify: FastifyInstance, cache: CatalogCache): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyone = { audience: 'anonymous' } as const;
  // Each answer is sent as prepared, in the encoding asked for (representation.ts): the compression
  // plugin's hooks have nothing to do on these routes (decision 0075).
  const tags = ['catalogue'];
  const cached = <S extends z.ZodType>(schema: S) => ({ 200: schema, 304: notModified, ...errorResponses });

  app.get(
    '/api/products',
    {
      config: anyone,
      compress: false,
      schema: { tags, summary: 'Every product the shop shows', response: cached(z.array(productSchema)) },
    },
    async (request, reply) => {
      const snapshot = await cache.snapshot();
      return sendRepresentation(request, reply, await snapshot.representation('products', snapshot.products));
    },
  );

  app.get(
    '/api/products/:slug',
    {
      config: anyone,
      compress: false,
      schema: {
        tags,
        summary: 'One product, by its slug',
        params: slugParams,
        response: cached(productSchema),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const snapshot = await cache.snapshot();
      const product = isSlug(slug) ? snapshot.productBySlug.get(slug) : undefined;
      if (!product) throw notFound('Product not found');
      return sendRepresentation(request, reply, await snapshot.representation(`product:${slug}`, product));
    },
  );

  app.get(
    '/api/categories',
    {
      config: anyone,
      compress: false,
      schema: {
        tags,
        summary: 'Every category, with its products',
        response: cached(z.array(categorySchema)),
      },
    },
    async (request, reply) => {
      const snapshot = await cache.snapshot();
      return sendRepresentation(
        request,
        reply,
        await snapshot.representation('categories', snapshot.categories),
      );
    },
  );

  app.get(
    '/api/categories/:slug',
    {
      config: anyone,
      compress: false,
      schema: {
        tags,
        summary: 'One category with its products, by its slug',
        params: slugParams,
        response: cached(categorySchema),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const snapshot = await cache.snapshot();
      const category = isSlug(slug) ? snapshot.categoryBySlug.get(slug) : undefined;
      if (!category) throw notFound('Category not found');
      return sendRepresentation(request, reply, await snapshot.representation(`category:${slug}`, category));
    },
  );
}
