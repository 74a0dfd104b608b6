/**
 * What every answer gets, whichever module makes it: draining on shutdown, security headers,
 * compression and rate limits; and multipart uploads, for the routes that take them.
 */
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { MAX_IMAGE_BYTES } from '../modules/uploads/product-images.js';
import { registerRateLimits } from './rate-limit.js';
import { securityHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export async function registerHttpBasics(app: FastifyInstance, config: Config): Promise<void> {
  // Set by main.ts on SIGTERM: health checks fail so load balancers stop sending traffic, and every
  // answer closes its connection, so clients move to other instances before this one stops.
  app.decorate('lifecycle', { draining: false });
  // Helmet's headers, computed once (security-headers.ts): set when the request comes in, so a route
  // may still set its own; pages get their policy in web.ts, everything else the strict one below.
  const security = securityHeaders({ hsts: config.isProduction });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // Both hooks are synchronous (a callback, not a promise): they run for every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 304 && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    }
    // Decided when the answer leaves, not when the request came in: a request that was already in
    // flight when draining began must not leave a keep-alive connection holding the shutdown open.
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 costs ~50x the CPU of 4 for a few percent; build assets are precompressed at 11.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerRateLimits(app, config);
}

/**
 * Multipart bodies, for the routes registered in `scope` (the admin's product routes, with a product's
 * image): one file, checked again by its bytes in uploads/product-images.ts. Elsewhere a multipart
 * body is refused with 415.
 */
export async function registerUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
  });
}
