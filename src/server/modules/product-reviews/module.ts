import { defineModule } from '../shop-module.js';
import { productReviewRoutes } from './routes.js';
import { createProductReviewsService, type ProductReviewsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Product reviews from verified buyers (decision 0063), for the product page's first render. */
    productReviews: ProductReviewsService;
  }
}

/** Product reviews from verified buyers and their moderation (decision 0063). */
export const productReviewsModule = defineModule('product-reviews', (app, { database }) => {
  const reviews = createProductReviewsService({
    db: database.db,
    getProduct: (slug) => app.catalog.getProduct(slug),
    onPublishedChange: () => app.catalogCache.expire(),
  });
  app.decorate('productReviews', reviews);
  productReviewRoutes(app, reviews);
});
