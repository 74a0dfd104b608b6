import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  messageReplySchema,
  passwordChangeSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  userReplySchema,
  userSchema,
  verifyEmailReplySchema,
  verifyEmailSchema,
} from '../../../domain/accounts.js';
import { messages } from '../../../domain/messages.js';
import { orderSchema } from '../../../domain/orders.js';
import { adminUserUpdateSchema, registerSchema, userUpdateSchema } from '../../../domain/account-details.js';
import { requireViewer } from '../../http/audience.js';
import { idField } from '../../http/ids.js';
import { HttpError } from '../../http/errors.js';
import { errorResponses, idParams, noContent } from '../../http/route-schemas.js';
import { roleBody } from '../../http/validation.js';
import type { OrdersService } from '../orders/service.js';
import type { AccountLinks } from './account-links.js';
import type { ClientInfo, UsersService } from './service.js';

const userIdParams = z.object({ userId: idField });
const tags = ['users'];

/** A PATCH body that names an e-mail, before or after its parsing. */
const hasEmail = (body: unknown) => typeof body === 'object' && body !== null && 'email' in body;

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
  fastify: FastifyInstance,
  users: UsersService,
  links: AccountLinks,
  orders: OrdersService,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyone = { audience: 'anonymous' } as const;
  const customer = { audience: 'customer' } as const;
  const admin = { audience: 'admin' } as const;
  const signedIn = { 200: authResponseSchema, ...errorResponses };

  app.post(
    '/api/users/register',
    {
      config: { ...anyone, rateLimit: REGISTER_LIMIT },
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerSchema,
        response: { 201: authResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return users.register(request.body, clientOf(request));
    },
  );

  app.post(
    '/api/users/login',
    {
      config: anyone,
      schema: { tags, summary: 'Sign in with e-mail and password', body: loginSchema, response: signedIn },
    },
    async (request) => users.login(request.body, clientOf(request)),
  );

  app.post(
    '/api/users/google',
    {
      config: { ...anyone, rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        body: googleLoginSchema,
        response: signedIn,
      },
    },
    async (request) => users.loginWithGoogle(request.body.token, clientOf(request)),
  );

  // Account recovery and e-mail confirmation (decision 0021).
  app.post(
    '/api/users/forgot-password',
    {
      config: { ...anyone, rateLimit: FORGOT_LIMIT },
      schema: {
        tags,
        summary: 'E-mail a password reset link (the same answer whether or not the address has an account)',
        body: forgotPasswordSchema,
        response: { 200: messageReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      links.forgotPassword(request.body.email);
      return { message: messages.forgotPasswordSent };
    },
  );

  app.post(
    '/api/users/reset-password/check',
    {
      config: { ...anyone, rateLimit: LINK_USE_LIMIT },
      schema: {
        tags,
        summary: 'Say whether a password reset link still works',
        body: resetLinkCheckSchema,
        response: { 200: messageReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await links.resetLinkWorks(request.body.token))) {
        throw new HttpError(400, messages.resetLinkInvalid);
      }
      return { message: 'This link works.' };
    },
  );

  app.post(
    '/api/users/reset-password',
    {
      config: { ...anyone, rateLimit: LINK_USE_LIMIT },
      schema: {
        tags,
        summary: 'Set a new password through a reset link, and sign in',
        body: resetPasswordSchema,
        response: signedIn,
      },
    },
    async (request) => users.resetPassword(request.body, clientOf(request)),
  );

  app.post(
    '/api/users/verify-email',
    {
      config: { ...anyone, rateLimit: LINK_USE_LIMIT },
      schema: {
        tags,
        summary: 'Confirm an e-mail address through its link',
        body: verifyEmailSchema,
        response: { 200: verifyEmailReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { email } = await links.verifyEmail(request.body.token);
      return { message: messages.emailConfirmed, email };
    },
  );

  app.post(
    '/api/users/verify-email/resend',
    {
      config: { ...customer, rateLimit: RESEND_LIMIT },
      schema: {
        tags,
        summary: "Send a new confirmation link to the caller's address (or the new one waiting)",
        response: { 200: messageReplySchema, ...errorResponses },
      },
    },
    async (request) => users.resendVerification(await requireViewer(request)),
  );

  app.post(
    '/api/users/logout',
    {
      config: customer,
      schema: { tags, summary: 'End this session', response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await users.logout(await requireViewer(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every account, newest first',
        response: { 200: z.array(userSchema), ...errorResponses },
      },
    },
    async () => users.list(),
  );

  app.get(
    '/api/users/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'One account: customers their own, admins any',
        params: idParams,
        response: { 200: userReplySchema, ...errorResponses },
      },
    },
    async (request) => ({ user: await users.get(await requireViewer(request), request.params.id) }),
  );

  app.patch(
    '/api/users/:id',
    {
      // Changing the e-mail is an account-security action: not from a cart restore link's session.
      config: { ...customer, accountSecurity: (request) => hasEmail(request.body) },
      schema: {
        tags,
        summary: 'Change account fields: customers their own profile, admins any account and isAdmin',
        description:
          'Each role has its own whitelist: other keys are dropped, never applied. isAdmin is read for admins only. ' +
          'A change of your own e-mail needs currentPassword (Google-only accounts: googleToken, from a Google sign-in of the last 5 minutes), ' +
          'and a session that began with a sign-in, not with a cart restore link.',
        params: idParams,
        // Parsed after the access check, with the caller's role's schema (validation.ts).
        body: roleBody(userUpdateSchema, adminUserUpdateSchema),
        response: { 200: userReplySchema, ...errorResponses },
      },
    },
    async (request) => ({
      user: await users.update(
        await requireViewer(request),
        request.params.id,
        request.body,
        clientOf(request),
      ),
    }),
  );

  app.post(
    '/api/users/:id/password',
    {
      config: { ...customer, accountSecurity: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Change the caller's own password; every other session ends",
        description:
          'Needs currentPassword (a Google-only account setting its first one: googleToken, from a Google sign-in of the last 5 minutes), ' +
          'and a session that began with a sign-in, not with a cart restore link.',
        params: idParams,
        body: passwordChangeSchema,
        response: signedIn,
      },
    },
    async (request) =>
      users.changePassword(await requireViewer(request), request.params.id, request.body, clientOf(request)),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { ...admin, accountSecurity: true },
      schema: {
        tags,
        summary: 'Delete an account (its orders stay)',
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await users.remove(await requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:userId/orders',
    {
      config: customer,
      schema: {
        tags,
        summary: "An account's orders: customers their own, admins any",
        params: userIdParams,
        response: { 200: z.array(orderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = request.params;
      // Another customer's orders answer exactly like a missing user.
      await users.get(await requireViewer(request), userId);
      return orders.listForUser(userId);
    },
  );
}
