/**
 * Hands every request that is not /api, an asset or an image to the React Router app. In production
 * that is the built server bundle; with `--dev` it is Vite in middleware mode, with hot reload.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReadableStreamFromReadable } from '@react-router/node';
import fastifyStatic from '@fastify/static';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import type { PageContext } from '../domain/storefront.js';
import { createFairQueue, QUEUE_FULL, QueueRefused, type FairQueue } from './http/db-queue.js';
import { deferScriptStart } from './http/deferred-start.js';
import { HttpError, notFound } from './http/errors.js';
import { sealInlineScripts } from './http/inline-scripts.js';
import { createPageCache, type RenderedPage, type PageCache } from './http/page-cache.js';
import { declaredCanonicalPath, planPageRequest, type PagePlan } from './http/page-keys.js';
import { chooseEncoding, compressOnce } from './http/representation.js';
import { webBuildDir } from './paths.js';

export type WebMode = 'production' | 'development';

// Sign in with Google, as Google documents its CSP needs:
// https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
// Stripe.js and the Payment Element (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE_JS = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com';
// Klaviyo's onsite script (klaviyo.js) and where it sends events; it loads further code from the same hosts.
const KLAVIYO_JS = 'https://static.klaviyo.com https://static-tracking.klaviyo.com';
const KLAVIYO_API = 'https://a.klaviyo.com https://fast.a.klaviyo.com https://static-tracking.klaviyo.com';

export interface PageCspOptions {
  /** CSP sources (`'sha256-…'`) of the inline scripts the page's renderer wrote (http/inline-scripts.ts). */
  scriptHashes: readonly string[];
  upgradeInsecure?: boolean;
  googleSignIn?: boolean;
  stripe?: boolean;
  klaviyo?: boolean;
}

/**
 * Content-Security-Policy of pages (decision 0032): scripts run only from our origin or when their
 * text hashes to one the renderer wrote, plus Google's sign-in script when Google sign-in is
 * configured. That is allowed on every page, not just /login and /register: after the first load,
 * navigation happens in the browser and the first page's policy stays in force, whichever page that was.
 */
