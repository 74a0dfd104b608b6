/**
 * What every answer gets, whichever module makes it: draining on shutdown, security headers,
 * compression, rate limits and multipart uploads.
 */
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { MAX_IMAGE_BYTES } from '../modules/uploads/product-images.js';
import { registerRateLimits } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export async function registerHttpBasics(app: FastifyInstance, config: Config): Promise<void> {
  // Set by main.ts on SIGTERM: health checks fail so load balancers stop sending traffic, and every
  // answer closes its connection, so clients move to other instances before this one stops.
  app.decorate('lifecycle', { draining: false });
  // Decided when the answer leaves, not when the request came in: a request that was already in
  // flight when draining began must not leave a keep-alive connection holding the shutdown open.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });

  await app.register(fastifyHelmet, {
    // Pages get a per-request nonce policy in web.ts; everything else the strict one below.
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 304 && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    }
    return payload;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 costs ~50x the CPU of 4 for a few percent; build assets are precompressed at 11.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerRateLimits(app, config);

  // Product image uploads (admin): one file, checked again by its bytes in uploads/product-images.ts.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
  });
}
