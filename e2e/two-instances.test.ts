/**
 * Two instances of the built shop on one PostgreSQL database and one Redis, behind nginx with
 * round-robin (ARCHITECTURE.md, "Growing past one machine"; decision 0017): a whole checkout through
 * the API with its requests alternating between the instances, one rate limit counted across both,
 * and a product image uploaded through one instance served by both (the image store, decision
 * 0030).
 *
 * Which instance answered is read from its own log: each request carries an X-Request-Id, which the
 * shop uses as the request's id in its log lines (LOG_LEVEL=info logs every request).
 *
 * The shops trust one proxy hop (TRUST_PROXY=1), as they would behind one nginx: the client's address
 * is the one nginx saw. Each shopper here connects from an address of its own on loopback
 * (127.0.0.0/8 is all loopback on Linux), so nginx sees different clients, and X-Forwarded-For sent by
 * a client is not believed.
 *
 * Needs /usr/sbin/nginx (Debian's nginx-light; .ci/run installs it), Redis at E2E_REDIS_URL (default
 * redis://127.0.0.1:6379) and PostgreSQL at E2E_PG_ADMIN_URL (a superuser URL; default: local trust
 * auth). Without one of them the test is skipped with a warning, except in CI, where it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { chmodSync, existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals } from '../src/domain/pricing';
import { createDatabase, dropDatabase, postgresUnavailable, type TestDatabase } from './postgres';
import { freePort, startShop, type RunningShop } from './server';

const NGINX = process.env.E2E_NGINX ?? '/usr/sbin/nginx';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** Keys of this run only, so an earlier run's counters (15-minute windows) do not count here. */
const REDIS_KEY_PREFIX = `northbite-e2e-${RUN}:`;
/** POST /api/contact: 5 per client and 15 minutes (src/server/modules/marketing/routes.ts). */
const CONTACT_MAX = 5;
/** Made the admin by both shops at start (ADMIN_EMAIL, ADMIN_PASSWORD; decision 0006). */
const ADMIN = { email: `owner.${RUN}@northbite.test`, password: 'two shops one store 2026' };
const SHIPPING = {
  firstName: 'Robin',
  lastName: 'Tremblay',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V6C 0C3',
  country: 'Canada',
  phoneNumber: '+16045550188',
  email: 'robin@example.ca',
};

async function missing(): Promise<string | null> {
  if (!existsSync(NGINX)) return `${NGINX} is not installed (apt-get install nginx-light)`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at E2E_REDIS_URL is unreachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return postgresUnavailable();
}

const skip = await missing();
if (skip) {
  if (process.env.CI) throw new Error(`two-instances.test.ts needs it in CI: ${skip}`);
  console.warn(`two-instances.test.ts: skipping: ${skip}`);
}

