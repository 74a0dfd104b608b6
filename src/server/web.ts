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
import { webBuildDir } from './paths.js';

export type WebMode = 'production' | 'development';

/** Content-Security-Policy of pages; scripts run only from our origin or with this request's nonce. */
export function pageCsp(nonce: string, upgradeInsecure: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix UI injects small <style> elements for scroll locking; CSS cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
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
}

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

  await registerPageRoute(app, (request, reply) => servePage(handler, options, request, reply));
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
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  const response = await handler(toFetchRequest(request, reply), { ...options.context, cspNonce: nonce });
  const body = Buffer.from(await response.arrayBuffer());

  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (isHtml && response.status === 200 && (request.method === 'GET' || request.method === 'HEAD')) {
    // The nonce differs on every render, so the validator is computed without it. A 304 carries no
    // CSP header: the browser keeps the stored page together with the stored policy that matches it.
    const etag = `W/"${createHash('sha256').update(body.toString('utf8').replaceAll(nonce, '')).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      reply.removeHeader('content-security-policy');
      return reply.status(304).send();
    }
  }
  reply.header('content-security-policy', pageCsp(nonce, options.upgradeInsecureRequests));
  return reply.send(request.method === 'HEAD' ? undefined : body);
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
