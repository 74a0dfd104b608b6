/**
 * Faults: the built shop, run as a process on a PostgreSQL database made for each case,
 * loses nothing when its database connections are killed, when it is stopped under load, or when it
 * crashes between a payment and its order.
 *
 * Moments inside a request are reached with locks, never with timing: a transaction of the test's
 * own holds a row or table the request needs, the test polls pg_stat_activity until the shop's
 * backend waits on it, and then strikes (terminates the connections, or kills the process).
 *
 * Where the shop would call Stripe (a subscription's renewals), it calls a stand-in of the test's own
 * over HTTP instead (stripeStandIn below), with Stripe's idempotency keys.
 *
 * Needs a PostgreSQL server at E2E_PG_ADMIN_URL (a superuser URL; default: local trust auth) and
 * `npm run build`; skipped, with a warning, without the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals } from '../src/domain/pricing';
import { subscriptionPriceCents } from '../src/domain/subscriptions';
import type { IntentCheckout } from '../src/server/modules/checkout/snapshot';
import {
  ADMIN_URL,
  createDatabase,
  dropDatabase,
  onDatabase,
  postgresUnavailable,
  type TestDatabase,
} from './postgres';
import { startShop, type RunningShop } from './server';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_faults_offline',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_faults_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_faults_offline',
};
const SHIPPING = {
  firstName: 'Robin',
  lastName: 'Fault',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V6C 0C3',
  country: 'Canada',
  phoneNumber: '+16045550123',
  email: 'robin.fault@example.ca',
};
const CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

const skipPostgres = await postgresUnavailable();
if (skipPostgres) console.warn(`faults.test.ts: skipped: ${skipPostgres}`);

// ---------------------------------------------------------------------------------------------------
// Databases, shops and clean-up

const databases: string[] = [];
async function newDatabase(label: string): Promise<TestDatabase> {
  const database = await createDatabase(`northbite_faults_${label}`);
  databases.push(database.name);
  return database;
}

const workDirs: string[] = [];
const running: RunningShop[] = [];
const alive = (shop: RunningShop) => shop.process.exitCode === null && shop.process.signalCode === null;

/**
 * The built shop on `db` (null: on the embedded database in its DATA_DIR), with a DATA_DIR of ours
 * unless `env` names one (removed at the end even after a kill -9).
 */
async function start(db: TestDatabase | null, env: Record<string, string> = {}): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'northbite-faults-'));
  workDirs.push(dataDir);
  // Each request below comes from its own client address (X-Forwarded-For), so per-client limits
  // (20 card confirmations per 15 minutes) never trip.
  const shop = await startShop({
    ...(db ? { DATABASE_URL: db.url } : {}),
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    // No background job transactions of the shop's own at the moments the tests strike.
    JOBS_POLL_MS: '600000',
    // The strikes below wait for a request to block on a lock of ours: no timeout may end the wait
    // first (the timeouts have tests of their own, which set them).
    DATABASE_LOCK_TIMEOUT_MS: '120000',
    DATABASE_STATEMENT_TIMEOUT_MS: '120000',
    ...env,
  });
  running.push(shop);
  return shop;
}

/** kill -9: no shutdown, no answers, nothing flushed. */
async function crash(shop: RunningShop): Promise<void> {
  const exited = once(shop.process, 'exit');
  shop.process.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  for (const client of blockers) await client.end().catch(() => {});
  await Promise.all(running.filter(alive).map((shop) => shop.stop()));
  for (const name of databases) {
    await dropDatabase(name);
  }
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/** Polls `condition` until it holds; fails after `timeoutMs` naming what it waited for. */
async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The shop's backends on `db` that wait for a lock (held by the test's own transaction). */
const lockWaiters = async (client: pg.Client, db: TestDatabase) =>
  (
    await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
      [db.name],
    )
  ).rows[0]!.n;

/** Ends every connection to `db` but the caller's own: how a failover or an operator cuts them. */
const terminateOthers = (client: pg.Client, db: TestDatabase) =>
  client.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [db.name],
  );

/** Our own transaction on `db`, holding what `statements` lock until `release`. */
async function holdLocks(db: TestDatabase, statements: [string, unknown[]][]): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: db.url });
  // Dropping the database at the end ends this connection too, perhaps while a failed test left it open.
  client.on('error', () => {});
  blockers.push(client);
  await client.connect();
  await client.query('begin');
  for (const [text, values] of statements) await client.query(text, values);
  return client;
}
const blockers: pg.Client[] = [];
async function release(client: pg.Client): Promise<void> {
  await client.query('rollback');
  await client.end();
  blockers.splice(blockers.indexOf(client), 1);
}

/** A request whose outcome (an answer, or the socket error of a process that died) is kept for later. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const intentStatus = (db: TestDatabase, intentId: string) =>
  onDatabase(
    db.url,
    async (client) =>
      (await client.query<{ status: string }>(`select status from payment_intents where id = $1`, [intentId]))
        .rows[0]?.status,
  );

const ordersOf = (db: TestDatabase, intentId: string) =>
  onDatabase(db.url, async (client) => {
    const { rows } = await client.query<{ id: number; is_paid: boolean; total_cents: number }>(
      `select id, is_paid, total_cents from orders where payment_intent_id = $1`,
      [intentId],
    );
    return rows;
  });

// ---------------------------------------------------------------------------------------------------
// Talking to the shop

let clientSeq = 0;
const clientIp = () => {
  clientSeq++;
  return `10.93.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
};

interface Answer {
  status: number;
  body: unknown;
}

/** A JSON request; any status is returned (a hang fails after `timeoutMs`). */
async function call(
  shop: RunningShop,
  path: string,
  {
    method = 'GET',
    body,
    token,
    timeoutMs = 30_000,
  }: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const res = await fetch(`${shop.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': clientIp(),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text, which the assertions below reject where JSON is due
  }
  return { status: res.status, body: parsed };
}

/** A failure the caller can show: a 4xx, or a 5xx whose body is exactly { message }. */
function expectCleanFailure(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  if (answer.status >= 500) {
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect((answer.body as { message: string }).message.length).toBeGreaterThan(0);
  }
}

interface Shopper {
  id: number;
  token: string;
}
/** A customer with a live session, written straight to the shop's database (as the API fixtures do). */
async function shopper(db: TestDatabase): Promise<Shopper> {
  const token = randomBytes(32).toString('base64url');
  return onDatabase(db.url, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (email, first_name, last_name) values ($1, 'Robin', 'Fault') returning id`,
      [`robin.${randomBytes(5).toString('hex')}@example.ca`],
    );
    const id = rows[0]!.id;
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    return { id, token };
  });
}

interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  sku: string | null;
  price: number;
  subscribe_save_percent?: number;
}
const productsOf = async (shop: RunningShop) => (await call(shop, '/api/products')).body as ApiProduct[];

/** The server's total for `quantity` of `product` shipped to Vancouver. */
const totalFor = (product: ApiProduct, quantity: number) =>
  checkoutTotals([{ priceCents: Math.round(product.price * 100), quantity }], SHIPPING);

