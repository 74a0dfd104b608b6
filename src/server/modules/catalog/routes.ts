import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isSlug } from '../../../domain/slug.js';
import { notFound, parseOr400 } from '../../http/errors.js';
import { sendRepresentation } from '../../http/representation.js';
import type { CatalogCache } from './cache.js';

const slugParams = z.object({ slug: z.string() });

/**
 * The public catalogue, answered from the cache (cache.ts): each answer is serialized and compressed
 * once per catalogue version, and carries a strong ETag, so a client that has it gets a 304.
 */
export function catalogRoutes(app: FastifyInstance, cache: CatalogCache): void {
  const anyone = { audience: 'anonymous' } as const;

  app.get('/api/products', { config: anyone }, async (request, reply) => {
    const snapshot = await cache.snapshot();
    return sendRepresentation(request, reply, await snapshot.representation('products', snapshot.products));
  });

  app.get('/api/products/:slug', { config: anyone }, async (request, reply) => {
    const { slug } = parseOr400(slugParams, request.params);
    const snapshot = await cache.snapshot();
    const product = isSlug(slug) ? snapshot.productBySlug.get(slug) : undefined;
    if (!product) throw notFound('Product not found');
    return sendRepresentation(request, reply, await snapshot.representation(`product:${slug}`, product));
  });

  app.get('/api/categories', { config: anyone }, async (request, reply) => {
    const snapshot = await cache.snapshot();
    return sendRepresentation(
      request,
      reply,
      await snapshot.representation('categories', snapshot.categories),
    );
  });

  app.get('/api/categories/:slug', { config: anyone }, async (request, reply) => {
    const { slug } = parseOr400(slugParams, request.params);
    const snapshot = await cache.snapshot();
    const category = isSlug(slug) ? snapshot.categoryBySlug.get(slug) : undefined;
    if (!category) throw notFound('Category not found');
    return sendRepresentation(request, reply, await snapshot.representation(`category:${slug}`, category));
  });
}
