import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { messages } from '../../domain/messages.js';
import type { Viewer } from './viewer.js';
import { HttpError } from './errors.js';

/**
 * Who may call a route (docs/product.md, Who uses it). Every /api route declares one in
 * `config.audience`.
 */
export type Audience = 'anonymous' | 'customer' | 'admin';
export const AUDIENCES: readonly Audience[] = ['anonymous', 'customer', 'admin'];

export interface RegisteredRoute {
  method: string;
  url: string;
  audience: Audience;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
    /**
     * An account-security action (decision 0040), which a session started by a cart restore link
     * may not take: `true` for every call of the route, or a test of the request for a route where
     * only some calls are (changing the e-mail through PATCH /api/users/{id}). Admin routes are
     * always such actions.
     */
    accountSecurity?: true | ((request: FastifyRequest) => boolean);
  }
  interface FastifyInstance {
    /** Every /api route with its declared audience, for the authorization tests. */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user of the bearer token, looked up once per request; null when anonymous. */
    viewer(): Promise<Viewer | null>;
  }
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a route whose audience guarantees one (customer or admin). */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new HttpError(401, messages.signInRequired);
  return viewer;
}

/**
 * The one check of a session's kind (decision 0040): a session started by a cart restore link (a
 * marketing e-mail, 48 hours) may shop and pay, but an account-security action needs a sign-in.
 */
async function requireFullSession(request: FastifyRequest): Promise<void> {
  const viewer = await requireViewer(request);
  if (viewer.sessionKind !== 'full') throw new HttpError(403, messages.fullSessionRequired);
}

/**
 * Refuses to register an /api route that does not say who may call it, and enforces the declaration
 * on every request: customer routes need a live session (401), admin routes an admin (401 or 403),
 * account-security actions a session that began with a sign-in (403, see `accountSecurity`).
 * Ownership of a resource is the service's job; this only checks the role.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveSession: (token: string) => Promise<Viewer | null>,
): void {
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = viewers.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token ? resolveSession(token) : Promise.resolve(null);
      viewers.set(this, pending);
    }
    return pending;
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const audience = (route.config as { audience?: Audience } | undefined)?.audience;
    if (!audience || !AUDIENCES.includes(audience)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare its audience (config.audience)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, audience });
    }
    const security = (route.config as { accountSecurity?: unknown } | undefined)?.accountSecurity;
    if (audience === 'anonymous') {
      if (security)
        throw new Error(
          `Route ${String(route.method)} ${route.url}: an anonymous route has no session to check`,
        );
      return;
    }
    const always = audience === 'admin' || security === true;
    const check = async (request: FastifyRequest) => {
      const viewer = await requireViewer(request);
      if (audience === 'admin' && !viewer.isAdmin) throw new HttpError(403, messages.forbidden);
      if (always) await requireFullSession(request);
    };
    // onRequest: before the body is even parsed, so strangers cannot make us read their uploads.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
    if (typeof security === 'function') {
      // Depends on the body: checked once it is parsed, before the handler.
      const test = security as (request: FastifyRequest) => boolean;
      const checkBody: preHandlerHookHandler = async (request) => {
        if (test(request)) await requireFullSession(request);
      };
      route.preHandler = [checkBody, ...(route.preHandler ? [route.preHandler].flat() : [])];
    }
  });
}
