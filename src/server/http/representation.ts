/**
 * Sends a prepared answer (JSON or a page, with its brotli and gzip forms and a strong ETag): 304 when
 * the client already has it, otherwise the best encoding the client accepts, without compressing again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One answer, ready to send: its text and compressed forms, with a strong ETag. */
export interface Representation {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serializes and compresses once, off the event loop (zlib's thread pool): meant for answers that are
 * sent many times, where the best ratio is worth its cost.
 */
export async function buildRepresentation(value: unknown): Promise<Representation> {
  return representationOf(JSON.stringify(value));
}

/** `buildRepresentation` for text that is already what is sent (an HTML page). */
export async function representationOf(text: string): Promise<Representation> {
  const identity = Buffer.from(text);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, ...(await compressOnce(identity)) };
}

/** Brotli at its best ratio and gzip at level 9, both on zlib's thread pool, for bytes sent many times. */
export async function compressOnce(identity: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * Public, and revalidated on every use: the catalogue changes when an admin says so, and a 304 costs
 * the shop next to nothing.
 */
export const REVALIDATE = 'public, no-cache';

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The q-value the Accept-Encoding header gives `coding` (0 when refused or not listed). */
function quality(header: string, coding: string): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    const weight = Number.isFinite(value) ? value : 0;
    if (name === coding) return weight;
    if (name === '*') wildcard = weight;
  }
  return wildcard;
}

/** br when the client takes it, else gzip, else the plain text. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const br = quality(header, 'br');
  const gz = quality(header, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  cacheControl = REVALIDATE,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  reply
    .header('etag', representation.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], representation.etag)) return reply.status(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.type(contentType);
  if (encoding === 'identity') return reply.send(representation.identity);
  return reply.header('content-encoding', encoding).send(representation[encoding]);
}