export function pageCsp({
  scriptHashes,
  upgradeInsecure = false,
  googleSignIn = false,
  stripe = false,
  klaviyo = false,
}: PageCspOptions): string {
  const add = (sources: (string | false)[]) =>
    sources
      .filter(Boolean)
      .map((source) => ` ${source}`)
      .join('');
  const frames = add([googleSignIn && GOOGLE_GSI, stripe && STRIPE_FRAMES]);
  return [
    "default-src 'self'",
    `script-src 'self'${add([...scriptHashes, googleSignIn && `${GOOGLE_GSI}client`, stripe && STRIPE_JS, klaviyo && KLAVIYO_JS])}`,
    // Radix UI injects small <style> elements for scroll locking; CSS cannot run script.
    `style-src 'self' 'unsafe-inline'${add([googleSignIn && `${GOOGLE_GSI}style`, klaviyo && 'https://static.klaviyo.com'])}`,
    `img-src 'self' data: blob:${add([stripe && 'https://*.stripe.com', klaviyo && 'https://static.klaviyo.com'])}`,
    "font-src 'self'",
    `connect-src 'self'${add([googleSignIn && GOOGLE_GSI, stripe && STRIPE_API, klaviyo && KLAVIYO_API])}`,
    ...(frames ? [`frame-src${frames}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(upgradeInsecure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

interface WebOptions {
  mode: WebMode;
  context: Omit<PageContext, 'cspNonce'>;
  upgradeInsecureRequests: boolean;
  /** GOOGLE_CLIENT_ID is set: the login and register pages load Google's sign-in script. */
  googleSignIn: boolean;
  /** Stripe is the payment provider: the payment page loads Stripe.js and its frames. */
  stripe: boolean;
  /** KLAVIYO_PUBLIC_KEY is set: pages load Klaviyo's onsite script once interactive. */
  klaviyo: boolean;
  /** The catalogue's current version: a rendered page is kept until it moves (http/page-cache.ts). */
  catalogVersion: () => Promise<number>;
  /** Renders the cache cannot answer: per client and minute (0: unlimited), and at once (decision 0041). */
  renders: { perClientPerMinute: number; concurrency: number };
}

/** How long a rendered page is kept even when the catalogue does not change. */
const PAGE_MAX_AGE_MS = 60_000;
/** The window of the per-client render limit. */
const RENDER_LIMIT_WINDOW_MS = 60_000;
/** Renders waiting for a turn past PAGE_RENDER_CONCURRENCY, and the longest wait, before a 503. */
const RENDER_QUEUE_LIMIT = 64;
const RENDER_QUEUE_WAIT_MS = 3_000;
/** Seconds a render turned away by the full queue is asked to wait. */
const RENDER_RETRY_AFTER_SECONDS = 1;

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  if (options.mode === 'development') return registerDevelopment(app, options);

  const serverEntry = join(webBuildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(
      `The web build is missing (${serverEntry}). Run \`npm run build\` or start with \`npm start\`.`,
    );
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');

  // Hashed build output: cache forever. Other public files (favicon, robots.txt): an hour.
  await app.register(fastifyStatic, {
    root: join(webBuildDir, 'client'),
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const cache = createPageCache({ maxAgeMs: PAGE_MAX_AGE_MS, maxEntries: 500, compress: compressOnce });
  // Renders take turns, a few at once: a flood of them from many addresses then waits (or is turned
  // away with a 503) instead of crowding out the pages the cache answers (decision 0041).
  const turns = createFairQueue({
    slots: options.renders.concurrency,
    limit: RENDER_QUEUE_LIMIT,
    waitMs: RENDER_QUEUE_WAIT_MS,
  });
  // Read once per request: by the render limit's allow list (before the handler), then the handler.
  const plans = new WeakMap<FastifyRequest, PagePlan>();
  const planOf = (request: FastifyRequest): PagePlan => {
    let plan = plans.get(request);
    if (!plan) plans.set(request, (plan = planPageRequest(request.method, request.url)));
    return plan;
  };
  // A render costs hundreds of times what a kept page does, so each client may force only so many
  // (the shared rate limits of decision 0017: one count across instances with REDIS_URL, a 429 page
  // with Retry-After past it). Redirects, refusals and pages the cache holds never count.
  const rateLimit =
    options.renders.perClientPerMinute > 0
      ? {
          max: options.renders.perClientPerMinute,
          timeWindow: RENDER_LIMIT_WINDOW_MS,
          allowList: async (request: FastifyRequest) => {
            const plan = planOf(request);
            if (plan.kind === 'redirect' || plan.kind === 'not-found') return true;
            return plan.kind === 'cache' && cache.has(plan.key, await options.catalogVersion());
          },
        }
      : undefined;
  await registerPageRoute(
    app,
    (request, reply) => servePage(handler, options, cache, turns, planOf(request), request, reply),
    rateLimit ? { rateLimit } : {},
  );
}

/** The catch-all route for pages. Its requests keep their body unread: React Router actions read it. */
async function registerPageRoute(
  app: FastifyInstance,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void,
  config: FastifyContextConfig = {},
): Promise<void> {
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    pages.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler, config });
  });
}

