import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageReplySchema } from '../../../domain/accounts.js';
import {
  contactMessageSchema,
  newsletterSignupSchema,
  reviewsReplySchema,
} from '../../../domain/marketing.js';
import { messages } from '../../../domain/messages.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { ReviewsService } from './reviews.js';
import type { MarketingService } from './service.js';

/** Per client (IP) and route; shared between instances when REDIS_URL is set (decision 0017). */
const FORM_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

export function marketingRoutes(
  fastify: FastifyInstance,
  marketing: MarketingService,
  reviews: ReviewsService,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketing'];
  const thanks = { 200: messageReplySchema, ...errorResponses };

  app.post(
    '/api/signup',
    {
      config: { audience: 'anonymous', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { tags, summary: 'Sign up for the newsletter', body: newsletterSignupSchema, response: thanks },
    },
    async (request) => {
      await marketing.subscribe(request.body.email);
      return { message: messages.newsletterThanks };
    },
  );

  app.post(
    '/api/contact',
    {
      config: { audience: 'anonymous', rateLimit: FORM_LIMIT },
      schema: { tags, summary: 'Send the shop a message', body: contactMessageSchema, response: thanks },
    },
    async (request) => {
      await marketing.sendContactMessage(request.body);
      return { message: messages.contactThanks };
    },
  );

  app.get(
    '/api/google-reviews',
    {
      config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: "The shop's Google reviews",
        response: { 200: reviewsReplySchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { reviews: await reviews.list() };
    },
  );
}
