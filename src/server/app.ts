/** Builds the Fastify app from its modules. main.ts and the API tests both use it. */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type Stripe from 'stripe';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Storefront } from '../domain/storefront.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { databaseFailureKind } from './db/errors.js';
import { ensureSeedImages } from './db/seed/images.js';
import { apiDocsRoutes, openApiOptions } from './http/api-docs.js';
import { registerAccessControl } from './http/audience.js';
import { notFound, registerErrorHandling } from './http/errors.js';
import { createFairQueue, registerDatabaseQueue } from './http/db-queue.js';
import { registerRateLimits } from './http/rate-limit.js';
import { clientRequestId } from './http/request-id.js';
import { errorResponses } from './http/route-schemas.js';
import { documentedOnly, registerRouteSchemas } from './http/validation.js';
import { productAdminRoutes } from './modules/catalog/admin-routes.js';
import { createProductAdminService } from './modules/catalog/admin-service.js';
import { cachedCatalog, createCatalogCache } from './modules/catalog/cache.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createCatalogService } from './modules/catalog/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { cachedImageStore } from './modules/images/cache.js';
import {
  imageCollectionHandler,
  imageCollectionJob,
  scheduleImageCollection,
} from './modules/images/garbage.js';
import { createImageStore, type ImageStore } from './modules/images/index.js';
import { importLegacyImages } from './modules/images/legacy-import.js';
import { imageRoutes } from './modules/images/routes.js';
import { abandonedCartRoutes } from './modules/abandoned-carts/routes.js';
import { createAbandonedCartService, reminderJob } from './modules/abandoned-carts/service.js';
import { createJobRunner, type JobRunner } from './modules/jobs/queue.js';
import { refundJob } from './modules/jobs/refund-job.js';
import {
  housekeepingHandler,
  housekeepingJob,
  scheduleHousekeeping,
} from './modules/maintenance/housekeeping.js';
import { createMailer } from './modules/mail/mailer.js';
import { klaviyoConsentHandler, klaviyoConsentJob } from './modules/consent/klaviyo-consent.js';
import { consentRoutes } from './modules/consent/routes.js';
import { createConsentService, type ConsentService } from './modules/consent/service.js';
import { klaviyoSubscribeHandler, klaviyoSubscribeJob } from './modules/marketing/klaviyo.js';
import { createReviewsService } from './modules/marketing/reviews.js';
import { marketingRoutes } from './modules/marketing/routes.js';
import { createMarketingService } from './modules/marketing/service.js';
import { orderRoutes } from './modules/orders/routes.js';
import { createOrdersService } from './modules/orders/service.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { createErasure, farewellCleanupHandler, farewellCleanupJob } from './modules/privacy/erasure.js';
import { createDataExport } from './modules/privacy/export.js';
import { klaviyoDeleteJob, klaviyoDeletionHandler } from './modules/privacy/klaviyo-deletion.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { createPaymentsService } from './modules/payments/service.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { createInboxService } from './modules/inbox/service.js';
import { exportRoutes } from './modules/exports/routes.js';
import { createExportsService } from './modules/exports/service.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { createOverviewService } from './modules/overview/service.js';
import { createReconciler, type Reconciler } from './modules/payments/reconcile.js';
import { createStripeProvider } from './modules/payments/stripe-provider.js';
import { createTestProcessor } from './modules/payments/test-processor.js';
import { recipeRoutes } from './modules/recipes/routes.js';
import { createRecipesService } from './modules/recipes/service.js';
import { serializeError } from './http/log-redaction.js';
import { createAccountLinks, type AccountLinks } from './modules/users/account-links.js';
import { createGoogleVerifier } from './modules/users/google.js';
import { createLoginThrottle } from './modules/users/login-throttle.js';
import { userRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { createSessionStore } from './modules/users/sessions.js';
import { MAX_IMAGE_BYTES } from './modules/uploads/product-images.js';
import { registerWeb, type WebMode } from './web.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
    /** The background job runner (tests run due jobs through it). */
    jobs: JobRunner;
    /** E-mailed account links; `settle()` waits for forgot-password work still running (tests). */
    accountLinks: AccountLinks;
    /** The sweep that makes orders of paid intents that have none (tests run it directly). */
    reconciler: Reconciler;
    /** Where payments and refunds go: Stripe or the test processor (tests stand in for its faults). */
    paymentProvider: PaymentProvider;
    /** Where the images served under /images are kept (modules/images), behind this instance's cache. */
    images: ImageStore;
    /** Marketing consent and unsubscribe links (tests sign links and confirm addresses through it). */
    consent: ConsentService;
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
  /** Overrides Google's published keys for verifying Google ID tokens (tests). */
  googleKeys?: JWTVerifyGetKey;
  /** A Stripe client to use instead of one made from STRIPE_SECRET_KEY (tests). */
  stripeClient?: Stripe;
  /** Overrides how the Klaviyo sign-up job reaches Klaviyo (tests). */
  klaviyoFetch?: typeof fetch;
  /**
   * The image store, when the caller made it already (tests seed into it first); its caller closes
   * it. Otherwise one is made from the configuration and closed with the app.
   */
  images?: ImageStore;
  /**
   * A DATA_DIR whose `images/` folder (where versions before decision 0030 kept images) is imported
   * into the store before anything is served, once (modules/images/legacy-import.ts). main.ts
   * passes it.
   */
  importImagesFrom?: string;
}