async function servePage(
  handler: RequestHandler,
  options: WebOptions,
  cache: PageCache,
  turns: FairQueue,
  plan: PagePlan,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  // Answered before anything renders (http/page-keys.ts): a Location is always a path on this origin.
  if (plan.kind === 'redirect') return reply.status(plan.status).header('location', plan.location).send();
  if (plan.kind === 'not-found') throw notFound('Not found');
  const renderHere = async (path: string) => {
    let release: () => void;
    try {
      release = await turns.acquire();
    } catch (error) {
      if (!(error instanceof QueueRefused)) throw error;
      reply.header('retry-after', String(RENDER_RETRY_AFTER_SECONDS));
      throw new HttpError(503, QUEUE_FULL);
    }
    try {
      return await render(handler, options, request, reply, path);
    } finally {
      release();
    }
  };
  // A page the cache may answer is rendered from its key alone: what the cache keeps can depend on
  // nothing else the request carried (a restore link's token, a tracking tag).
  const { page, outcome } =
    plan.kind === 'cache'
      ? await cache.serve(plan.key, await options.catalogVersion(), () => renderHere(plan.key))
      : { page: await renderHere(request.url), outcome: 'bypass' as const };

  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.cookies.length > 0) reply.header('set-cookie', page.cookies);
  // Says whether the answer came from the cache of compressed pages; CI checks it (decision 0032).
  reply.header('x-page-cache', outcome);
  request.server.metrics?.page(outcome);
  // An address that carries a secret (the cart restore link, a draft's preview link) must not leak
  // through the Referer header of anything the page loads, nor be kept by a shared cache.
  const params = new URL(request.url, 'http://page').searchParams;
  if (params.has('token') || params.has('preview')) {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'private, no-store');
  }
  // The policy follows from the page's bytes, so a 304 may carry it too: it is the stored page's own.
  if (page.csp !== null) reply.header('content-security-policy', page.csp);
  if (page.etag) {
    reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  }
  if (request.method === 'HEAD') return reply.send();
  if (!page.compressed) return reply.send(page.bytes);
  reply.header('vary', 'accept-encoding');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(page.bytes);
  return reply.header('content-encoding', encoding).send(page.compressed[encoding]);
}

/**
 * Renders with a marker nonce on the inline scripts React Router writes, then swaps the marker for
 * those scripts' hashes in the policy (http/inline-scripts.ts): the bytes are the same for everyone.
 */
async function render(
  handler: RequestHandler,
  options: WebOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  /** The path (and query) rendered: the request's own, or its key in the cache. */
  url: string,
): Promise<RenderedPage> {
  const marker = randomBytes(16).toString('base64');
  const response = await handler(toFetchRequest(request, reply, url), {
    ...options.context,
    cspNonce: marker,
  });
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value]);
  }
  const cookies = response.headers.getSetCookie();
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  let bytes = Buffer.from(await response.arrayBuffer());
  let csp: string | null = null;
  let canonical: string | null = null;
  if (isHtml) {
    // Scripts start after the first paint (decision 0035), then the inline ones are allowed by hash.
    const sealed = sealInlineScripts(deferScriptStart(bytes.toString('utf8'), marker), marker);
    bytes = Buffer.from(sealed.html);
    canonical = declaredCanonicalPath(sealed.html);
    csp = pageCsp({
      scriptHashes: sealed.hashes,
      upgradeInsecure: options.upgradeInsecureRequests,
      googleSignIn: options.googleSignIn,
      stripe: options.stripe,
      klaviyo: options.klaviyo,
    });
  }
  const complete =
    isHtml && response.status === 200 && (request.method === 'GET' || request.method === 'HEAD');
  const etag = complete ? `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` : '';
  return {
    status: response.status,
    headers,
    cookies,
    bytes,
    csp,
    etag,
    cacheable:
      complete &&
      request.method === 'GET' &&
      cookies.length === 0 &&
      (response.headers.get('cache-control') ?? '').startsWith('public') &&
      // Only under the path the page names as its own: `/SHOP` renders the shop, and is not its key.
      canonical === url,
  };
}

/** `path` starts with one slash; joined to the origin, not resolved against it (`//x` is a host). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, path: string): Request {
  const url = new URL(`${request.protocol}://${request.host}${path}`);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function registerDevelopment(app: FastifyInstance, options: WebOptions): Promise<void> {
  // Vite is a dev dependency: loaded only here, never in production.
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => vite.close());
  const handler = createRequestHandler(
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  );

  await registerPageRoute(app, (request, reply) => {
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      void (async () => {
        try {
          const response = await handler(toFetchRequest(request, reply, request.url), {
            ...options.context,
            cspNonce: '',
          });
          reply.raw.statusCode = response.status;
          for (const [name, value] of response.headers) {
            if (name !== 'set-cookie') reply.raw.setHeader(name, value);
          }
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.raw.setHeader('set-cookie', cookies);
          reply.raw.end(Buffer.from(await response.arrayBuffer()));
        } catch (error) {
          vite.ssrFixStacktrace(error as Error);
          request.log.error({ err: error }, 'page render failed');
          reply.raw.statusCode = 500;
          reply.raw.end('Internal server error');
        }
      })();
    });
  });
}
