import type { FastifyInstance } from 'fastify';

/** Who may call a route (SPEC §6). Every /api route declares one in `config.audience`. */
export type Audience = 'anonymous' | 'customer' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
  }
}

/** Refuses to register an /api route that does not say who may call it. */
export function requireAudienceDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const audience = (route.config as { audience?: Audience } | undefined)?.audience;
    if (!audience) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare its audience (config.audience)`,
      );
    }
  });
}
