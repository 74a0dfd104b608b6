/**
 * Rate limits (routes opt in with `config.rateLimit`). Without REDIS_URL each instance counts in its
 * own memory; with it, every instance counts in one Redis, so N instances behind a load balancer
 * allow a client `max` requests in total, not N × `max` (decision 0017).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { messages } from '../../domain/messages.js';
import type { Config } from '../config.js';

/** A limited request must not wait long on Redis: past these, it goes on unlimited. */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** While Redis stays down, the outage is logged again this often (not on every failed attempt). */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<void> {
  const redis = config.redisUrl ? connectRedis(app, config.redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    // Keys: <prefix>rate-limit:<METHOD><route>-<client ip>.
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: messages.tooManyRequests,
    }),
  });
}

/**
 * A client that fails fast: no offline queue (a command while disconnected fails at once), short
 * timeouts, endless reconnects in the background. With `skipOnError` a failure lets the request
 * through unlimited: a Redis outage weakens the limits, it does not take the shop down.
 */
function connectRedis(app: FastifyInstance, url: string): Redis {
  const health = outageLog(app.log);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  redis.on('error', health.failed);
  redis.on('ready', health.answered);
  // The rate-limit plugin swallows failed commands (`skipOnError`), and a Redis that accepts
  // connections but stops answering raises no 'error' event, only command timeouts: the commands sent
  // on a ready connection are watched, so such an outage is logged too. (Not the handshake's: ioredis
  // sends commands there that an older Redis refuses, and carries on.)
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    if (redis.status === 'ready') void command.promise.then(health.answered, health.failed);
    return send(command, stream);
  };

  // The first connection is awaited (bounded by the connect timeout), so the first requests are
  // counted; a Redis that is down delays start-up by at most that, then reconnects in the background.
  app.addHook('onReady', async () => {
    await redis.connect().catch(() => {
      // Logged by the 'error' handler.
    });
  });
  app.addHook('onClose', async () => {
    health.closing = true;
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  return redis;
}

/** Logs the start and end of a Redis outage, not every failed command or reconnect. */
function outageLog(log: FastifyBaseLogger) {
  let down = false;
  let lastLoggedAt = 0;
  let failures = 0;
  const state = {
    closing: false,
    failed: (error: Error) => {
      if (state.closing) return;
      failures += 1;
      const now = Date.now();
      if (down && now - lastLoggedAt < OUTAGE_LOG_INTERVAL_MS) return;
      log.error(
        { err: error, failures },
        down
          ? 'Redis still unavailable: rate limits are not enforced'
          : 'Redis unavailable: rate limits are not enforced until it answers again',
      );
      down = true;
      lastLoggedAt = now;
    },
    answered: () => {
      if (!down) return;
      log.warn({ failures }, 'Redis available again: rate limits are enforced');
      down = false;
      failures = 0;
    },
  };
  return state;
}