interface Nginx {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** nginx in the foreground, as this user, with everything it writes in its own temporary folder. */
async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'northbite-nginx-'));
  // Run as root, nginx's workers switch to `nobody`, which must reach the temp folders inside.
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${upstreams.map((address) => `    server ${address};`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  let log = '';
  const child = spawn(
    NGINX,
    ['-e', `${dir}/error.log`, '-p', dir, '-c', conf, '-g', `daemon off; pid ${dir}/nginx.pid;`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => {
    const errors = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
    return `${log}${errors}`;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      // QUIT: graceful shutdown of the master and its worker.
      child.kill('SIGQUIT');
    });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const out = output();
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}:\n${out}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const out = output();
      await stop();
      throw new Error(`nginx did not answer:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, process: child, output, stop };
}

let database: TestDatabase | undefined;
const shops: RunningShop[] = [];
let nginx: Nginx | undefined;

beforeAll(async () => {
  if (skip) return;
  database = await createDatabase('northbite_two_instances');

  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_KEY_PREFIX,
    // One nginx in front: the address it saw is the client's; anything a client wrote before is not.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // Both at once, as an orchestrator starts them: migrations and the seed take their own locks.
  const started = await Promise.allSettled([startShop(env), startShop(env)]);
  for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;

  nginx = await startNginx(shops.map((shop) => new URL(shop.url).host));
}, 240_000);

afterAll(async () => {
  // Each step on its own, so a failure in one still stops the others.
  await nginx?.stop().catch((error: unknown) => console.error('stopping nginx:', error));
  const codes = await Promise.all(shops.map((shop) => shop.stop().catch(() => null)));
  if (codes.some((code) => code !== 0)) console.error('a shop did not exit cleanly:\n', shops[0]?.output());
  if (database) {
    await dropDatabase(database.name).catch((error: unknown) =>
      console.error(`dropping ${database!.name}:`, error),
    );
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } catch {
    // Keys expire with their window anyway.
  } finally {
    redis.disconnect();
  }
}, 60_000);

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
  requestId: string;
}

/** One HTTP exchange from the loopback address `from` (node:http: fetch cannot choose its source). */
function exchange(
  url: string,
  {
    method,
    headers,
    body,
    from,
  }: { method: string; headers: Record<string, string>; body?: string; from: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method,
        localAddress: from,
        agent: false,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const received = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) received.append(name, v);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: received,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Requests through nginx from the client address `from` (a loopback address); each gets its own
 * X-Request-Id, to find it in the shops' logs. `forwardedFor` is what the client itself claims.
 */
const sent: { requestId: string; label: string }[] = [];
async function request<T>(
  label: string,
  path: string,
  {
    method = 'GET',
    body,
    token,
    from = '127.0.0.1',
    forwardedFor,
  }: { method?: string; body?: unknown; token?: string; from?: string; forwardedFor?: string } = {},
): Promise<Answer<T>> {
  const requestId = `two-${RUN}-${sent.length + 1}`;
  sent.push({ requestId, label });
  const res = await exchange(`${nginx!.url}${path}`, {
    method,
    from,
    headers: {
      'x-request-id': requestId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let parsed: T;
  try {
    parsed = JSON.parse(res.text) as T;
  } catch {
    parsed = null as T;
  }
  return { status: res.status, body: parsed, headers: res.headers, requestId };
}

/** Which shop (0 or 1) logged the request with this id; waits for its log line to arrive. */
async function answeredBy(requestId: string): Promise<number> {
  const needle = `"reqId":"${requestId}"`;
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = shops
      .map((shop, index) => (shop.output().includes(needle) ? index : -1))
      .filter((i) => i >= 0);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) throw new Error(`${requestId} is in both shops' logs`);
    if (Date.now() > deadline) throw new Error(`${requestId} is in neither shop's log`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The instance of each request sent since `from`, in order. */
async function instancesSince(from: number): Promise<number[]> {
  const instances = [];
  for (const { requestId } of sent.slice(from)) instances.push(await answeredBy(requestId));
  return instances;
}

function expectAlternating(instances: number[]): void {
  expect(instances.length).toBeGreaterThan(1);
  for (let i = 1; i < instances.length; i++) {
    expect(
      instances[i],
      `request ${i + 1} went to the same instance as the one before: ${instances.join(',')}`,
    ).not.toBe(instances[i - 1]);
  }
}

interface ApiOrder {
  id: number;
  user_id: number;
  total: number;
  is_paid: boolean;
  items: { product_id: number | null; quantity: number; price: number }[];
}

describe.skipIf(skip)('two instances behind nginx on one PostgreSQL and one Redis', () => {
  it('a whole checkout through the API, its requests alternating between the instances', async () => {
    const from = sent.length;
    const ok = <T>(answer: Answer<T>, statuses = [200, 201]): T => {
      expect(statuses, `${answer.requestId}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(
        answer.status,
      );
      return answer.body;
    };
    // Each step from its own client address, as different shoppers behind the proxy would be.
    const ip = () => `127.74.${sent.length % 250}.${((sent.length * 7) % 250) + 1}`;

    const products = ok(await request<{ id: number; price: number }[]>('products', '/api/products'));
    expect(products.length).toBeGreaterThanOrEqual(2);
    const lines = [
      { ...products[0]!, quantity: 2 },
      { ...products[1]!, quantity: 1 },
    ];
    const email = `robin.${RUN}@example.ca`;
    const password = 'poutine and protein';
    const registered = ok(
      await request<{ token: string; user: { id: number } }>('register', '/api/users/register', {
        method: 'POST',
        from: ip(),
        body: { firstName: 'Robin', lastName: 'Tremblay', email, password, phoneNumber: '6045550188' },
      }),
    );
    // This shopper also claims another address in X-Forwarded-For: nginx adds the one it saw.
    const loginFrom = ip();
    const { token, user } = ok(
      await request<{ token: string; user: { id: number } }>('login', '/api/users/login', {
        method: 'POST',
        from: loginFrom,
        forwardedFor: '10.74.0.1',
        body: { email, password },
      }),
    );
    expect(user.id).toBe(registered.user.id);

    const { totalCents } = checkoutTotals(
      lines.map((line) => ({ priceCents: Math.round(line.price * 100), quantity: line.quantity })),
      SHIPPING,
    );
    const intent = ok(
      await request<{ client_secret: string; payment_intent_id: string }>(
        'intent',
        '/api/payments/create-payment-intent',
        {
          method: 'POST',
          token,
          from: ip(),
          body: {
            amount: totalCents,
            shippingInfo: SHIPPING,
            items: lines.map(({ id, quantity }) => ({ id, quantity })),
          },
        },
      ),
    );
    // The intent made on one instance is confirmed on the other: it lives in the database.
    expect(
      ok(
        await request<{ type: string }>('confirm', '/api/payments/test/confirm', {
          method: 'POST',
          token,
          from: ip(),
          body: {
            client_secret: intent.client_secret,
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
          },
        }),
      ).type,
    ).toBe('order');
    const order = ok(
      await request<ApiOrder>('order', '/api/orders', {
        method: 'POST',
        token,
        from: ip(),
        body: { payment_intent_id: intent.payment_intent_id },
      }),
    );
    expect(order.is_paid).toBe(true);
    expect(Math.round(order.total * 100)).toBe(totalCents);
    expect(order.user_id).toBe(user.id);

    const fetched = ok(
      await request<ApiOrder>('get order', `/api/orders/${order.id}`, { token, from: ip() }),
    );
    expect(fetched.id).toBe(order.id);
    expect(fetched.items.map((item) => [item.product_id, item.quantity])).toEqual(
      expect.arrayContaining([
        [lines[0]!.id, 2],
        [lines[1]!.id, 1],
      ]),
    );
    const mine = ok(
      await request<ApiOrder[]>('my orders', `/api/users/${user.id}/orders`, { token, from: ip() }),
    );
    expect(mine.map((o) => o.id)).toEqual([order.id]);

    // Every step answered by the instance the previous one did not reach: round-robin, and the
    // session, the intent and the order were all visible to both.
    const instances = await instancesSince(from);
    expectAlternating(instances);
    expect(new Set(instances)).toEqual(new Set([0, 1]));

    // The hop nginx added was trusted and no more: the shop logged the address nginx saw, not
    // nginx's own (127.0.0.1) nor the one the client claimed.
    const loginLine = shops
      .flatMap((shop) => shop.output().split('\n'))
      .find(
        (line) => line.includes(`"reqId":"${sent[from + 2]!.requestId}"`) && line.includes('"remoteAddress"'),
      );
    expect(loginLine).toContain(`"remoteAddress":"${loginFrom}"`);
  });

  it('one rate limit for both: a limited route answers 429 after max requests in total', async () => {
    const from = sent.length;
    const clientIp = `127.203.0.${(parseInt(randomBytes(1).toString('hex'), 16) % 200) + 20}`;
    // Claiming a new address in X-Forwarded-For each time does not get round the limit.
    let claims = 0;
    const contact = () =>
      request<{ message: string }>('contact', '/api/contact', {
        method: 'POST',
        body: {},
        from: clientIp,
        forwardedFor: `198.51.100.${++claims}`,
      });

    const answers = [];
    for (let i = 0; i < CONTACT_MAX + 2; i++) answers.push(await contact());
    const instances = await instancesSince(from);
    expectAlternating(instances);

    // Each instance saw about half of them, yet the count is shared: 5 answered, then 429.
    expect(answers.map((a) => a.status)).toEqual([...Array(CONTACT_MAX).fill(400), 429, 429]);
    expect(answers.slice(0, CONTACT_MAX).map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(
      Array.from({ length: CONTACT_MAX }, (_, i) => String(CONTACT_MAX - 1 - i)),
    );
    expect(answers[CONTACT_MAX]!.body).toEqual({
      message: 'Too many requests. Please wait a few minutes and try again.',
    });
    const refusedBy = new Set(instances.slice(CONTACT_MAX));
    expect(refusedBy).toEqual(new Set([0, 1]));

    // Another client behind the same proxy still gets through.
    expect(
      (await request('contact', '/api/contact', { method: 'POST', body: {}, from: '127.198.51.77' })).status,
    ).toBe(400);
  });

  it('an image uploaded through one instance is served by the other, and through nginx every time', async () => {
    const [a, b] = shops as [RunningShop, RunningShop];
    const login = await fetch(`${a.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // The admin dashboard's upload, sent to instance A only.
    const form = new FormData();
    form.append('name', `Two Shop Granola ${RUN}`);
    form.append('description', 'Photographed once, shown by every instance.');
    form.append('price', '12.95');
    form.append('category_id', '3');
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const created = await fetch(`${a.url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const product = (await created.json()) as { image_url: string };
    expect(created.status, JSON.stringify(product)).toBe(201);
    expect(product.image_url).toMatch(/^\/images\/products\/[0-9a-f]{24}-800w\.webp$/);

    // Instance B never saw the upload; it serves the same bytes, with the same validator.
    const fromA = await fetch(`${a.url}${product.image_url}`);
    const fromB = await fetch(`${b.url}${product.image_url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const thumbnail = product.image_url.replace('-800w.webp', '-400w.webp');
    expect((await fetch(`${b.url}${thumbnail}`)).status).toBe(200);

    // Through nginx, round-robin: 20 requests, half on each instance, not one miss.
    const from = sent.length;
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(await request('image', i % 2 === 0 ? product.image_url : thumbnail));
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.get('content-type')))).toEqual(
      new Set(['image/webp']),
    );
    const instances = await instancesSince(from);
    expectAlternating(instances);
    expect(instances.filter((instance) => instance === 0)).toHaveLength(10);
  });
});