interface Intent {
  client_secret: string;
  payment_intent_id: string;
  amount: number;
}
async function createIntent(shop: RunningShop, who: Shopper, product: ApiProduct, quantity: number) {
  const answer = await call(shop, '/api/payments/create-payment-intent', {
    method: 'POST',
    token: who.token,
    body: {
      amount: totalFor(product, quantity).totalCents,
      shippingInfo: SHIPPING,
      items: [{ id: product.id, quantity }],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Intent;
}

const confirm = (shop: RunningShop, who: Shopper, intent: Intent, timeoutMs?: number) =>
  call(shop, '/api/payments/test/confirm', {
    method: 'POST',
    token: who.token,
    body: { client_secret: intent.client_secret, card: CARD },
    ...(timeoutMs ? { timeoutMs } : {}),
  });

const placeOrder = (shop: RunningShop, who: Shopper, intentId: string) =>
  call(shop, '/api/orders', { method: 'POST', token: who.token, body: { payment_intent_id: intentId } });

// ---------------------------------------------------------------------------------------------------
// (a) Database connections killed

describe.skipIf(skipPostgres)('the database connection killed in the middle of a checkout', () => {
  it('fails the request in flight cleanly, answers ready 503 while the database is away, and the retry makes one order', async () => {
    const db = await newDatabase('killed');
    const shop = await start(db);
    const who = await shopper(db);
    const [product] = await productsOf(shop);
    const intent = await createIntent(shop, who, product!, 2);

    // The card is being taken when the connections go: our transaction holds the intent's row, so
    // the test processor's UPDATE (status 'succeeded') waits on it.
    const blocker = await holdLocks(db, [
      [`select id from payment_intents where id = $1 for update`, [intent.payment_intent_id]],
    ]);
    const inFlight = settle(confirm(shop, who, intent));
    await waitFor('the card UPDATE to wait on our lock', async () => (await lockWaiters(blocker, db)) >= 1);
    const terminated = await terminateOthers(blocker, db);
    expect(terminated.rowCount).toBeGreaterThanOrEqual(1);
    await release(blocker);

    const failed = await inFlight;
    if (!failed.ok) throw new Error(`no answer (${String(failed.error)}):\n${shop.output()}`);
    expectCleanFailure(failed.value);
    expect(alive(shop), shop.output()).toBe(true);
    expect(await intentStatus(db, intent.payment_intent_id)).toBe('requires_payment_method');
    expect(await ordersOf(db, intent.payment_intent_id)).toEqual([]);
    // The pool replaces the killed connections by itself.
    await waitFor('ready to answer 200', async () => (await call(shop, '/api/health/ready')).status === 200);

    // The database goes away altogether: no new connections, the open ones cut.
    await onDatabase(ADMIN_URL, async (admin) => {
      await admin.query(`alter database "${db.name}" with allow_connections false`);
      await terminateOthers(admin, db);
    });
    try {
      await waitFor(
        'ready to answer 503',
        async () => (await call(shop, '/api/health/ready')).status === 503,
      );
      expect(await call(shop, '/api/health/ready', { timeoutMs: 10_000 })).toEqual({
        status: 503,
        body: { status: 'unavailable', message: expect.any(String) },
      });
      // The process itself is fine: liveness stays up (the storefront serves its cached catalogue).
      expect((await call(shop, '/api/health')).status).toBe(200);
      // A checkout now fails cleanly too, and at once (no request waits forever for a connection).
      const started = Date.now();
      const refused = await confirm(shop, who, intent, 10_000);
      expect(refused.status).toBe(503);
      expectCleanFailure(refused);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(alive(shop), shop.output()).toBe(true);
    } finally {
      await onDatabase(ADMIN_URL, (admin) =>
        admin.query(`alter database "${db.name}" with allow_connections true`),
      );
    }
    await waitFor(
      'ready to answer 200 again',
      async () => (await call(shop, '/api/health/ready')).status === 200,
    );

    // The shopper presses Pay again: the card is taken and the confirmation makes the one order.
    const retried = await confirm(shop, who, intent);
    expect(retried).toMatchObject({
      status: 200,
      body: { type: 'order', order: { payment_intent_id: intent.payment_intent_id } },
    });
    const rows = await ordersOf(db, intent.payment_intent_id);
    expect(rows).toEqual([{ id: expect.any(Number), is_paid: true, total_cents: intent.amount }]);
    // The browser's POST, twice (a double click), finds that order.
    const placed = await Promise.all([
      placeOrder(shop, who, intent.payment_intent_id),
      placeOrder(shop, who, intent.payment_intent_id),
    ]);
    expect(placed.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of placed) expect((answer.body as { id: number }).id).toBe(rows[0]!.id);
    expect(await ordersOf(db, intent.payment_intent_id)).toHaveLength(1);

    expect(await shop.stop(), shop.output()).toBe(0);
  }, 120_000);

  // Regression: pg's pool listens for errors only on idle clients, so a connection killed inside a
  // transaction ended the process ("Unhandled 'error' event"); db/client.ts now listens on every client.
  it("a connection killed inside the order's transaction fails that request cleanly and the shop runs on", async () => {
    const db = await newDatabase('killed_tx');
    const shop = await start(db);
    const who = await shopper(db);
    const [product] = await productsOf(shop);
    const intent = await createIntent(shop, who, product!, 1);

    // The card is taken and the order is being written: our transaction holds the orders table against
    // writes, so the order's INSERT waits inside placeOrder's transaction (checkout/place-order.ts).
    const blocker = await holdLocks(db, [[`lock table orders in share mode`, []]]);
    const inFlight = settle(confirm(shop, who, intent));
    await waitFor('the order INSERT to wait on our lock', async () => (await lockWaiters(blocker, db)) >= 1);
    await terminateOthers(blocker, db);
    await release(blocker);

    const failed = await inFlight;
    const shopState = alive(shop)
      ? 'running'
      : `exited (${shop.process.exitCode ?? shop.process.signalCode})`;
    expect(failed.ok ? 'answered' : `no answer (${String(failed.error)}), shop ${shopState}`).toBe(
      'answered',
    );
    expectCleanFailure((failed as { value: Answer }).value);
    expect(alive(shop)).toBe(true);
    expect((await call(shop, '/api/health')).status).toBe(200);
  }, 120_000);
});
// ---------------------------------------------------------------------------------------------------
// (b) SIGTERM under load

interface Outcome {
  id: string;
  path: string;
  /** A complete answer: status and the whole body. */
  status?: number;
  body?: unknown;
  connectionClose?: boolean;
  /** No complete answer: the socket error's code. */
  error?: string;
  at: number;
}

/** One request on `agent`, tagged with `id` (the shop logs it as reqId when it takes the request). */
function request(
  agent: http.Agent,
  base: URL,
  id: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string; ip: string },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          'x-request-id': id,
          'x-forwarded-for': options.ip,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (!res.complete) {
            resolve({ id, path, error: 'INCOMPLETE_BODY', at: Date.now() });
            return;
          }
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // kept as text
          }
          resolve({
            id,
            path,
            status: res.statusCode ?? 0,
            body,
            connectionClose: res.headers.connection === 'close',
            at: Date.now(),
          });
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ id, path, error: error.code ?? error.message, at: Date.now() }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ id, path, error: error.code ?? error.message, at: Date.now() }),
    );
    req.end(payload);
  });
}

/** SHUTDOWN_DELAY_MS: after SIGTERM the shop answers (health 503, Connection: close) this long. */
const DRAIN_MS = 1_000;

