import type { FastifyInstance } from 'fastify';
import { newsletterSignupSchema } from '../../../domain/marketing.js';
import { messages } from '../../../domain/messages.js';
import { parseOr400 } from '../../http/errors.js';
import type { MarketingService } from './service.js';

export function marketingRoutes(app: FastifyInstance, marketing: MarketingService): void {
  app.post(
    '/api/signup',
    { config: { audience: 'anonymous', rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parseOr400(newsletterSignupSchema, request.body);
      await marketing.subscribe(email);
      return { message: messages.newsletterThanks };
    },
  );
}
