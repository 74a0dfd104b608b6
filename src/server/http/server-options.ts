/** The Fastify server's own options: logging, body limit, timeouts, proxies, request ids. */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { logTraceFields, tracingEnabled } from '../observability/tracing.js';
import { serializeError } from './log-redaction.js';
import { clientRequestId } from './request-id.js';

/** JSON bodies past this size are refused with 413; uploads get their own limit. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Replaces the value of `token` query parameters in a URL for logging. */
export function redactSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** proxy-addr's test for a hop count: the `hops` addresses nearest the shop are its proxies. */
export const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export function serverOptions(config: Config): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      // Each line written inside a traced request or job names its trace (decision 0074).
      ...(tracingEnabled() ? { mixin: logTraceFields } : {}),
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
  };
}