describe.skipIf(skipPostgres)('SIGTERM under load', () => {
  it('answers every request it took, exits 0, and keeps every order it confirmed', async () => {
    const db = await newDatabase('sigterm');
    // info: the shop logs "incoming request" with our x-request-id for every request it takes.
    const shop = await start(db, { LOG_LEVEL: 'info', SHUTDOWN_DELAY_MS: String(DRAIN_MS) });
    const base = new URL(shop.url);
    const products = await productsOf(shop);
    const [product] = products;
    const READERS = 24;
    const WRITERS = 12;
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => shopper(db)));

    const outcomes: Outcome[] = [];
    /** Intents whose confirmation answered 200, and the orders answered 2xx. */
    const confirmed: string[] = [];
    const answeredOrders: { id: number; intent: string }[] = [];
    let stopped = false;
    let sigtermAt = Infinity;
    let seq = 0;
    const send = async (
      agent: http.Agent,
      client: string,
      path: string,
      options: Parameters<typeof request>[4],
    ) => {
      const outcome = await request(agent, base, `${client}-${++seq}`, path, options);
      outcomes.push(outcome);
      return outcome;
    };
    /** Keeps going until the shop stops taking connections (or has exited). */
    const done = (outcome: Outcome) => outcome.error !== undefined || stopped;

    const reader = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          const outcome = await send(agent, `r${n}`, '/api/products', { ip: `10.94.${n}.1` });
          if (done(outcome)) return;
        }
      } finally {
        agent.destroy();
      }
    };
    const writer = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const who = writers[n]!;
      let round = 0;
      const ip = () => `10.95.${n}.${++round % 250}`;
      try {
        for (;;) {
          // A different cart each round, so each round is a new payment intent.
          const quantity = (round % 5) + 1;
          const created = await send(agent, `w${n}`, '/api/payments/create-payment-intent', {
            method: 'POST',
            token: who.token,
            ip: ip(),
            body: {
              amount: totalFor(product!, quantity).totalCents,
              shippingInfo: SHIPPING,
              items: [{ id: product!.id, quantity }],
            },
          });
          if (done(created) || created.status !== 200) return;
          const intent = created.body as Intent;
          const paid = await send(agent, `w${n}`, '/api/payments/test/confirm', {
            method: 'POST',
            token: who.token,
            ip: ip(),
            body: { client_secret: intent.client_secret, card: CARD },
          });
          if (paid.status === 200) confirmed.push(intent.payment_intent_id);
          if (done(paid) || paid.status !== 200) return;
          const placed = await send(agent, `w${n}`, '/api/orders', {
            method: 'POST',
            token: who.token,
            ip: ip(),
            body: { payment_intent_id: intent.payment_intent_id },
          });
          if (placed.status !== undefined && placed.status < 300) {
            answeredOrders.push({ id: (placed.body as { id: number }).id, intent: intent.payment_intent_id });
          }
          if (done(placed)) return;
        }
      } finally {
        agent.destroy();
      }
    };

    const started = Date.now();
    const load = Promise.all([
      ...Array.from({ length: READERS }, (_, n) => reader(n)),
      ...Array.from({ length: WRITERS }, (_, n) => writer(n)),
    ]);
    // SIGTERM once the load has run a second and orders are being placed.
    await waitFor(
      'a second of load with orders placed',
      async () => Date.now() - started >= 1_000 && answeredOrders.length >= 3,
      30_000,
    );
    sigtermAt = Date.now();
    const exited = shop.stop();
    const code = await exited;
    stopped = true;
    await load;
    expect(code, shop.output()).toBe(0);

    // Which requests the shop took: its "incoming request" log lines carry our ids.
    const accepted = new Set<string>();
    for (const line of shop.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; reqId?: string };
        if (entry.msg === 'incoming request' && entry.reqId) accepted.add(entry.reqId);
      } catch {
        // a line cut by the process exit is not a request record
      }
    }
    const answered = outcomes.filter((o) => o.status !== undefined);
    const failed = outcomes.filter((o) => o.error !== undefined);
    const takenButUnanswered = failed.filter((o) => accepted.has(o.id));
    const refused = failed.filter((o) => o.error === 'ECONNREFUSED');
    const otherFailures = failed.filter((o) => o.error !== 'ECONNREFUSED');
    const summary = {
      requests: outcomes.length,
      answered: answered.length,
      answeredAfterSigterm: answered.filter((o) => o.at > sigtermAt).length,
      drainingAnswers: answered.filter((o) => o.connectionClose).length,
      accepted: [...accepted].filter((id) => outcomes.some((o) => o.id === id)).length,
      refused: refused.length,
      /** Connections the shop closed before reading a request from them (never taken). */
      resetUnread: otherFailures.length,
      resetPaths: [...new Set(otherFailures.map((o) => `${o.path} ${o.error}`))],
      statuses: Object.fromEntries(
        [...new Set(answered.map((o) => o.status))].map((s) => [
          s,
          answered.filter((o) => o.status === s).length,
        ]),
      ),
      orders: answeredOrders.length,
      confirmed: confirmed.length,
    };
    console.info('SIGTERM under load:', JSON.stringify(summary));

    // Every request the shop took got a whole answer; only connections it never took failed.
    expect(takenButUnanswered.map((o) => `${o.id} ${o.path} ${o.error}`)).toEqual([]);
    const ours = new Map(outcomes.map((o) => [o.id, o]));
    const oursTaken = [...accepted].filter((id) => ours.has(id));
    expect(oursTaken.length).toBeGreaterThan(0);
    for (const id of oursTaken) expect(ours.get(id)!.status, id).toBeDefined();
    // Those never taken: refused once the listener closed, or reset on a connection the shop closed
    // before reading a request from it (a client reconnecting the instant it stopped listening). Both
    // only once the drain was over and the shop was closing, never before.
    for (const o of otherFailures) expect(['ECONNRESET', 'EPIPE'], `${o.path} ${o.error}`).toContain(o.error);
    for (const o of failed) expect(o.at - sigtermAt, `${o.path} ${o.error}`).toBeGreaterThanOrEqual(DRAIN_MS);
    // Answers are answers: 2xx, or 503 for a request that reached a closing server; never a 500.
    for (const o of answered)
      expect([200, 201, 503], `${o.path} ${JSON.stringify(o.body)}`).toContain(o.status);
    // The drain was exercised: requests were answered after SIGTERM, telling clients to go elsewhere.
    expect(summary.answeredAfterSigterm).toBeGreaterThan(0);
    expect(summary.drainingAnswers).toBeGreaterThan(0);

    // Nothing lost: every order answered 2xx is there, and every confirmed payment has its one order.
    await onDatabase(db.url, async (client) => {
      const { rows } = await client.query<{ id: number; payment_intent_id: string; is_paid: boolean }>(
        `select id, payment_intent_id, is_paid from orders`,
      );
      const byIntent = new Map(rows.map((row) => [row.payment_intent_id, row]));
      for (const order of answeredOrders) {
        expect(byIntent.get(order.intent), `order ${order.id}`).toMatchObject({
          id: order.id,
          is_paid: true,
        });
      }
      for (const intentId of confirmed) expect(byIntent.has(intentId), intentId).toBe(true);
      expect(rows.length).toBe(new Set(rows.map((row) => row.payment_intent_id)).size);
    });
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------
// (c) A crash between the payment and its order

/**
 * What each path does after a crash (kill -9) between "the provider took the money" and "the order is
 * written", by where the crash fell relative to handleEvent's processed_events mark:
 *
 * - before the mark: the next confirmation (test processor) or the webhook's redelivery (Stripe)
 *   finishes the order;
 * - after the mark, before the order: the browser's POST /api/orders finishes it (it asks the provider,
 *   not the mark); the next confirmation and the webhook's redelivery do too.
 *
 * The crash is placed with locks: our transaction holds the intent's row FOR KEY SHARE (the card's
 * status update still commits, placeOrder's SELECT ... FOR UPDATE waits), or holds an
 * uncommitted mark with the event's id (the mark's INSERT waits). Once the shop's backends wait, the
 * process is killed, its orphaned backends are ended (the statement it was running never happens),
 * and our transaction is rolled back.
 */
async function crashWhileWaiting(
  shop: RunningShop,
  db: TestDatabase,
  blocker: pg.Client,
  expectedWaiters: number,
  inFlight: Promise<{ ok: boolean }>[],
): Promise<void> {
  await waitFor(
    `${expectedWaiters} requests to wait on our locks`,
    async () => (await lockWaiters(blocker, db)) >= expectedWaiters,
  );
  await crash(shop);
  // The requests in flight died with the process: a socket error each, no answer.
  expect((await Promise.all(inFlight)).map((outcome) => outcome.ok)).toEqual(inFlight.map(() => false));
  await terminateOthers(blocker, db);
  await release(blocker);
}

const eventMark = (db: TestDatabase, eventId: string) =>
  onDatabase(
    db.url,
    async (client) =>
      (await client.query(`select id from processed_events where id = $1`, [eventId])).rowCount,
  );
