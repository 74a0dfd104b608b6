import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageReplySchema } from '../../../domain/accounts.js';
import {
  contactMessageSchema,
  newsletterSignupSchema,
  reviewsReplySchema,
} from '../../../domain/marketing.js';
import { messages } from '../../../domain/messages.js';
import { newsletterConfirmSchema } from '../../../domain/newsletter.js';
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
    // The same answer for every address (new, pending, confirmed, unsubscribed): it tells nobody
    // whether the shop knows an address. The link goes to the address's owner (decision 0042).
    async (request) => {
      await marketing.subscribe(request.body.email);
      return { message: messages.newsletterCheckInbox };
    },
  );

  app.post(
    '/api/signup/confirm',
    {
      // A token is 256 random bits: the limit is for load, not against guessing.
      config: { audience: 'anonymous', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Confirm a newsletter sign-up',
        body: newsletterConfirmSchema,
        response: thanks,
      },
    },
    // A link works once, for a week; an expired, used, replaced or forged one answers 400 naming the
    // problem and changes nothing.
    async (request) => {
      await marketing.confirm(request.body.token, { clientAddress: request.ip });
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
