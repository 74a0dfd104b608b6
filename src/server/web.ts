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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import type { PageContext } from '../domain/storefront.js';
import { deferScriptStart } from './http/deferred-start.js';
import { sealInlineScripts } from './http/inline-scripts.js';
import {
  createPageCache,
  isCacheablePageRequest,
  type RenderedPage,
  type PageCache,
} from './http/page-cache.js';
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
}

/** How long a rendered page is kept even when the catalogue does not change. */
const PAGE_MAX_AGE_MS = 60_000;

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
  await registerPageRoute(app, (request, reply) => servePage(handler, options, cache, request, reply));
}

/** The catch-all route for pages. Its requests keep their body unread: React Router actions read it. */
async function registerPageRoute(
  app: FastifyInstance,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void,
): Promise<void> {
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    pages.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler });
  });
}

async function servePage(
  handler: RequestHandler,
  options: WebOptions,
  cache: PageCache,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const renderHere = () => render(handler, options, request, reply);
  const cacheable = isCacheablePageRequest(request.method, request.url);
  const { page, outcome } = cacheable
    ? await cache.serve(request.url, await options.catalogVersion(), renderHere)
    : { page: await renderHere(), outcome: 'bypass' as const };

  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.cookies.length > 0) reply.header('set-cookie', page.cookies);
  // Says whether the answer came from the cache of compressed pages; CI checks it (issue 20).
  reply.header('x-page-cache', outcome);
  // An address that carries a secret (the cart restore link) must not leak through the Referer
  // header of anything the page loads, nor be kept by a shared cache.
  if (new URL(request.url, 'http://page').searchParams.has('token')) {
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
): Promise<RenderedPage> {
  const marker = randomBytes(16).toString('base64');
  const response = await handler(toFetchRequest(request, reply), { ...options.context, cspNonce: marker });
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value]);
  }
  const cookies = response.headers.getSetCookie();
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  let bytes = Buffer.from(await response.arrayBuffer());
  let csp: string | null = null;
  if (isHtml) {
    // Scripts start after the first paint (decision 0035), then the inline ones are allowed by hash.
    const sealed = sealInlineScripts(deferScriptStart(bytes.toString('utf8'), marker), marker);
    bytes = Buffer.from(sealed.html);
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
      (response.headers.get('cache-control') ?? '').startsWith('public'),
  };
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.raw.url ?? '/', origin);
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
          const response = await handler(toFetchRequest(request, reply), {
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