// Decision 0013: the test processor committed the intent as succeeded before the order's
// transaction, so a crash in between left money taken and no order (32 such after kill -9s under
// load). The card is now taken in the order's own transaction: a crash takes nothing, and paying
// again makes one order.
describe.skipIf(skipPostgres)('a crash while the test card is being taken', () => {
  let db: TestDatabase;
  let shop: RunningShop;
  let who: Shopper;
  /** Crashed after the card checked out, waiting for the intent's row. */
  let atIntent: Intent;
  /** Crashed after that, waiting to mark its event. */
  let atMark: Intent;
  /** Crashed while its order was being inserted. */
  let atOrder: Intent;

  beforeAll(async () => {
    db = await newDatabase('crash_test');
    const first = await start(db);
    who = await shopper(db);
    const [product, other, third] = await productsOf(first);
    atIntent = await createIntent(first, who, product!, 1);
    atMark = await createIntent(first, who, other!, 2);
    atOrder = await createIntent(first, who, third!, 1);

    const blocker = await holdLocks(db, [
      [`select id from payment_intents where id = $1 for key share`, [atIntent.payment_intent_id]],
      [
        `insert into processed_events (id, provider, type) values ($1, 'test', 'held')`,
        [`evt_test_${atMark.payment_intent_id}`],
      ],
    ]);
    // The third waits on the orders table (its intent row is not held).
    await blocker.query(`lock table orders in share mode`);
    const inFlight = [atIntent, atMark, atOrder].map((intent) => settle(confirm(first, who, intent)));
    await crashWhileWaiting(first, db, blocker, 3, inFlight);

    // What the crash left: no card taken, no order, no mark.
    for (const intent of [atIntent, atMark, atOrder]) {
      expect(await intentStatus(db, intent.payment_intent_id)).toBe('requires_payment_method');
      expect(await ordersOf(db, intent.payment_intent_id)).toEqual([]);
      expect(await eventMark(db, `evt_test_${intent.payment_intent_id}`)).toBe(0);
    }

    shop = await start(db);
  }, 180_000);

  it("the browser's POST /api/orders after the restart says the payment was not completed", async () => {
    const answer = await placeOrder(shop, who, atIntent.payment_intent_id);
    expect(answer).toEqual({ status: 402, body: { message: 'Payment has not been completed.' } });
    expect(await ordersOf(db, atIntent.payment_intent_id)).toEqual([]);
  });

  it('paying again makes exactly one order for each, and the browser finds it', async () => {
    for (const intent of [atIntent, atMark, atOrder]) {
      const retried = await confirm(shop, who, intent);
      expect(retried).toMatchObject({
        status: 200,
        body: { type: 'order', order: { payment_intent_id: intent.payment_intent_id } },
      });
      const rows = await ordersOf(db, intent.payment_intent_id);
      expect(rows).toEqual([{ id: expect.any(Number), is_paid: true, total_cents: intent.amount }]);
      const placed = await Promise.all([
        placeOrder(shop, who, intent.payment_intent_id),
        placeOrder(shop, who, intent.payment_intent_id),
      ]);
      expect(placed.map((answer) => answer.status)).toEqual([200, 200]);
      for (const answer of placed) expect((answer.body as { id: number }).id).toBe(rows[0]!.id);
    }
  });

  it('stops cleanly after all that', async () => {
    expect(await shop.stop(), shop.output()).toBe(0);
  });
});

