/**
 * Fair turns at the embedded database (decision 0020). PGlite runs one statement at a time in this
 * process, and each request takes several turns at it; under a burst of 64 checkouts some requests
 * lost every turn to newer ones and waited as long as the whole burst (25 s). Here API requests that
 * use the database take a slot first, in arrival order: at most `slots` run at once, at most `limit`
 * wait, and none waits longer than `waitMs`. Past either bound the answer is a fast 503 with
 * Retry-After, which the browser's request helper retries (src/web/api.ts), instead of a long wait.
 *
 * A request that fails this way has done nothing yet, so retrying it is always safe.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preParsingHookHandler,
} from 'fastify';
import { HttpError } from './errors.js';

export const QUEUE_FULL = 'The shop is very busy right now. Please try again in a moment.';
/** Seconds a turned-away request is asked to wait. */
const QUEUE_RETRY_AFTER_SECONDS = 1;

export interface FairQueue {
  /** Resolves with a release function once it is the caller's turn; rejects when full or too late. */
  acquire(): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
}

export class QueueRefused extends Error {
  override name = 'QueueRefused';
}

/** A FIFO semaphore with a bounded queue and a bounded wait. */
export function createFairQueue({
  slots,
  limit,
  waitMs,
}: {
  slots: number;
  limit: number;
  waitMs: number;
}): FairQueue {
  let running = 0;
  const waiters: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    const next = waiters.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else {
      running--;
    }
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire() {
      if (running < slots) {
        running++;
        return Promise.resolve(once());
      }
      if (waiters.length >= limit) return Promise.reject(new QueueRefused('queue full'));
      return new Promise((resolve, reject) => {
        const waiter = {
          // The slot passes straight from the releasing request to this one: `running` stays.
          grant: () => resolve(once()),
          timer: setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(new QueueRefused('waited too long'));
          }, waitMs),
        };
        waiters.push(waiter);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}

/** Catalogue reads, answered from memory: the routes of the catalogue's list and its items. */
const CATALOGUE_READ = /^\/api\/(products|categories)(\/[^/]*)?$/;

/** Every API route but health checks and catalogue reads (GET). */
const queuedRoute = (url: string, method: string) =>
  url.startsWith('/api/') &&
  !url.startsWith('/api/health') &&
  !(method === 'GET' && CATALOGUE_READ.test(url));

/** The slot a request holds, released by whichever of its ends comes first. */
const held = new WeakMap<FastifyRequest, () => void>();

/**
 * Puts every API request that may use the database through `queue`, in two turns when it carries a
 * bearer token (decision 0038):
 * - onRequest: a turn for the session lookup of the route's access check, which runs before the body
 *   is read so that strangers cannot make us read their uploads; given back before the body is read.
 * - preValidation: the request's turn for its work, taken once the body has arrived.
 * So no turn is held while a client is still sending its body: a client that trickles it holds a
 * socket until the server's request timeout closes it, not a turn that every other shopper needs.
 */
export function registerDatabaseQueue(app: FastifyInstance, queue: FairQueue): void {
  const take = async (request: FastifyRequest, reply: FastifyReply) => {
    let release: () => void;
    try {
      release = await queue.acquire();
    } catch (error) {
      if (!(error instanceof QueueRefused)) throw error;
      reply.header('retry-after', String(QUEUE_RETRY_AFTER_SECONDS));
      throw new HttpError(503, QUEUE_FULL);
    }
    held.set(request, release);
    // Whichever comes first: the answer ready to send (its database work is done; a client slow to
    // read it holds a socket, not a turn), sent, or the connection gone.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  };
  const giveBack = (request: FastifyRequest) => {
    held.get(request)?.();
    held.delete(request);
  };

  const takeForSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await take(request, reply);
  };
  const giveBackBeforeBody: preParsingHookHandler = (request, _reply, payload, done) => {
    giveBack(request);
    done(null, payload);
  };
  const giveBackOnSend: onSendHookHandler = (request, _reply, payload, done) => {
    giveBack(request);
    done(null, payload);
  };
  // On the routes that use the database only, decided once per route: a catalogue read or a health
  // check runs none of these hooks. Put first among a route's own hooks (the access check's session
  // lookup is one of them, so this must run after the access check's own onRoute: app.ts's order).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => queuedRoute(route.url, method))) return;
    // A route for several methods of which some are not queued (none today) checks per request.
    const all = methods.every((method) => queuedRoute(route.url, method));
    const when = (hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
      all
        ? hook
        : async (request: FastifyRequest, reply: FastifyReply) => {
            if (queuedRoute(route.url, request.method)) await hook(request, reply);
          };
    route.onRequest = [when(takeForSession), ...(route.onRequest ? [route.onRequest].flat() : [])];
    route.preParsing = [giveBackBeforeBody, ...(route.preParsing ? [route.preParsing].flat() : [])];
    route.preValidation = [when(take), ...(route.preValidation ? [route.preValidation].flat() : [])];
    route.onSend = [giveBackOnSend, ...(route.onSend ? [route.onSend].flat() : [])];
  });
}
