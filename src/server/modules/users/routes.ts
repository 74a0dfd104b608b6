import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  passwordChangeSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import { adminUserUpdateSchema, registerSchema, userUpdateSchema } from '../../../domain/account-details.js';
import { requireViewer } from '../../http/audience.js';
import { idField } from '../../http/ids.js';
import { HttpError, parseOr400 } from '../../http/errors.js';
import type { OrdersService } from '../orders/service.js';
import type { AccountLinks } from './account-links.js';
import type { ClientInfo, UsersService } from './service.js';

const idParams = z.object({ id: idField });
const userIdParams = z.object({ userId: idField });

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Registration per client (IP); login has its own failure-based throttle in the service. */
const REGISTER_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
/**
 * The e-mail link flows, per client (IP). Each account also has its own hourly limit on links sent
 * (account-links.ts), so one address cannot be flooded from many clients.
 */
const FORGOT_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;
const LINK_USE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;
const RESEND_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

export function userRoutes(
  app: FastifyInstance,
  users: UsersService,
  links: AccountLinks,
  orders: OrdersService,
): void {
  const anyone = { audience: 'anonymous' } as const;
  const customer = { audience: 'customer' } as const;
  const admin = { audience: 'admin' } as const;

  app.post(
    '/api/users/register',
    { config: { ...anyone, rateLimit: REGISTER_LIMIT } },
    async (request, reply) => {
      const input = parseOr400(registerSchema, request.body);
      reply.status(201);
      return users.register(input, clientOf(request));
    },
  );

  app.post('/api/users/login', { config: anyone }, async (request) => {
    const input = parseOr400(loginSchema, request.body);
    return users.login(input, clientOf(request));
  });

  app.post(
    '/api/users/google',
    { config: { ...anyone, rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request) => {
      const { token } = parseOr400(googleLoginSchema, request.body);
      return users.loginWithGoogle(token, clientOf(request));
    },
  );

  // Account recovery and e-mail confirmation (issue 15, decision 0021).
  app.post(
    '/api/users/forgot-password',
    { config: { ...anyone, rateLimit: FORGOT_LIMIT } },
    async (request) => {
      const { email } = parseOr400(forgotPasswordSchema, request.body);
      links.forgotPassword(email);
      return { message: messages.forgotPasswordSent };
    },
  );

  app.post(
    '/api/users/reset-password/check',
    { config: { ...anyone, rateLimit: LINK_USE_LIMIT } },
    async (request) => {
      const { token } = parseOr400(resetLinkCheckSchema, request.body);
      if (!(await links.resetLinkWorks(token))) throw new HttpError(400, messages.resetLinkInvalid);
      return { message: 'This link works.' };
    },
  );

  app.post(
    '/api/users/reset-password',
    { config: { ...anyone, rateLimit: LINK_USE_LIMIT } },
    async (request) => {
      const input = parseOr400(resetPasswordSchema, request.body);
      return users.resetPassword(input, clientOf(request));
    },
  );

  app.post(
    '/api/users/verify-email',
    { config: { ...anyone, rateLimit: LINK_USE_LIMIT } },
    async (request) => {
      const { token } = parseOr400(verifyEmailSchema, request.body);
      const { email } = await links.verifyEmail(token);
      return { message: messages.emailConfirmed, email };
    },
  );

  app.post(
    '/api/users/verify-email/resend',
    { config: { ...customer, rateLimit: RESEND_LIMIT } },
    async (request) => users.resendVerification(await requireViewer(request)),
  );

  app.post('/api/users/logout', { config: customer }, async (request, reply) => {
    await users.logout(await requireViewer(request));
    return reply.status(204).send();
  });

  app.get('/api/users', { config: admin }, async () => users.list());

  app.get('/api/users/:id', { config: customer }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return { user: await users.get(await requireViewer(request), id) };
  });

  app.patch('/api/users/:id', { config: customer }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const viewer = await requireViewer(request);
    // Each role gets its own whitelist; keys outside it are dropped by the schema, never applied.
    const changes = viewer.isAdmin
      ? parseOr400(adminUserUpdateSchema, request.body)
      : parseOr400(userUpdateSchema, request.body);
    return { user: await users.update(viewer, id, changes) };
  });

  app.post(
    '/api/users/:id/password',
    { config: { ...customer, rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const { id } = parseOr400(idParams, request.params);
      const input = parseOr400(passwordChangeSchema, request.body);
      return users.changePassword(await requireViewer(request), id, input, clientOf(request));
    },
  );

  app.delete('/api/users/:id', { config: admin }, async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    await users.remove(await requireViewer(request), id);
    return reply.status(204).send();
  });

  app.get('/api/users/:userId/orders', { config: customer }, async (request) => {
    const { userId } = parseOr400(userIdParams, request.params);
    const viewer = await requireViewer(request);
    // Another customer's orders answer exactly like a missing user.
    await users.get(viewer, userId);
    return orders.listForUser(userId);
  });
}
