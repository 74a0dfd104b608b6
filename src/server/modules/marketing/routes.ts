import type { FastifyInstance } from 'fastify';
import { contactMessageSchema, newsletterSignupSchema } from '../../../domain/marketing.js';
import { messages } from '../../../domain/messages.js';
import { parseOr400 } from '../../http/errors.js';
import type { ReviewsService } from './reviews.js';
import type { MarketingService } from './service.js';

/** Per client (IP) and route; shared between instances when REDIS_URL is set (decision 0017). */
const FORM_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

export function marketingRoutes(
  app: FastifyInstance,
  marketing: MarketingService,
  reviews: ReviewsService,
): void {
  app.post(
    '/api/signup',
    { config: { audience: 'anonymous', rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parseOr400(newsletterSignupSchema, request.body);
      await marketing.subscribe(email);
      return { message: messages.newsletterThanks };
    },
  );

  app.post('/api/contact', { config: { audience: 'anonymous', rateLimit: FORM_LIMIT } }, async (request) => {
    const message = parseOr400(contactMessageSchema, request.body);
    await marketing.sendContactMessage(message);
    return { message: messages.contactThanks };
  });

  app.get('/api/google-reviews', { config: { audience: 'anonymous' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { reviews: await reviews.list() };
  });
}
