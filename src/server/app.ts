/** Builds the Fastify app from its modules. main.ts and the API tests both use it. */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { messages } from '../domain/messages.js';
import type { Storefront } from '../domain/storefront.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { ensureSeedImages, imagesDir } from './db/seed/images.js';
import { requireAudienceDeclarations } from './http/audience.js';
import { notFound, registerErrorHandling } from './http/errors.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createCatalogService } from './modules/catalog/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { createReviewsService } from './modules/marketing/reviews.js';
import { marketingRoutes } from './modules/marketing/routes.js';
import { createMarketingService } from './modules/marketing/service.js';
import { registerWeb, type WebMode } from './web.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the pages too; API tests leave it out. */
  web?: WebMode;
  /** Overrides SMTP_URL with a ready transport (tests). */
  mailTransport?: Transporter;
  /** Overrides how the reviews service reaches Google (tests). */
  reviewsFetch?: typeof fetch;
}

/** JSON bodies past this size are refused with 413; uploads get their own limit. */
export const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp({
  config,
  database,
  web,
  mailTransport,
  reviewsFetch,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  requireAudienceDeclarations(app);
  registerErrorHandling(app);

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
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: messages.tooManyRequests,
    }),
  });

  const mailer = createMailer({
    db: database.db,
    from: config.mail.from,
    log: app.log,
    transport: mailTransport ?? config.mail.smtpUrl,
  });
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());

  const catalog = createCatalogService(database.db);
  const marketing = createMarketingService(database.db, mailer, config.contactEmail);
  const reviews = createReviewsService({
    db: database.db,
    log: app.log,
    places: config.googlePlaces,
    ...(reviewsFetch ? { fetch: reviewsFetch } : {}),
  });

  healthRoutes(app, database);
  catalogRoutes(app, catalog);
  marketingRoutes(app, marketing, reviews);
  app.all('/api/*', { config: { audience: 'anonymous' } }, async () => {
    throw notFound('Not found');
  });

  mkdirSync(imagesDir(config.dataDir), { recursive: true });
  // Product and page images: content-hashed or random names, so they never change.
  await app.register(fastifyStatic, {
    root: imagesDir(config.dataDir),
    prefix: '/images/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });

  if (web) {
    const storefront: Storefront = catalog;
    await registerWeb(app, {
      mode: web,
      upgradeInsecureRequests: config.publicUrl.startsWith('https:'),
      context: {
        storefront,
        siteImages: await ensureSeedImages(config.dataDir),
        settings: {
          publicUrl: config.publicUrl,
          contactEmail: config.contactEmail,
          instagramUrl: config.instagramUrl,
          googleClientId: config.googleClientId ?? null,
          klaviyoPublicKey: config.klaviyoPublicKey ?? null,
          stripePublishableKey: config.stripe?.publishableKey ?? null,
        },
      },
    });
  } else {
    app.setNotFoundHandler(async () => {
      throw notFound('Not found');
    });
  }
  return app;
}
