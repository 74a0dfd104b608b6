/**
 * GET and HEAD /images/<name> from the image store (decision 0030), the same on every instance:
 * names are random or content-hashed, so the answer is cached for a year as immutable, with a
 * strong ETag for revalidation (If-None-Match → 304). A name the naming rules cannot make is
 * answered like a missing image, before anything is looked up. The default CSP (`default-src
 * 'none'`) and nosniff apply, so an SVG opened on its own runs nothing; SVG is compressed by
 * @fastify/compress, WebP is not.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../../http/representation.js';
import { isImageName } from './names.js';
import type { ImageStore } from './store.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function imageRoutes(app: FastifyInstance, store: ImageStore): void {
  // GET only: Fastify answers HEAD from it (exposeHeadRoutes), with the headers and no body.
  app.get('/images/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const notFound = () => {
      // The app's own 404, as @fastify/static gave a missing file before.
      reply.callNotFound();
      return reply;
    };
    const name = (request.params as { '*': string })['*'];
    if (!isImageName(name)) return notFound();
    const image = await store.get(name);
    if (!image) return notFound();
    reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
    if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.status(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
}