describe.skipIf(skipPostgres)('a crash while a Stripe webhook was being applied', () => {
  const stripe = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY);
  let db: TestDatabase;
  let shop: RunningShop;
  /** Each: the intent, Stripe's event for its payment, and the amount. */
  let afterMark: { intentId: string; payload: string; amount: number };
  let beforeMark: { intentId: string; payload: string; amount: number };

  /** An intent as the shop stores it when the shopper starts paying (the shop itself would ask Stripe). */
  async function storedIntent(userId: number, product: ApiProduct, quantity: number) {
    const id = `pi_faults_${randomBytes(8).toString('hex')}`;
    const totals = totalFor(product, quantity);
    const checkout: IntentCheckout = {
      lines: [
        {
          productId: product.id,
          name: product.name,
          sku: product.sku ?? null,
          priceCents: Math.round(product.price * 100),
          quantity,
        },
      ],
      shippingInfo: { ...SHIPPING, address2: undefined } as unknown as IntentCheckout['shippingInfo'],
      totals,
    };
    await onDatabase(db.url, (client) =>
      client.query(
        `insert into payment_intents (id, provider, user_id, amount_cents, status, checkout)
         values ($1, 'stripe', $2, $3, 'requires_payment_method', $4)`,
        [id, userId, totals.totalCents, JSON.stringify(checkout)],
      ),
    );
    // What Stripe then sends: payment_intent.succeeded for the whole amount.
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id,
          object: 'payment_intent',
          amount: totals.totalCents,
          amount_received: totals.totalCents,
          currency: 'cad',
          status: 'succeeded',
        },
      },
    });
    return { intentId: id, payload, amount: totals.totalCents };
  }

  /** Stripe's delivery: the raw payload with its signature header. */
  const post = (target: RunningShop, payload: string) =>
    fetch(`${target.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        }),
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));

  beforeAll(async () => {
    db = await newDatabase('crash_stripe');
    const first = await start(db, STRIPE_ENV);
    const who = await shopper(db);
    const [product, other] = await productsOf(first);
    afterMark = await storedIntent(who.id, product!, 1);
    beforeMark = await storedIntent(who.id, other!, 2);

    const beforeMarkEvent = (JSON.parse(beforeMark.payload) as { id: string }).id;
    const blocker = await holdLocks(db, [
      [`select id from payment_intents where id = $1 for key share`, [afterMark.intentId]],
      [`insert into processed_events (id, provider, type) values ($1, 'stripe', 'held')`, [beforeMarkEvent]],
    ]);
    const inFlight = [settle(post(first, afterMark.payload)), settle(post(first, beforeMark.payload))];
    await crashWhileWaiting(first, db, blocker, 2, inFlight);

    for (const { intentId } of [afterMark, beforeMark]) expect(await ordersOf(db, intentId)).toEqual([]);
    // No mark without its order: both were in the transaction the crash rolled back.
    expect(await eventMark(db, (JSON.parse(afterMark.payload) as { id: string }).id)).toBe(0);
    expect(await eventMark(db, beforeMarkEvent)).toBe(0);

    shop = await start(db, STRIPE_ENV);
  }, 180_000);

  it("a crash before the mark: Stripe's redelivery creates exactly one order, and again is a duplicate", async () => {
    const redelivered = await post(shop, beforeMark.payload);
    expect(redelivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const rows = await ordersOf(db, beforeMark.intentId);
    expect(rows).toEqual([{ id: expect.any(Number), is_paid: true, total_cents: beforeMark.amount }]);
    expect(await post(shop, beforeMark.payload)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect(await ordersOf(db, beforeMark.intentId)).toHaveLength(1);
  });

  // Regression (same cause): Stripe's redelivery after such a crash was answered as a duplicate.
  it("a crash after the mark: Stripe's redelivery creates exactly one order", async () => {
    const redelivered = await post(shop, afterMark.payload);
    expect(redelivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await ordersOf(db, afterMark.intentId)).toHaveLength(1);
  });

  it('stops cleanly after all that', async () => {
    expect(await shop.stop(), shop.output()).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// (c) continued: a crash while a subscription renews (decisions 0056 and 0058)

/**
 * A renewal goes in three steps (subscriptions/renewals.ts): its attempt is written under the
 * subscription's lock; the provider charges the saved card with the attempt's idempotency key; the
 * provider's answer is written (the payment intent's row) and `placeOrder` makes the order. The kills
 * below fall between the charge and the order:
 *
 * - while the answer is being written: our transaction holds an uncommitted payment intent with the
 *   attempt's key (a unique column), so the runner's INSERT ... ON CONFLICT DO NOTHING waits for it.
 *   With Stripe the money has been taken by then, and nothing of it is recorded;
 * - while the order is being written: our transaction holds the orders table in SHARE mode, so the
 *   order's INSERT waits (and every other "Order now" of the cycle waits behind it on the payment's
 *   row). The test processor's charge is that very transaction.
 *
 * The shop is then restarted and left to finish (the next renewal pass, Stripe's webhook, "Order now"
 * again), and the cycle is counted: payments taken, orders, confirmation e-mails.
 */
/** The idempotency key of a subscription's first renewal, first try (decision 0056). */
const renewalKey = (subscriptionId: number) => `renewal-${subscriptionId}-1-1`;

/** The answer to the first attempt of `subscriptionId`'s first cycle, held back (see above). */
const holdAnswer = (subscriptionId: number): [string, unknown[]] => [
  `insert into payment_intents (id, provider, amount_cents, status, checkout, idempotency_key)
   values ($1, 'test', 1, 'requires_payment_method', '{}', $2)`,
  [`pi_held_${subscriptionId}`, renewalKey(subscriptionId)],
];

/** Its day has come: the next renewal pass renews it. */
const makeDue = (db: TestDatabase, subscriptionId: number) =>
  onDatabase(db.url, (client) =>
    client.query(`update subscriptions set next_order_at = now() - interval '1 minute' where id = $1`, [
      subscriptionId,
    ]),
  );

/**
 * The renewal pass runs every RECONCILE_INTERVAL_MS: every second here. Ten "Order now" waiting on our
 * locks hold ten pooled connections, and the pass needs one more.
 */
const RENEWING = { RECONCILE_INTERVAL_MS: '1000', DATABASE_POOL_SIZE: '20' };

interface Subscribed {
  id: number;
  who: Shopper;
}

const orderNow = (shop: RunningShop, sub: Subscribed) =>
  call(shop, `/api/subscriptions/${sub.id}/order-now`, { method: 'POST', token: sub.who.token });

/** One pack of `product` every 4 weeks at its subscription price, the renewal terms agreed. */
function subscriptionCheckout(product: ApiProduct) {
  const priceCents = subscriptionPriceCents(
    Math.round(product.price * 100),
    product.subscribe_save_percent ?? 0,
  );
  return {
    amount: checkoutTotals([{ priceCents, quantity: 1 }], SHIPPING).totalCents,
    shippingInfo: SHIPPING,
    items: [{ id: product.id, quantity: 1, subscription: { interval_weeks: 4 } }],
    subscription_terms_accepted: true,
  };
}

/** The shopper's one subscription, as the account page lists it. */
async function theSubscription(shop: RunningShop, who: Shopper): Promise<Subscribed> {
  const answer = await call(shop, '/api/subscriptions', { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const list = answer.body as { id: number; status: string }[];
  expect(list).toEqual([expect.objectContaining({ status: 'active' })]);
  return { id: list[0]!.id, who };
}

/** A new shopper subscribed through the test checkout with the card that renews (4242 4242 4242 4242). */
async function subscribedWithTestCard(shop: RunningShop, db: TestDatabase, product: ApiProduct) {
  const who = await shopper(db);
  const created = await call(shop, '/api/payments/create-payment-intent', {
    method: 'POST',
    token: who.token,
    body: subscriptionCheckout(product),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(await confirm(shop, who, created.body as Intent)).toMatchObject({
    status: 200,
    body: { type: 'order' },
  });
  return theSubscription(shop, who);
}

/** A renewal attempt, as subscription_renewals keeps it. */
interface AttemptRow {
  cycle: number;
  attempt: number;
  status: string;
  payment_intent_id: string | null;
  order_id: number | null;
}
const attemptsOf = (db: TestDatabase, subscriptionId: number) =>
  onDatabase(
    db.url,
    async (client) =>
      (
        await client.query<AttemptRow>(
          `select cycle, attempt, status, payment_intent_id, order_id from subscription_renewals
           where subscription_id = $1 order by cycle, attempt`,
          [subscriptionId],
        )
      ).rows,
  );
/** The first cycle's first attempt, still charging, with no order. */
const charging = { cycle: 1, attempt: 1, status: 'charging', order_id: null };

const paymentWithKey = (db: TestDatabase, key: string) =>
  onDatabase(
    db.url,
    async (client) =>
      (
        await client.query<{ id: string; status: string }>(
          `select id, status from payment_intents where idempotency_key = $1`,
          [key],
        )
      ).rows[0],
  );

/** The first cycle's attempt of `subscriptionId`, once it is paid. */
async function renewed(db: TestDatabase, subscriptionId: number): Promise<AttemptRow> {
  const paid = async () => (await attemptsOf(db, subscriptionId)).find((row) => row.status === 'paid');
  await waitFor(`subscription ${subscriptionId} to renew`, async () => (await paid()) !== undefined);
  return (await paid())!;
}

/**
 * What the first cycle of a subscription came to: its payments recorded as succeeded, the orders
 * made of them and their confirmation e-mails, and its attempts paid and still charging.
 */
const CYCLE_COUNTS_SQL = `with renewal as (
    select id, status from payment_intents
    where (checkout -> 'renewal' ->> 'subscriptionId')::int = $1
      and (checkout -> 'renewal' ->> 'cycle')::int = 1)
  select
    (select count(*) from renewal where status = 'succeeded')::int as recorded,
    (select count(*) from orders o join renewal r on r.id = o.payment_intent_id)::int as orders,
    (select count(*) from email_outbox e
       join orders o on e.subject = 'Your Northbite order #' || o.id
       join renewal r on r.id = o.payment_intent_id)::int as emails,
    (select count(*) from subscription_renewals
       where subscription_id = $1 and cycle = 1 and status = 'paid')::int as "paidAttempts",
    (select count(*) from subscription_renewals
       where subscription_id = $1 and cycle = 1 and status = 'charging')::int as "openAttempts"`;

/**
 * One charge (`taken`: the money Stripe took; else the test processor's succeeded payments), one
 * order and one confirmation e-mail for the cycle; printed on one line for the record.
 */
async function expectOneOfEach(db: TestDatabase, subscriptionId: number, label: string, taken?: number) {
  const counts = await onDatabase(
    db.url,
    async (client) =>
      (
        await client.query<{
          recorded: number;
          orders: number;
          emails: number;
          paidAttempts: number;
          openAttempts: number;
        }>(CYCLE_COUNTS_SQL, [subscriptionId])
      ).rows[0]!,
  );
  const charges = taken ?? counts.recorded;
  const duplicates = [charges, counts.recorded, counts.orders, counts.emails, counts.paidAttempts].reduce(
    (sum, n) => sum + Math.max(0, n - 1),
    0,
  );
  console.log(
    `renewal crash (${label}): charges=${charges} orders=${counts.orders} emails=${counts.emails} duplicates=${duplicates}`,
  );
  expect({ charges, ...counts, duplicates }).toEqual({
    charges: 1,
    recorded: 1,
    orders: 1,
    emails: 1,
    paidAttempts: 1,
    openAttempts: 0,
    duplicates: 0,
  });
}

/** Ten "Order now" at once on a running shop: one makes the order, the nine others answer it. */
async function tenAtOnce(shop: RunningShop, db: TestDatabase, sub: Subscribed) {
  const answers = await Promise.all(Array.from({ length: 10 }, () => orderNow(shop, sub)));
  expect(
    answers.map((answer) => answer.status).sort(),
    JSON.stringify(answers.map((answer) => answer.body)),
  ).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  const ids = [...new Set(answers.map((answer) => (answer.body as { id: number }).id))];
  expect(ids).toHaveLength(1);
  expect(await attemptsOf(db, sub.id)).toEqual([
    { ...charging, status: 'paid', payment_intent_id: expect.any(String), order_id: ids[0] },
  ]);
}

/** A PaymentIntent as the stand-in for Stripe keeps it. */
interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: null;
  livemode: false;
}

/**
 * Loaded into the shop's process (NODE_OPTIONS=--require): its requests for api.stripe.com go to the
 * stand-in instead. The Stripe SDK calls `https.request` on the module object, and says so for tests
 * that intercept it; the shop's own code is unchanged.
 */
const STRIPE_PRELOAD = `const http = require('node:http');
const https = require('node:https');
const standIn = new URL(process.env.FAULTS_STRIPE_STAND_IN);
const request = https.request;
https.request = function (options, ...rest) {
  if (options && typeof options === 'object' && !(options instanceof URL) && options.host === 'api.stripe.com') {
    return http.request({ ...options, host: standIn.hostname, port: standIn.port, agent: undefined }, ...rest);
  }
  return request.call(this, options, ...rest);
};
`;

/**
 * Stripe, offline, as far as a subscription's first payment and its renewals use it (decision
 * 0058): Customers, PaymentMethods and PaymentIntents over HTTP, with idempotency keys (a repeated
 * key replays the first answer and takes no more money). Its cards all renew.
 */
async function stripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const methods = new Map<
    string,
    { id: string; object: 'payment_method'; type: 'card'; customer: string | null; card: object }
  >();
  /** Stripe's first answer to each idempotency key (replayed as it was), and its intent. */
  const replies = new Map<string, { status: number; body: string; intentId?: string }>();
  const sent = new Map<string, number>();
  const charged = new Map<string, number>();
  let seq = 0;
  const error = (status: number, message: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message } },
  });

  function createIntent(params: URLSearchParams, key: string | undefined) {
    const id = `pi_standin_${++seq}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of params) {
      const field = /^metadata\[(.+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.get('amount')),
      amount_received: 0,
      currency: params.get('currency') ?? 'cad',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      customer: params.get('customer'),
      payment_method: params.get('payment_method'),
      setup_future_usage: params.get('setup_future_usage'),
      last_payment_error: null,
      livemode: false,
    };
    if (params.get('confirm') === 'true' && params.get('off_session') === 'true') {
      const method = methods.get(intent.payment_method ?? '');
      if (!method || method.customer !== intent.customer) {
        return error(400, `No such PaymentMethod on the customer: '${intent.payment_method}'`);
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      if (key) charged.set(key, (charged.get(key) ?? 0) + 1);
    }
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function answer(method: string, path: string, params: URLSearchParams, key: string | undefined) {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_standin_${++seq}`;
      return { status: 200, body: { id, object: 'customer', email: params.get('email') } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params, key);
    if ((match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path))) {
      const intent = intents.get(match[1]!);
      if (!intent) return error(404, `No such payment_intent: '${match[1]}'`);
      if (method === 'GET' && !match[2]) return { status: 200, body: intent };
      if (method === 'POST' && match[2] && intent.status !== 'succeeded') {
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const card = methods.get(match[1]!);
      return card ? { status: 200, body: card } : error(404, `No such PaymentMethod: '${match[1]}'`);
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      if (key) sent.set(key, (sent.get(key) ?? 0) + 1);
      let reply = key ? replies.get(key) : undefined;
      if (!reply) {
        const params = new URLSearchParams(Buffer.concat(chunks).toString());
        const { status, body } = answer(
          method,
          new URL(req.url ?? '/', 'http://stand-in').pathname,
          params,
          key,
        );
        reply = {
          status,
          body: JSON.stringify(body),
          ...(status === 200 && 'object' in body && body.object === 'payment_intent'
            ? { intentId: (body as StandInIntent).id }
            : {}),
        };
        if (key) replies.set(key, reply);
      }
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_standin_${++seq}`,
      });
      res.end(reply.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), 'northbite-faults-stripe-'));
  workDirs.push(dir);
  writeFileSync(join(dir, 'stripe-stand-in.cjs'), STRIPE_PRELOAD);

  return {
    /** What the shop's process needs to reach it. */
    env: {
      FAULTS_STRIPE_STAND_IN: `http://127.0.0.1:${port}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${join(dir, 'stripe-stand-in.cjs')}`.trim(),
    },
    /** How many times `key` was sent, and how many payments took money under it. */
    sent: (key: string) => sent.get(key) ?? 0,
    charges: (key: string) => charged.get(key) ?? 0,
    /** The PaymentIntent Stripe made for `key`. */
    intentOf: (key: string) => intents.get(replies.get(key)?.intentId ?? ''),
    /**
     * The customer paid in the browser: the intent succeeded, and (set up for later) its card is on
     * the customer.
     */
    pay(id: string) {
      const intent = intents.get(id)!;
      const card = {
        id: `pm_standin_${++seq}`,
        object: 'payment_method' as const,
        type: 'card' as const,
        customer: intent.setup_future_usage ? intent.customer : null,
        card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: new Date().getUTCFullYear() + 3 },
      };
      methods.set(card.id, card);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, payment_method: card.id });
      return intent;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
