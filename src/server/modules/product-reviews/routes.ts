import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductReviewPageSchema,
  adminProductReviewSchema,
  adminProductReviewsQuerySchema,
  helpfulVoteSchema,
  myProductReviewSchema,
  productReviewInputSchema,
  productReviewModerationSchema,
  productReviewPageSchema,
  productReviewsQuerySchema,
  reviewSettingsSchema,
} from '../../../domain/product-review-schemas.js';
import { productReviewMessages } from '../../../domain/product-reviews.js';
import { isSlug } from '../../../domain/slug.js';
import { requireViewer } from '../../http/audience.js';
import { notFound } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/route-schemas.js';
import type { ProductReviewsService } from './service.js';

const slugParams = z.object({ slug: z.string().describe('The product slug, e.g. chunky-variety-pack.') });
/** Writing and editing: a few a day is what a shopper does; more is a script. */
const WRITE_LIMIT = { max: 10, timeWindow: '1 hour' };
const VOTE_LIMIT = { max: 60, timeWindow: '15 minutes' };

/** Product reviews from verified buyers (decision 0063): thin routes over service.ts. */
export function productReviewRoutes(fastify: FastifyInstance, reviews: ProductReviewsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['product reviews'];
  const slugOf = (slug: string) => {
    if (!isSlug(slug)) throw notFound(productReviewMessages.productNotFound);
    return slug;
  };

  app.get(
    '/api/products/:slug/reviews',
    {
      config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: "A product's published reviews, a page at a time, with their average and distribution",
        params: slugParams,
        querystring: productReviewsQuerySchema,
        response: { 200: productReviewPageSchema, ...errorResponses },
      },
    },
    async (request) => reviews.list(slugOf(request.params.slug), request.query),
  );

  app.get(
    '/api/products/:slug/reviews/mine',
    {
      config: { audience: 'customer' },
      schema: {
        tags,
        summary: "The caller's review of the product, and whether they may write one",
        params: slugParams,
        response: { 200: myProductReviewSchema, ...errorResponses },
      },
    },
    async (request) => reviews.mine(await requireViewer(request), slugOf(request.params.slug)),
  );

  app.post(
    '/api/products/:slug/reviews',
    {
      config: { audience: 'customer', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: "Write the caller's review of a product they received, or edit it",
        description:
          'Only for a customer with an order of the product that reached Delivered or was paid more than 14 days ago (403 otherwise). One review per product and customer: a second POST edits it (200). With moderation on it waits for the owner.',
        params: slugParams,
        body: productReviewInputSchema,
        response: { 200: myProductReviewSchema, 201: myProductReviewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { created, mine } = await reviews.write(viewer, slugOf(request.params.slug), request.body);
      reply.status(created ? 201 : 200);
      return mine;
    },
  );

  app.post(
    '/api/product-reviews/:id/helpful',
    {
      config: { audience: 'customer', rateLimit: VOTE_LIMIT },
      schema: {
        tags,
        summary: 'Mark a published review as helpful (once per shopper; not one’s own)',
        params: idParams,
        response: { 200: helpfulVoteSchema, ...errorResponses },
      },
    },
    async (request) => reviews.voteHelpful(await requireViewer(request), request.params.id),
  );

  app.get(
    '/api/admin/product-reviews',
    {
      config: { audience: 'admin' },
      schema: {
        tags,
        summary: 'Every review, newest first, filtered by status',
        querystring: adminProductReviewsQuerySchema,
        response: { 200: adminProductReviewPageSchema, ...errorResponses },
      },
    },
    async (request) => reviews.adminList(request.query),
  );

  app.patch(
    '/api/admin/product-reviews/:id',
    {
      config: { audience: 'admin' },
      schema: {
        tags,
        summary: 'Publish or hide a review, and/or reply to it (an empty reply removes it)',
        params: idParams,
        body: productReviewModerationSchema,
        response: { 200: adminProductReviewSchema, ...errorResponses },
      },
    },
    async (request) => reviews.moderate(request.params.id, request.body),
  );

  app.get(
    '/api/admin/review-settings',
    {
      config: { audience: 'admin' },
      schema: {
        tags,
        summary: 'Whether new reviews wait for moderation',
        response: { 200: reviewSettingsSchema, ...errorResponses },
      },
    },
    async () => reviews.settings(),
  );

  app.put(
    '/api/admin/review-settings',
    {
      config: { audience: 'admin' },
      schema: {
        tags,
        summary: 'Turn review moderation on or off',
        body: reviewSettingsSchema,
        response: { 200: reviewSettingsSchema, ...errorResponses },
      },
    },
    async (request) => reviews.updateSettings(request.body),
  );
}
