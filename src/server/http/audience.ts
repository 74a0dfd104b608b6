import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.js';
import type { Viewer } from '../modules/users/sessions.js';
import { HttpError } from './errors.js';

/** Who may call a route (SPEC §6). Every /api route declares one in `config.audience`. */
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
 * Refuses to register an /api route that does not say who may call it, and enforces the declaration
 * on every request: customer routes need a live session (401), admin routes an admin (401 or 403).
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
    if (audience === 'anonymous') return;
    const check = async (request: FastifyRequest) => {
      const viewer = await requireViewer(request);
      if (audience === 'admin' && !viewer.isAdmin) throw new HttpError(403, messages.forbidden);
    };
    // onRequest: before the body is even parsed, so strangers cannot make us read their uploads.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
  });
}