type StripeStandIn = Awaited<ReturnType<typeof stripeStandIn>>;

const stripeSigner = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY);

/** Stripe's payment_intent.succeeded event of `intent`, as delivered (and delivered again). */
const succeededEvent = (intent: StandInIntent) =>
  JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });

/** Stripe's delivery: the raw payload with its signature header. */
const deliver = (shop: RunningShop, payload: string) =>
  fetch(`${shop.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSigner.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      }),
    },
    body: payload,
    signal: AbortSignal.timeout(30_000),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));

/** A new shopper subscribed with Stripe: the intent, the customer pays, Stripe's webhook. */
async function subscribedWithStripe(
  shop: RunningShop,
  db: TestDatabase,
  stripe: StripeStandIn,
  product: ApiProduct,
) {
  const who = await shopper(db);
  const created = await call(shop, '/api/payments/create-payment-intent', {
    method: 'POST',
    token: who.token,
    body: subscriptionCheckout(product),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = stripe.pay((created.body as Intent).payment_intent_id);
  expect(await deliver(shop, succeededEvent(paid))).toEqual({
    status: 200,
    body: { received: true, duplicate: false },
  });
  return theSubscription(shop, who);
}

describe.skipIf(skipPostgres)('a crash while a subscription renews', () => {
  // One database for both providers, one after the other: the first start on it migrates and seeds
  // it, which takes about three restarts.
  let db: TestDatabase;
  beforeAll(async () => {
    db = await newDatabase('crash_renew');
  });

  // Decision 0056: the test processor takes the money in the order's own transaction, so a kill
  // anywhere before it commits takes nothing; the attempt stays charging and is finished once.
  describe('on the test processor', () => {
    let shop: RunningShop;
    /** Ten "Order now" at once, killed while the order was being written. */
    let clicked: Subscribed;
    /** The renewal pass, killed while the card's answer was being written. */
    let scheduled: Subscribed;
    /** Ten "Order now" at once on the restarted shop. */
    let healthy: Subscribed;

    beforeAll(async () => {
      const first = await start(db, RENEWING);
      const [product] = await productsOf(first);
      clicked = await subscribedWithTestCard(first, db, product!);
      scheduled = await subscribedWithTestCard(first, db, product!);
      healthy = await subscribedWithTestCard(first, db, product!);

      const blocker = await holdLocks(db, [holdAnswer(scheduled.id)]);
      await blocker.query(`lock table orders in share mode`);
      await makeDue(db, scheduled.id);
      const inFlight = Array.from({ length: 10 }, () => settle(orderNow(first, clicked)));
      // The ten: one waits to insert the order, nine on its payment's row; the pass on our payment.
      await crashWhileWaiting(first, db, blocker, 11, inFlight);

      // What the crash left: both attempts charging, nothing charged, no order.
      const [left] = await attemptsOf(db, clicked.id);
      expect(left).toEqual({ ...charging, payment_intent_id: expect.any(String) });
      expect(await paymentWithKey(db, renewalKey(clicked.id))).toEqual({
        id: left!.payment_intent_id,
        status: 'requires_payment_method',
      });
      expect(await ordersOf(db, left!.payment_intent_id!)).toEqual([]);
      expect(await attemptsOf(db, scheduled.id)).toEqual([{ ...charging, payment_intent_id: null }]);
      expect(await paymentWithKey(db, renewalKey(scheduled.id))).toBeUndefined();

      shop = await start(db, RENEWING);
    }, 180_000);

    it('the next renewal pass finishes the attempt the killed one was writing: one charge, one order, one e-mail', async () => {
      expect(await renewed(db, scheduled.id)).toEqual({
        ...charging,
        status: 'paid',
        payment_intent_id: expect.any(String),
        order_id: expect.any(Number),
      });
      await expectOneOfEach(db, scheduled.id, 'test processor, the renewal pass killed writing the answer');
    });

    it('"Order now" again finishes the attempt the ten clicks started: 201, then 200 with the same order', async () => {
      const again = await orderNow(shop, clicked);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const order = again.body as { id: number; payment_intent_id: string };
      expect(await attemptsOf(db, clicked.id)).toEqual([
        { ...charging, status: 'paid', payment_intent_id: order.payment_intent_id, order_id: order.id },
      ]);
      expect(await orderNow(shop, clicked)).toMatchObject({ status: 200, body: { id: order.id } });
      await expectOneOfEach(db, clicked.id, 'test processor, ten "Order now" killed writing the order');
    });

    it('ten "Order now" at once on the running shop: one 201, nine 200 with that order, one charge', async () => {
      await tenAtOnce(shop, db, healthy);
      await expectOneOfEach(db, healthy.id, 'test processor, ten "Order now" at once');
    });

    it('stops cleanly after all that', async () => {
      expect(await shop.stop(), shop.output()).toBe(0);
    });
  });

  // Decision 0058: Stripe takes the money when it answers the off-session charge, before the shop has
  // written anything of it. A runner killed then leaves the attempt charging; whoever comes next sends
  // the same key (Stripe answers the same PaymentIntent) or applies Stripe's event, and makes the one
  // order.
  describe('with Stripe', () => {
    let stripe: StripeStandIn;
    let env: Record<string, string>;
    let shop: RunningShop;
    /** Ten "Order now" at once, killed while Stripe's answer was being written. */
    let clicked: Subscribed;
    /** The renewal pass, killed while Stripe's answer was being written. */
    let scheduled: Subscribed;
    /** Ten "Order now" at once on the restarted shop. */
    let healthy: Subscribed;

    beforeAll(async () => {
      stripe = await stripeStandIn();
      env = { ...STRIPE_ENV, ...RENEWING, ...stripe.env };
      const first = await start(db, env);
      const [product] = await productsOf(first);
      clicked = await subscribedWithStripe(first, db, stripe, product!);
      scheduled = await subscribedWithStripe(first, db, stripe, product!);
      healthy = await subscribedWithStripe(first, db, stripe, product!);

      const blocker = await holdLocks(db, [holdAnswer(clicked.id), holdAnswer(scheduled.id)]);
      await makeDue(db, scheduled.id);
      const inFlight = Array.from({ length: 10 }, () => settle(orderNow(first, clicked)));
      // Eleven runners with Stripe's answer in hand, waiting to write it.
      await crashWhileWaiting(first, db, blocker, 11, inFlight);

      // Stripe took the money once for each (the ten sent the same key); the shop has no record of it.
      for (const [sub, times] of [
        [clicked, 10],
        [scheduled, 1],
      ] as const) {
        expect(stripe.sent(renewalKey(sub.id))).toBe(times);
        expect(stripe.charges(renewalKey(sub.id))).toBe(1);
        expect(await attemptsOf(db, sub.id)).toEqual([{ ...charging, payment_intent_id: null }]);
        expect(await paymentWithKey(db, renewalKey(sub.id))).toBeUndefined();
      }

      shop = await start(db, env);
    }, 180_000);
    afterAll(() => stripe?.close());

    it('the next renewal pass sends the same key: Stripe answers the same payment, and it becomes one order', async () => {
      const charged = stripe.intentOf(renewalKey(scheduled.id))!;
      expect(await renewed(db, scheduled.id)).toEqual({
        ...charging,
        status: 'paid',
        payment_intent_id: charged.id,
        order_id: expect.any(Number),
      });
      expect(stripe.sent(renewalKey(scheduled.id))).toBe(2);
      await expectOneOfEach(
        db,
        scheduled.id,
        'Stripe, the renewal pass killed writing the answer',
        stripe.charges(renewalKey(scheduled.id)),
      );
    });

    it('Stripe\'s webhook makes the one order of the payment the ten clicks made; "Order now" answers it, the webhook again is a duplicate', async () => {
      const charged = stripe.intentOf(renewalKey(clicked.id))!;
      const event = succeededEvent(charged);
      expect(await deliver(shop, event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
      const [attempt] = await attemptsOf(db, clicked.id);
      expect(attempt).toEqual({
        ...charging,
        status: 'paid',
        payment_intent_id: charged.id,
        order_id: expect.any(Number),
      });
      expect(await orderNow(shop, clicked)).toMatchObject({ status: 200, body: { id: attempt!.order_id } });
      expect(await deliver(shop, event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
      expect(stripe.sent(renewalKey(clicked.id))).toBe(10);
      await expectOneOfEach(
        db,
        clicked.id,
        'Stripe, ten "Order now" killed writing the answer',
        stripe.charges(renewalKey(clicked.id)),
      );
    });

    it('ten "Order now" at once on the running shop: one 201, nine 200 with that order, one charge at Stripe', async () => {
      await tenAtOnce(shop, db, healthy);
      await expectOneOfEach(
        db,
        healthy.id,
        'Stripe, ten "Order now" at once',
        stripe.charges(renewalKey(healthy.id)),
      );
    });

    it('stops cleanly after all that', async () => {
      expect(await shop.stop(), shop.output()).toBe(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// (d) Bounded waits, outages and crashes under load (decision 0020)

/** The shop's own backends on `db`: every connection to it but ours. */
const shopBackends = async (client: pg.Client, db: TestDatabase) =>
  (
    await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [db.name],
    )
  ).rows.map((row) => row.pid);

describe.skipIf(skipPostgres)('timeouts: no request waits on the database without a bound', () => {
  // Before: no lock or statement timeout, so a request waited as long as the lock was held.
  it('a lock held elsewhere longer than the lock timeout: the checkout answers 503 after about that long', async () => {
    const db = await newDatabase('lock_timeout');
    const shop = await start(db, { DATABASE_LOCK_TIMEOUT_MS: '1000' });
    const who = await shopper(db);
    const [product] = await productsOf(shop);
    const intent = await createIntent(shop, who, product!, 1);
    const blocker = await holdLocks(db, [
      [`select id from payment_intents where id = $1 for update`, [intent.payment_intent_id]],
    ]);
    try {
      const started = Date.now();
      const answer = await confirm(shop, who, intent, 20_000);
      const took = Date.now() - started;
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expectCleanFailure(answer);
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(10_000);
    } finally {
      await release(blocker);
    }
    expect(await intentStatus(db, intent.payment_intent_id)).toBe('requires_payment_method');
    expect(await confirm(shop, who, intent)).toMatchObject({
      status: 200,
      body: { type: 'order', order: { payment_intent_id: intent.payment_intent_id } },
    });
    expect(await shop.stop(), shop.output()).toBe(0);
  }, 120_000);

  // Before: a frozen database held requests for as long as it was frozen (15.2 s in the run).
  it('a frozen database (its backends stopped): requests answer 503 within the bound, and all is well after', async () => {
    const db = await newDatabase('frozen');
    const shop = await start(db, {
      DATABASE_POOL_SIZE: '2',
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_LOCK_TIMEOUT_MS: '1000',
    });
    const who = await shopper(db);
    const [product] = await productsOf(shop);
    // Both pooled connections open, so every request must use a frozen one.
    await Promise.all([createIntent(shop, who, product!, 1), createIntent(shop, who, product!, 2)]);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const frozen = await shopBackends(admin, db);
    expect(frozen.length).toBeGreaterThanOrEqual(1);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const answers = await Promise.all([
        call(shop, '/api/payments/create-payment-intent', {
          method: 'POST',
          token: who.token,
          body: {
            amount: totalFor(product!, 3).totalCents,
            shippingInfo: SHIPPING,
            items: [{ id: product!.id, quantity: 3 }],
          },
          timeoutMs: 20_000,
        }),
        call(shop, `/api/users/${who.id}/orders`, { token: who.token, timeoutMs: 20_000 }),
      ]);
      const took = Date.now() - started;
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expectCleanFailure(answer);
      }
      // The statement timeout (1.5 s) cannot fire in a stopped backend: the client's bound does.
      expect(took).toBeLessThan(10_000);
      expect((await call(shop, '/api/health')).status).toBe(200);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      await admin.end();
    }
    await waitFor('ready to answer 200', async () => (await call(shop, '/api/health/ready')).status === 200);
    await createIntent(shop, who, product!, 4);
    expect(await shop.stop(), shop.output()).toBe(0);
  }, 120_000);
});

describe.skipIf(skipPostgres)('a PostgreSQL outage under the running shop', () => {
  // Before: every catalogue read and page answered 500, pages came back as JSON, and each failure
  // logged a full stack (40 MB in 25 s).
  it('serves the storefront from its cache, answers checkout 503 with Retry-After, logs once, and recovers without a restart', async () => {
    const db = await newDatabase('outage');
    const shop = await start(db, { LOG_LEVEL: 'warn' });
    const who = await shopper(db);
    const products = await productsOf(shop);
    const [product] = products;
    const pages = ['/', '/shop', `/products/${products[0]!.slug}`, '/categories/granola'];
    for (const path of pages) expect((await fetch(`${shop.url}${path}`)).status, path).toBe(200);

    await onDatabase(ADMIN_URL, async (admin) => {
      await admin.query(`alter database "${db.name}" with allow_connections false`);
      await terminateOthers(admin, db);
    });
    const logBefore = shop.output().length;
    try {
      for (let round = 0; round < 20; round++) {
        for (const path of pages) {
          const res = await fetch(`${shop.url}${path}`);
          expect(res.status, path).toBe(200);
          expect(res.headers.get('content-type')).toContain('text/html');
        }
        // A page no one had opened yet renders from the catalogue snapshot too.
        expect((await fetch(`${shop.url}/products/${products[1]!.slug}`)).status).toBe(200);
        expect((await call(shop, '/api/products')).status).toBe(200);
        const paying = await fetch(`${shop.url}/api/payments/create-payment-intent`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${who.token}`,
            'x-forwarded-for': clientIp(),
          },
          body: JSON.stringify({
            amount: totalFor(product!, 1).totalCents,
            shippingInfo: SHIPPING,
            items: [{ id: product!.id, quantity: 1 }],
          }),
        });
        expect(paying.status).toBe(503);
        expect(paying.headers.get('retry-after')).toBe('5');
        expect(await paying.json()).toEqual({ message: expect.any(String) });
      }
      expect((await call(shop, '/api/health/ready')).status).toBe(503);
      expect((await call(shop, '/api/health')).status).toBe(200);
    } finally {
      await onDatabase(ADMIN_URL, (admin) =>
        admin.query(`alter database "${db.name}" with allow_connections true`),
      );
    }
    // 20 rounds of failing checkouts and catalogue checks: a handful of log lines, not one each.
    const outageLog = shop
      .output()
      .slice(logBefore)
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    expect(outageLog.length, outageLog.join('\n')).toBeLessThanOrEqual(4);
    expect(shop.output().slice(logBefore).length).toBeLessThan(20_000);

    await waitFor(
      'ready to answer 200 again',
      async () => (await call(shop, '/api/health/ready')).status === 200,
    );
    await createIntent(shop, who, product!, 1);
    expect(await shop.stop(), shop.output()).toBe(0);
  }, 120_000);
});