/** Replaces the value of `token` query parameters in a URL for logging. */
export function redactSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** proxy-addr's test for a hop count: the `hops` addresses nearest the shop are its proxies. */
export const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/**
 * API requests using the embedded database at once; more wait their turn (http/db-queue.ts). A few,
 * not one: a request's work outside the database (hashing a password, rendering JSON) overlaps.
 */
const PGLITE_SLOTS = 4;

/** JSON bodies past this size are refused with 413; uploads get their own limit. */
export const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp({
  config,
  database,
  web,
  mailTransport,
  reviewsFetch,
  googleKeys,
  stripeClient,
  klaviyoFetch,
  images: givenImages,
  importImagesFrom,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        // A failed query's values (a shopper's name, address, e-mail) never reach the log.
        err: serializeError,
        // Request lines are logged; a restore-link token in them would be a working secret in the logs.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients (decision 0038). Node's own checks: the headers within headersTimeout and the whole
    // request within requestTimeout, else 408 and the connection closed, checked every second (Node's
    // default is every 30 s, which would let a slow client stay half a minute past its time); a socket
    // silent that long in a request is destroyed (connectionTimeout), an idle keep-alive one closed.
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // A hop count trusts that many proxies nearest the shop (Fastify's own reading of a number, which
    // its types leave out); a list trusts those addresses (config.ts).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A client's x-request-id only when short and safe (http/request-id.ts), else a new UUID.
    genReqId: (req) => clientRequestId(req.headers['x-request-id']) ?? randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A path whose percent-encoding does not decode: answered in the shop's { message } shape rather
    // than Fastify's own { error, code, message, statusCode }.
    frameworkErrors: (error, _request, reply) => {
      const bad = error.code === 'FST_ERR_BAD_URL';
      void (reply as FastifyReply)
        .status(bad ? 400 : 500)
        .send({ message: bad ? 'The address is not valid.' : 'Internal server error' });
    },
  });

  // The embedded database runs one statement at a time: requests take turns in arrival order.
  if (database.driver === 'pglite') {
    registerDatabaseQueue(app, createFairQueue({ slots: PGLITE_SLOTS, ...config.databaseQueue }));
  }
  const sessions = createSessionStore(database.db, config.sessionTtlDays);
  registerAccessControl(app, sessions.resolve);
  // Every route's zod schemas validate its input and write its answer; they also make the API document.
  registerRouteSchemas(app);
  await app.register(fastifySwagger, openApiOptions);
  // Database failures repeat on every request during an outage: logged once per run, with a count.
  const databaseFailures = registerErrorHandling(app);

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

  // The one background engine (decision 0025): jobs rows (reminders, refunds, Klaviyo sign-ups),
  // whose handlers are added below as services are made, and the mailer's delivery of the outbox.
  const jobs = createJobRunner({ db: database.db, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start(config.jobsPollMs));
  app.addHook('onClose', async () => jobs.stop());
  const mailer = createMailer({
    db: database.db,
    from: config.mail.from,
    sender: { mailingAddress: config.businessAddress, contactEmail: config.contactEmail },
    log: app.log,
    transport: mailTransport ?? config.mail.smtpUrl,
    jobs,
  });
  // Daily pruning of records that have done their work (src/domain/retention.ts).
  jobs.handle(housekeepingJob, housekeepingHandler(database.db, app.log, config.orderRetentionYears));
  app.addHook('onReady', async () => scheduleHousekeeping(database.db));

  // Images under /images, the same for every instance (decision 0030): the store, this instance's
  // cache of it, and the daily removal of images nothing refers to any more.
  const imageStore = givenImages ?? createImageStore(config, database.db);
  if (!givenImages) app.addHook('onClose', async () => imageStore.close());
  const images = cachedImageStore(imageStore, config.imageCacheBytes);
  app.decorate('images', images);
  if (importImagesFrom) await importLegacyImages(imageStore, importImagesFrom, app.log);
  jobs.handle(imageCollectionJob, imageCollectionHandler(database.db, images, app.log));
  app.addHook('onReady', async () => scheduleImageCollection(database.db));
  if (config.klaviyoList) {
    jobs.handle(klaviyoSubscribeJob, klaviyoSubscribeHandler(config.klaviyoList, klaviyoFetch));
    jobs.handle(klaviyoConsentJob, klaviyoConsentHandler(database.db, config.klaviyoList, klaviyoFetch));
  }
  // Marketing consent (decision 0042): the record the flags, the newsletter and Klaviyo follow.
  const consent = createConsentService({
    db: database.db,
    publicUrl: config.publicUrl,
    ...(config.klaviyoList ? { klaviyo: { jobs } } : {}),
  });
  app.decorate('consent', consent);
  // A deleted account's Klaviyo profile goes too (decision 0043).
  if (config.klaviyoList) {
    jobs.handle(
      klaviyoDeleteJob,
      klaviyoDeletionHandler(database.db, config.klaviyoList.privateKey, klaviyoFetch),
    );
  }
  jobs.handle(farewellCleanupJob, farewellCleanupHandler(database.db));

  const catalogService = createCatalogService(database.db);
  const catalogCache = createCatalogCache(database.db, catalogService, {
    checkEveryMs: config.catalogCacheCheckMs,
    onStale: (error) =>
      databaseFailures.failure(
        databaseFailureKind(error),
        error,
        'catalogue check failed: serving the last snapshot',
      ),
    onFresh: () => databaseFailures.recovered(),
  });
  const catalog = cachedCatalog(catalogService, catalogCache);
  const marketing = createMarketingService({
    db: database.db,
    mailer,
    contactEmail: config.contactEmail,
    publicUrl: config.publicUrl,
    consent,
  });
  const reviews = createReviewsService({
    db: database.db,
    log: app.log,
    places: config.googlePlaces,
    ...(reviewsFetch ? { fetch: reviewsFetch } : {}),
  });

  const testProcessor = config.stripe ? undefined : createTestProcessor(database.db);
  const stripe = config.stripe ? createStripeProvider(config.stripe.secretKey, stripeClient) : undefined;
  const provider = stripe ?? testProcessor!;
  const orders = createOrdersService(database.db, mailer, {
    provider,
    alertEmail: config.orderAlertEmail,
    publicUrl: config.publicUrl,
    onRefundDeferred: (error, orderId) =>
      app.log.error({ err: error, orderId }, 'refund failed: the refund job will send it again'),
  });
  // A refund whose sending at once failed (orders/refunds.ts): sent again by its key, refunded once.
  jobs.handle(refundJob, async ({ idempotencyKey }) => orders.sendRefund(idempotencyKey));
  const payments = createPaymentsService({
    db: database.db,
    provider,
    orders,
    freeShippingEmail: config.freeShippingEmail,
    paymentTtlMinutes: config.paymentTtlMinutes,
    holdLimits: config.holdLimits,
  });
  // Paid intents without an order become orders: at start-up, then every minute (payments/reconcile.ts).
  const reconciler = createReconciler({
    db: database.db,
    provider,
    orders,
    onError: (error, intentId) =>
      app.log.error({ err: error, intentId }, 'reconciling a payment failed: will ask again later'),
    onPass: (result, first) => {
      if (result.created > 0) {
        app.log.warn(result, 'reconciliation created orders for paid payments that had none');
      } else if (first) {
        app.log.info(result, 'start-up reconciliation finished');
      }
    },
    onPassFailed: (error) =>
      databaseFailures.failure(databaseFailureKind(error), error, 'reconciliation round failed'),
  });
  app.decorate('reconciler', reconciler);
  app.decorate<PaymentProvider>('paymentProvider', provider);
  app.addHook('onReady', async () => reconciler.start(config.reconcileIntervalMs));
  app.addHook('onClose', async () => reconciler.stop());
  const accountLinks = createAccountLinks({
    db: database.db,
    sessions,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    consent,
  });
  app.decorate('accountLinks', accountLinks);
  app.addHook('onClose', async () => accountLinks.settle());
  const erasure = createErasure({
    db: database.db,
    mailer,
    jobRunner: jobs,
    klaviyo: Boolean(config.klaviyoList),
    retentionYears: config.orderRetentionYears,
    contactEmail: config.contactEmail,
  });
  const users = createUsersService({
    db: database.db,
    sessions,
    throttle: createLoginThrottle(database.db),
    links: accountLinks,
    consent,
    optInDefault: config.marketingOptInDefault,
    erasure,
    ...(config.googleClientId ? { google: createGoogleVerifier(config.googleClientId, googleKeys) } : {}),
  });

  const abandonedCarts = createAbandonedCartService({
    db: database.db,
    catalog,
    sessions,
    mailer,
    jobs,
    publicUrl: config.publicUrl,
    ...config.abandonedCart,
    // The reminder's signed unsubscribe link (decision 0042).
    unsubscribeUrl: (email) => consent.unsubscribeUrl(email),
  });
  jobs.handle(reminderJob, abandonedCarts.sendReminder);

  healthRoutes(app, database, { onReady: () => databaseFailures.recovered() });
  userRoutes(app, users, accountLinks, orders);
  privacyRoutes(app, createDataExport(database.db), users);
  orderRoutes(app, orders);
  paymentRoutes(app, {
    payments,
    ...(testProcessor ? { testProcessor } : {}),
    ...(stripe && config.stripe?.webhookSecret
      ? { stripeWebhook: { client: stripe.client, secret: config.stripe.webhookSecret } }
      : {}),
  });
  catalogRoutes(app, catalogCache);
  recipeRoutes(app, createRecipesService(database.db));
  productAdminRoutes(app, createProductAdminService(database.db, catalog), catalog, images, () =>
    catalogCache.expire(),
  );
  marketingRoutes(app, marketing, reviews);
  await consentRoutes(app, consent);
  inboxRoutes(app, createInboxService(database.db));
  overviewRoutes(app, createOverviewService(database.db));
  exportRoutes(app, createExportsService(database.db));
  abandonedCartRoutes(app, abandonedCarts);
  apiDocsRoutes(app);
  app.all(
    '/api/*',
    {
      config: { audience: 'anonymous' },
      schema: { hide: true, params: documentedOnly(z.object({ '*': z.string() })), response: errorResponses },
    },
    async () => {
      throw notFound('Not found');
    },
  );

  // Product and page images: content-hashed or random names, so they never change.
  imageRoutes(app, images);

  if (web) {
    const storefront: Storefront = catalog;
    await registerWeb(app, {
      mode: web,
      upgradeInsecureRequests: config.publicUrl.startsWith('https:'),
      googleSignIn: Boolean(config.googleClientId),
      stripe: Boolean(config.stripe),
      klaviyo: Boolean(config.klaviyoPublicKey),
      catalogVersion: async () => (await catalogCache.snapshot()).version,
      renders: config.pageRenders,
      context: {
        storefront,
        siteImages: await ensureSeedImages(images),
        settings: {
          publicUrl: config.publicUrl,
          contactEmail: config.contactEmail,
          businessAddress: config.businessAddress,
          instagramUrl: config.instagramUrl,
          googleClientId: config.googleClientId ?? null,
          klaviyoPublicKey: config.klaviyoPublicKey ?? null,
          stripePublishableKey: config.stripe?.publishableKey ?? null,
          freeShippingEmail: config.freeShippingEmail ?? null,
          marketingOptInDefault: config.marketingOptInDefault,
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
