/**
 * Rate limits shared through Redis (REDIS_URL, decision 0017): two app instances on one database
 * count one limit together; without REDIS_URL each counts alone; a Redis that is down or goes away
 * lets requests through (logged once per outage) and the limits come back with it.
 *
 * Needs Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379, which the machines and CI run). Keys
 * go under a prefix unique to this run and are deleted after. Without Redis these tests are skipped
 * with a warning, except in CI, where they fail.
 */
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../testing/test-app.js';
import { REDIS_COMMAND_TIMEOUT_MS, registerRateLimits } from './rate-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens on port 1: connections are refused at once. */
const NO_REDIS_URL = 'redis://127.0.0.1:1';
const PREFIX = `northbite-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
/** POST /api/contact allows 5 per client and 15 minutes (marketing/routes.ts). */
const CONTACT_MAX = 5;

async function redisUnavailable(): Promise<string | null> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return `Redis at ${REDIS_URL} is unreachable (${(error as Error).message})`;
  } finally {
    probe.disconnect();
  }
}

const skipRedis = await redisUnavailable();
if (skipRedis) {
  if (process.env.CI) throw new Error(`rate-limit.test.ts needs Redis in CI: ${skipRedis}`);
  console.warn(`rate-limit.test.ts: skipping the Redis tests: ${skipRedis}`);
}

let database: TestDatabase;
const apps: FastifyInstance[] = [];

async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), database });
  apps.push(app);
  await app.ready();
  return app;
}

/** The cheapest limited request: counted before its body is read, refused with 400 for being empty. */
const contact = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: ip });

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.destroy();
  if (skipRedis) return;
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
});

describe('configuration', () => {
  it('leaves Redis off unless REDIS_URL is set', () => {
    const config = loadConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisKeyPrefix).toBe('northbite:');
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redisUrl).toBe('redis://cache:6379/2');
  });

  it('refuses a REDIS_URL that is not redis:// or rediss://, and a prefix with spaces', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'my shop' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});

describe('without REDIS_URL', () => {
  it('each instance counts alone, so two allow twice the limit', async () => {
    const [a, b] = [await instance(), await instance()];
    const ip = freshIp();
    for (let i = 0; i < 2 * CONTACT_MAX; i++) {
      const res = await contact(i % 2 === 0 ? a : b, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
    }
    expect((await contact(a, ip)).statusCode).toBe(429);
    expect((await contact(b, ip)).statusCode).toBe(429);
  });
});

describe.skipIf(skipRedis)('with REDIS_URL', () => {
  it('two instances share one limit: requests alternating between them are refused after max in total', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX };
    const [a, b] = [await instance(env), await instance(env)];
    const ip = freshIp();
    for (let i = 0; i < CONTACT_MAX; i++) {
      const res = await contact(i % 2 === 0 ? a : b, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(CONTACT_MAX - i - 1));
    }
    const refused = await contact(b, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please wait a few minutes and try again.',
    });
    expect((await contact(a, ip)).statusCode).toBe(429);
    // Another client is not affected.
    expect((await contact(a, freshIp())).statusCode).toBe(400);

    // The counter lives in Redis, under the prefix, per route and client.
    const redis = new Redis(REDIS_URL);
    try {
      const key = `${PREFIX}rate-limit:POST/api/contact-${ip}`;
      expect(Number(await redis.get(key))).toBe(CONTACT_MAX + 2);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it('with Redis unreachable, requests are answered (unlimited) and start-up is not held up', async () => {
    const started = Date.now();
    const app = await instance({ REDIS_URL: NO_REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
    expect(Date.now() - started).toBeLessThan(5_000);
    const ip = freshIp();
    for (let i = 0; i < CONTACT_MAX + 3; i++) {
      expect((await contact(app, ip)).statusCode, `request ${i + 1}`).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

/** Collects the JSON log lines of a bare Fastify app. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines, messages: () => lines.map((line) => line.msg) };
}

/** A TCP hop in front of Redis that the test can cut and restore, to play an outage. */
async function redisHop(target: URL): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Connections stay open, but Redis's answers are held back until thaw(). */
  freeze(): void;
  thaw(): void;
}> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[client: Socket, upstream: Socket]>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        upstream.on('close', () => pairs.delete(pair));
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: listen,
    freeze: () => pairs.forEach(([client, upstream]) => upstream.unpipe(client)),
    thaw: () => pairs.forEach(([client, upstream]) => upstream.pipe(client)),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skipRedis)('a Redis outage while running', () => {
  it('lets requests through, logs the outage once, and enforces the limit again when Redis is back', async () => {
    const hop = await redisHop(new URL(REDIS_URL));
    const log = logCollector();
    const app = Fastify({ logger: { level: 'info', stream: log.stream } });
    try {
      await registerRateLimits(app, { redisUrl: hop.url, redisKeyPrefix: `${PREFIX}outage:` });
      app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => 'ok');
      await app.ready();
      const hit = async (ip: string) => (await app.inject({ url: '/limited', remoteAddress: ip })).statusCode;

      const ip = freshIp();
      expect([await hit(ip), await hit(ip), await hit(ip)]).toEqual([200, 200, 429]);

      await hop.cut();
      await until(() => log.messages().some((m) => m.startsWith('Redis unavailable')), 'the outage log');
      // Over the limit, but nothing can count it: answered rather than refused or failed.
      const during = [];
      for (let i = 0; i < 5; i++) during.push(await hit(freshIp()), await hit(ip));
      expect(during.every((status) => status === 200)).toBe(true);
      // Several reconnects fail meanwhile; the outage is logged once.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(log.messages().filter((m) => m.startsWith('Redis'))).toEqual([
        'Redis unavailable: rate limits are not enforced until it answers again',
      ]);

      await hop.restore();
      await until(
        () => log.messages().some((m) => m.startsWith('Redis available again')),
        'the recovery log',
      );
      // The counter kept in Redis was not lost: the client is still over its limit.
      expect(await hit(ip)).toBe(429);
    } finally {
      await app.close();
      await hop.cut();
    }
  });

  it('a Redis that stops answering: commands time out, requests go through, and it is logged', async () => {
    const hop = await redisHop(new URL(REDIS_URL));
    const log = logCollector();
    const app = Fastify({ logger: { level: 'info', stream: log.stream } });
    try {
      await registerRateLimits(app, { redisUrl: hop.url, redisKeyPrefix: `${PREFIX}hang:` });
      app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => 'ok');
      await app.ready();
      const hit = async (ip: string) => (await app.inject({ url: '/limited', remoteAddress: ip })).statusCode;
      const ip = freshIp();
      expect([await hit(ip), await hit(ip)]).toEqual([200, 429]);

      hop.freeze();
      const started = Date.now();
      expect([await hit(ip), await hit(ip)]).toEqual([200, 200]);
      // Each waited for the command timeout, not longer.
      expect(Date.now() - started).toBeLessThan(2 * REDIS_COMMAND_TIMEOUT_MS + 1_000);
      expect(log.messages().filter((m) => m.startsWith('Redis'))).toEqual([
        'Redis unavailable: rate limits are not enforced until it answers again',
      ]);

      hop.thaw();
      await until(() => {
        void hit(freshIp());
        return log.messages().some((m) => m.startsWith('Redis available again'));
      }, 'the recovery log');
      expect(await hit(ip)).toBe(429);
    } finally {
      await app.close();
      await hop.cut();
    }
  });
});