/** What a shop's database says about money and orders, for the crash counts below. */
interface Counts {
  intents: number;
  charged: number;
  orders: number;
  chargedWithoutOrder: number;
  ordersWithoutCharge: number;
  duplicateOrders: number;
  ordersWithoutEmail: number;
  duplicateEmails: number;
}
const COUNTS_SQL = `select
  (select count(*) from payment_intents)::int as intents,
  (select count(*) from payment_intents where status = 'succeeded')::int as charged,
  (select count(*) from orders)::int as orders,
  (select count(*) from payment_intents p where p.status = 'succeeded'
     and not exists (select 1 from orders o where o.payment_intent_id = p.id))::int as "chargedWithoutOrder",
  (select count(*) from orders o join payment_intents p on p.id = o.payment_intent_id
     where p.status <> 'succeeded')::int as "ordersWithoutCharge",
  (select count(*) from (select payment_intent_id from orders group by 1 having count(*) > 1) d)::int
     as "duplicateOrders",
  (select count(*) from orders o where not exists (
     select 1 from email_outbox e where e.subject = 'Your Northbite order #' || o.id))::int as "ordersWithoutEmail",
  (select count(*) from (select subject from email_outbox where subject like 'Your Northbite order #%'
     group by 1 having count(*) > 1) d)::int as "duplicateEmails"`;

