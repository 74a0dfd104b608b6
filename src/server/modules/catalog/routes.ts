import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isSlug } from '../../../domain/slug.js';
import { notFound, parseOr400 } from '../../http/errors.js';
import type { CatalogService } from './service.js';

const slugParams = z.object({ slug: z.string() });

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const anyone = { audience: 'anonymous' } as const;

  app.get('/api/products', { config: anyone }, async () => catalog.listProducts());

  app.get('/api/products/:slug', { config: anyone }, async (request) => {
    const { slug } = parseOr400(slugParams, request.params);
    const product = isSlug(slug) ? await catalog.getProduct(slug) : null;
    if (!product) throw notFound('Product not found');
    return product;
  });

  app.get('/api/categories', { config: anyone }, async () => catalog.listCategories());

  app.get('/api/categories/:slug', { config: anyone }, async (request) => {
    const { slug } = parseOr400(slugParams, request.params);
    const category = isSlug(slug) ? await catalog.getCategory(slug) : null;
    if (!category) throw notFound('Category not found');
    return category;
  });
}