/** A customer made through the API (works on either database). */
async function registered(shop: RunningShop): Promise<Shopper> {
  const answer = await call(shop, '/api/users/register', {
    method: 'POST',
    body: {
      firstName: 'Robin',
      lastName: 'Crash',
      email: `robin.crash.${randomBytes(5).toString('hex')}@example.ca`,
      phoneNumber: '+16045550123',
      password: `Crash-${randomBytes(8).toString('hex')}`,
      isSubscribedEmail: false,
      isSubscribedPhone: false,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const body = answer.body as { token: string; user: { id: number } };
  return { id: body.user.id, token: body.token };
}

/**
 * N rounds: checkouts from several shoppers at once, a kill -9 at a random moment, a restart. Then
 * one more start (its start-up reconciliation pass) and the counts.
 */
async function crashUnderLoad(db: TestDatabase | null, dataDir: string, rounds: number) {
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_QUEUE_LIMIT: '1000',
    DATABASE_QUEUE_WAIT_MS: '30000',
  };
  let shop = await start(db, env);
  const shoppers = await Promise.all(Array.from({ length: 4 }, () => registered(shop)));
  const products = await productsOf(shop);
  let answeredOrders = 0;
  for (let round = 0; round < rounds; round++) {
    let stop = false;
    const target = shop;
    const loop = async (who: Shopper, n: number) => {
      for (let i = 0; !stop; i++) {
        const product = products[(n + i) % products.length]!;
        const quantity = ((round * 7 + i) % 4) + 1;
        try {
          const created = await call(target, '/api/payments/create-payment-intent', {
            method: 'POST',
            token: who.token,
            body: {
              amount: totalFor(product, quantity).totalCents,
              shippingInfo: SHIPPING,
              items: [{ id: product.id, quantity }],
            },
            timeoutMs: 15_000,
          });
          if (created.status !== 200) continue;
          const intent = created.body as Intent;
          const paid = await confirm(target, who, intent, 15_000);
          if (paid.status !== 200) continue;
          const placed = await placeOrder(target, who, intent.payment_intent_id);
          if (placed.status < 300) answeredOrders++;
        } catch {
          return; // the process died under us
        }
      }
    };
    const atStart = answeredOrders;
    const load = Promise.all(shoppers.map((who, n) => loop(who, n)));
    // Once checkouts are going through, at a random moment.
    await waitFor('an order in this round', async () => answeredOrders > atStart, 60_000);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 800)));
    await crash(shop);
    stop = true;
    await load;
    shop = await start(db, env);
  }
  await waitFor(
    'the start-up reconciliation pass',
    async () => shop.output().includes('reconciliation'),
    30_000,
  );
  let counts: Counts;
  if (db) {
    counts = await onDatabase(db.url, async (client) => (await client.query<Counts>(COUNTS_SQL)).rows[0]!);
    expect(await shop.stop(), shop.output()).toBe(0);
  } else {
    expect(await shop.stop(), shop.output()).toBe(0);
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLITE_EXTENSIONS } = await import('../src/server/db/pglite-extensions');
    const pglite = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
    try {
      counts = (await pglite.query<Counts>(COUNTS_SQL)).rows[0]!;
    } finally {
      await pglite.close();
    }
  }
  console.log(`crash counts (${db ? 'PostgreSQL' : 'PGlite'}, ${rounds} kill -9s):`, {
    ...counts,
    answeredOrders,
  });
  expect(counts.charged).toBeGreaterThan(0);
  expect(counts).toMatchObject({
    chargedWithoutOrder: 0,
    ordersWithoutCharge: 0,
    duplicateOrders: 0,
    ordersWithoutEmail: 0,
    duplicateEmails: 0,
  });
  expect(counts.orders).toBe(counts.charged);
  expect(answeredOrders).toBeLessThanOrEqual(counts.orders);
}

describe('kill -9 at random moments under checkout load', () => {
  it.skipIf(skipPostgres)(
    'PostgreSQL: every charged intent has exactly one order and one confirmation e-mail',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'northbite-crash-pg-'));
      workDirs.push(dataDir);
      await crashUnderLoad(await newDatabase('crash_load'), dataDir, 3);
    },
    300_000,
  );

  it('PGlite: every charged intent has exactly one order and one confirmation e-mail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'northbite-crash-pglite-'));
    workDirs.push(dataDir);
    await crashUnderLoad(null, dataDir, 3);
  }, 300_000);
});
