/**
 * API throughput and latency, side by side in one run: autocannon with 64 connections
 * against the built server on PGlite and on PostgreSQL, and against a bare node:http server that
 * answers the very same bytes (the machine's ceiling for that answer).
 *
 *   npm run build && npm run bench:api            (both databases; PostgreSQL at BENCH_PG_ADMIN_URL,
 *                                                   default postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench:api -- --seconds 5 --pglite-only
 *   npm run bench:api -- --seconds 5 --postgres-only --writes-only
 *   npm run bench:api -- --check-ceiling          (the ceiling's statements against the shop's)
 *   npm run bench:api -- --pglite-only --metrics  (the shop again with Prometheus metrics on, decision
 *                                                   0073, in the same run)
 *   npm run bench:api -- --pglite-only --reads-only --baseline /tmp/base --rounds 2
 *                                                 (another checkout's build, in turn with this one, for
 *                                                  before and after in one run; reads only)
 *   npm run bench:api -- --postgres-only --writes-only --profile /tmp/prof   (then
 *     node bench/cpu-profile-summary.mjs /tmp/prof/<file>.cpuprofile: where the shop's time went)
 *
 * Reads: GET /api/products and GET /api/products/:slug, as a ratio to the ceiling, with p99.
 * Writes: creating payment intents for varied carts (each a new intent), confirming them with the
 * test card (which places the order, as a webhook would), and the browser's POST /api/orders after
 * that (finding the order). On PostgreSQL the intent and the confirmation are also run against their
 * ceiling (bench/checkout-ceiling.mjs: the same statements through `pg` and a pool of the same size,
 * behind a bare node:http server), at 64 connections and at one. Each request comes from its own
 * client address (TRUST_PROXY), so the per-client rate limits measure nothing here. Reported, not
 * asserted.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkoutTotals } from '../build/app/domain/pricing.js';
import { startCeiling } from './checkout-ceiling.mjs';
import { againstCeiling, fmt, freePort, load as loadWith, machine, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 10;
const PGLITE_ONLY = args.includes('--pglite-only');
const POSTGRES_ONLY = args.includes('--postgres-only');
/** Only the checkout writes (no catalogue reads). */
const WRITES_ONLY = args.includes('--writes-only');
/** Only the catalogue reads (no checkout writes). */
const READS_ONLY = args.includes('--reads-only');
/** A checkout directory whose build is measured in turn with this one (before and after). */
const BASELINE = args.includes('--baseline') ? resolve(args[args.indexOf('--baseline') + 1]) : undefined;
/** With --baseline: how many times each shop is measured, alternating. */
const ROUNDS = Number(args[args.indexOf('--rounds') + 1]) || 1;
/** Each database's shop a second time with METRICS_TOKEN set (metrics counted on every request). */
const METRICS = args.includes('--metrics');
const METRICS_ENV = { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' };
/** Compares the ceiling's statements with the shop's, then exits (0 when they are the same). */
const CHECK_CEILING = args.includes('--check-ceiling');
/** Writes a CPU profile of the shop on PostgreSQL into this directory (node --cpu-prof). */
const PROFILE_DIR = args.includes('--profile') ? resolve(args[args.indexOf('--profile') + 1]) : undefined;
const CONNECTIONS = 64;
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = (options) => loadWith(options, { connections: CONNECTIONS, seconds: SECONDS });

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** autocannon options for JSON POSTs whose session and body `next()` picks per request. */
function posts(url, path, next, extra = {}) {
  return {
    url,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const { token, body } = next();
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'x-forwarded-for': nextIp(),
            },
            body: JSON.stringify(body),
          };
        },
        ...extra,
      },
    ],
  };
}

async function json(url, path, { method = 'GET', body, token } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      'x-forwarded-for': nextIp(),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const shipping = {
  firstName: 'Bench',
  lastName: 'Mark',
  address1: '1 Main St',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V5K 0A1',
  country: 'Canada',
  phoneNumber: '+16045550123',
  email: 'bench@example.ca',
};
const card = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

/** One write run of the shop or the ceiling: `next()` picks the session and body of each request. */
function writes(url, path, next, { connections, amount, onResponse } = {}) {
  return loadWith(
    {
      ...posts(url, path, next, onResponse ? { onResponse } : {}),
      ...(amount ? { amount } : {}),
    },
    { connections, seconds: SECONDS },
  );
}

/** A write run's rate: requests answered over the run's own length (runs of a fixed amount end early). */
const rate = (run) => run.total / run.seconds;

async function benchShop(name, env, { databaseUrl, nodeArgs, cwd } = {}) {
  const shop = await startShop(env, { nodeArgs, cwd });
  const rows = [];
  const writeRows = [];
  let ceiling;
  try {
    const products = await json(shop.url, '/api/products');
    const slug = products[0].slug;
    for (const path of WRITES_ONLY ? [] : ['/api/products', `/api/products/${slug}`]) {
      // As a browser asks (brotli), and the shop's cache sends it precompressed; then as a client
      // that takes no compression; and a revalidation that the client's copy is current (304).
      for (const [label, headers] of [
        ['br', { 'accept-encoding': 'br, gzip' }],
        ['identity', {}],
      ]) {
        const measured = await againstCeiling(shop.url, path, {
          headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        rows.push({
          db: name,
          what: `GET ${path.replace(slug, ':slug')} (${label}, ${measured.bytes} B)`,
          ...measured,
        });
      }
      const etag = (await fetch(shop.url + path)).headers.get('etag');
      const revalidated = await load({ url: shop.url + path, headers: { 'if-none-match': etag } });
      rows.push({
        db: name,
        what: `GET ${path.replace(slug, ':slug')} (If-None-Match: 304)`,
        ...revalidated,
      });
    }

    if (READS_ONLY) return { rows, writeRows };
    // 64 shoppers with sessions.
    const people = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const email = `bench.${i}.${randomBytes(3).toString('hex')}@example.ca`;
      const { token } = await json(shop.url, '/api/users/register', {
        method: 'POST',
        body: {
          firstName: 'Bench',
          lastName: `Shopper ${i}`,
          email,
          phoneNumber: '+16045550123',
          password: 'oat clusters forever',
          isSubscribedEmail: false,
          isSubscribedPhone: false,
        },
      });
      people.push({ token, email });
    }
    const priced = products.slice(0, 6).map((p) => ({ id: p.id, priceCents: Math.round(p.price * 100) }));
    let cartCounter = 0;
    /**
     * A checkout nobody had before (so each request creates an intent), with its exact amount: the
     * address line 2 carries a counter, so no two carts share an idempotency key (a repeat would hand
     * back the earlier intent with a new client secret, and the earlier secret would be refused).
     */
    const nextCart = () => {
      cartCounter++;
      const a = priced[cartCounter % priced.length];
      const b = priced[(cartCounter + 1) % priced.length];
      const items = [
        { id: a.id, quantity: 1 + (cartCounter % 5) },
        { id: b.id, quantity: 1 + (Math.floor(cartCounter / 5) % 7) },
      ];
      const { totalCents } = checkoutTotals(
        items.map((item) => ({
          priceCents: priced.find((p) => p.id === item.id).priceCents,
          quantity: item.quantity,
        })),
        shipping,
      );
      return { items, amount: totalCents, shippingInfo: { ...shipping, address2: `Suite ${cartCounter}` } };
    };
    /** Intents with known owners, made at full speed through the shop (not measured), to confirm. */
    const makeIntents = async (count) => {
      const made = [];
      const wanted = Array.from({ length: count }, (_, i) => ({
        who: people[i % people.length],
        ...nextCart(),
      }));
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, lane) => {
          for (let i = lane; i < wanted.length; i += CONNECTIONS) {
            const { who, amount, items, shippingInfo } = wanted[i];
            const intent = await json(shop.url, '/api/payments/create-payment-intent', {
              method: 'POST',
              token: who.token,
              body: { amount, shippingInfo, items },
            });
            made.push({ who, intent });
          }
        }),
      );
      return made;
    };
    const confirmBody = (batch) => {
      let next = 0;
      return () => {
        const { who, intent } = batch[next++ % batch.length];
        return { token: who.token, body: { client_secret: intent.client_secret, card } };
      };
    };
    let turn = 0;
    const intentBody = () => {
      const who = people[turn++ % people.length];
      const { items, amount, shippingInfo } = nextCart();
      return { token: who.token, body: { amount, shippingInfo, items } };
    };
    const INTENT = '/api/payments/create-payment-intent';
    const CONFIRM = '/api/payments/test/confirm';

    if (databaseUrl) {
      // The ceiling writes the e-mails the shop writes: one order placed first (not measured), and its
      // confirmation and the owner's alert read back from the outbox as the ceiling's sample.
      const [first] = await makeIntents(1);
      await json(shop.url, CONFIRM, {
        method: 'POST',
        token: first.who.token,
        body: confirmBody([first])().body,
      });
      ceiling = await startCeiling({
        port: await freePort(),
        databaseUrl,
        mailSample: await mailSample(databaseUrl),
      });
    }

    // Creating intents: 64 connections for SECONDS, then one connection (p50 without queueing).
    const intents = [];
    for (const connections of databaseUrl ? [CONNECTIONS, 1] : [CONNECTIONS]) {
      const bare = ceiling ? await writes(ceiling.url, INTENT, intentBody, { connections }) : undefined;
      const measured = await writes(shop.url, INTENT, intentBody, {
        connections,
        onResponse: (status, body) => {
          if (status === 200) intents.push(JSON.parse(body));
        },
      });
      writeRows.push({
        db: name,
        what: 'POST create-payment-intent (new intent)',
        connections,
        measured,
        bare,
      });
    }

    // Confirm with the test card: payment and order creation in one transaction, as a webhook does.
    // A client secret works only for its own shopper, so batches with known owners are made first; the
    // shop and the ceiling confirm as many each (64 connections), then a smaller batch on one.
    const batch = Math.max(500, Math.min(intents.length, 4000));
    let shopBatch;
    for (const [connections, count] of databaseUrl
      ? [
          [CONNECTIONS, batch],
          [1, Math.max(100, 40 * SECONDS)],
        ]
      : [[CONNECTIONS, batch]]) {
      const forShop = await makeIntents(count);
      shopBatch ??= forShop;
      const forCeiling = ceiling ? await makeIntents(count) : undefined;
      const bare = forCeiling
        ? await writes(ceiling.url, CONFIRM, confirmBody(forCeiling), { connections, amount: count })
        : undefined;
      const measured = await writes(shop.url, CONFIRM, confirmBody(forShop), { connections, amount: count });
      writeRows.push({
        db: name,
        what: 'POST test/confirm (pays, creates the order)',
        connections,
        measured,
        bare,
      });
    }

    let next = 0;
    const orderWrite = await writes(
      shop.url,
      '/api/orders',
      () => {
        const { who, intent } = shopBatch[next++ % shopBatch.length];
        return { token: who.token, body: { payment_intent_id: intent.payment_intent_id } };
      },
      { connections: CONNECTIONS, amount: shopBatch.length },
    );
    writeRows.push({
      db: name,
      what: 'POST /api/orders (browser, order exists)',
      connections: CONNECTIONS,
      measured: orderWrite,
    });
  } finally {
    await ceiling?.stop();
    await shop.stop();
  }
  return { rows, writeRows };
}

/**
 * --check-ceiling: one intent and its confirmation through the shop and through the ceiling, each
 * with every `pg` statement traced (bench/pg-trace.mjs); the two lists must be the same.
 */
async function checkCeiling(databaseUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'northbite-trace-'));
  const trace = { shop: join(dir, 'shop.jsonl'), ceiling: join(dir, 'ceiling.jsonl') };
  const preload = `--import ${fileURLToPath(new URL('./pg-trace.mjs', import.meta.url))}`;
  const shop = await startShop({ DATABASE_URL: databaseUrl, NODE_OPTIONS: preload, TRACE_FILE: trace.shop });
  let ceiling;
  try {
    const products = await json(shop.url, '/api/products');
    const { token } = await json(shop.url, '/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Bench',
        lastName: 'Check',
        email: `bench.check.${randomBytes(3).toString('hex')}@example.ca`,
        phoneNumber: '+16045550123',
        password: 'oat clusters forever',
        isSubscribedEmail: false,
        isSubscribedPhone: false,
      },
    });
    const items = [
      { id: products[0].id, quantity: 2 },
      { id: products[1].id, quantity: 1 },
    ];
    const { totalCents: amount } = checkoutTotals(
      items.map((item) => ({
        priceCents: Math.round(products.find((p) => p.id === item.id).price * 100),
        quantity: item.quantity,
      })),
      shipping,
    );
    /** The statements of one intent and its confirmation through `url`, as traced in `file`. */
    const traced = async (url, file, cart) => {
      const steps = {};
      writeFileSync(file, '');
      const intent = await json(url, '/api/payments/create-payment-intent', {
        method: 'POST',
        token,
        body: { amount, shippingInfo: shipping, items: cart },
      });
      await new Promise((r) => setTimeout(r, 200)); // work after the answer, if any
      steps.intent = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
      writeFileSync(file, '');
      await json(url, '/api/payments/test/confirm', {
        method: 'POST',
        token,
        body: { client_secret: intent.client_secret, card },
      });
      await new Promise((r) => setTimeout(r, 200));
      steps.confirm = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
      return steps;
    };
    const statements = { shop: await traced(shop.url, trace.shop, items) };
    ceiling = await startCeiling({
      port: await freePort(),
      databaseUrl,
      mailSample: await mailSample(databaseUrl),
      env: { NODE_OPTIONS: preload, TRACE_FILE: trace.ceiling },
    });
    // The same cart in another order: a new intent (another idempotency key) with the same lines.
    statements.ceiling = await traced(ceiling.url, trace.ceiling, [...items].reverse());
    let same = true;
    for (const step of ['intent', 'confirm']) {
      const [a, b] = [statements.shop[step], statements.ceiling[step]];
      const differ = a.length !== b.length || a.some((line, i) => line !== b[i]);
      same &&= !differ;
      console.log(
        `\n${step}: the shop sent ${a.length} statements, the ceiling ${b.length}${differ ? ' (they differ)' : ' (the same)'}.`,
      );
      const text = (line) => {
        if (!line) return '–';
        const { name, text, params } = JSON.parse(line);
        return `${name ? `(${name}) ` : ''}${text.slice(0, 140)} [${params}]`;
      };
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        console.log(`${a[i] === b[i] ? '  ' : '≠ '}${String(i + 1).padStart(2)} ${text(a[i])}`);
        if (a[i] !== b[i]) console.log(`   ceiling: ${text(b[i])}`);
      }
    }
    return same;
  } finally {
    await ceiling?.stop();
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The e-mails of the last order placed (its confirmation and the owner's alert), read back from the
 * outbox: the ceiling writes the same.
 */
async function mailSample(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select "to", subject, text, html from email_outbox order by id desc limit 2',
    );
    const [alert, confirmation] = rows;
    return {
      subject: confirmation?.subject,
      text: confirmation?.text,
      html: confirmation?.html,
      alertTo: alert?.to,
      alertSubject: alert?.subject,
      alertText: alert?.text,
      alertHtml: alert?.html,
    };
  } finally {
    await client.end();
  }
}

/** Runs `run(url)` on a fresh PostgreSQL database, dropped afterwards. */
async function onFreshPostgres(run) {
  const dbName = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(PG_ADMIN);
    url.pathname = `/${dbName}`;
    return await run(url.href);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

if (CHECK_CEILING) {
  const same = await onFreshPostgres(checkCeiling);
  console.log(same ? '\nThe ceiling runs the shop’s statements.' : '\nThe ceiling and the shop differ.');
  process.exit(same ? 0 : 1);
}

const results = [];
const writeResults = [];
const collect = ({ rows, writeRows }) => {
  results.push(...rows);
  writeResults.push(...writeRows);
};
if (!POSTGRES_ONLY) {
  for (let round = 1; round <= (BASELINE ? ROUNDS : 1); round++) {
    const suffix = BASELINE && ROUNDS > 1 ? ` (round ${round})` : '';
    if (BASELINE) collect(await benchShop(`PGlite, baseline${suffix}`, {}, { cwd: BASELINE }));
    collect(await benchShop(`PGlite${suffix}`, {}));
  }
  if (METRICS) collect(await benchShop('PGlite, metrics on', METRICS_ENV));
}
if (!PGLITE_ONLY) {
  collect(
    await onFreshPostgres((url) =>
      benchShop(
        'PostgreSQL',
        { DATABASE_URL: url },
        {
          databaseUrl: url,
          nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
        },
      ),
    ),
  );
}

console.log(
  `\nbench:api on ${new Date().toISOString().slice(0, 10)}; ${machine()}; ${CONNECTIONS} connections, ${SECONDS} s per read run.\n`,
);
if (results.length > 0) {
  console.log('| database | request | req/s | ceiling req/s | ratio | p50 ms | p95 ms | p99 ms | answers |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
}
const answers = (r) =>
  Object.entries(r.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ') + (r.errors ? `, ${r.errors} errors` : '');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.what} | ${fmt(r.rps, 0)} | ${r.ceiling ? fmt(r.ceiling, 0) : ''} | ${r.ceiling ? `${fmt((r.rps / r.ceiling) * 100, 0)}%` : ''} | ${fmt(r.p50, 0)} | ${fmt(r.p95, 0)} | ${fmt(r.p99, 0)} | ${answers(r)} |`,
  );
}
// Writes: the shop and the ceiling (the same statements through `pg`, bench/checkout-ceiling.mjs) side
// by side; at one connection p50 is the latency of one request without queueing.
console.log(
  '\n| database | request | connections | req/s | ceiling req/s | ratio | p50 ms | p95 ms | p99 ms | ceiling p50 / p95 / p99 ms | answers | ceiling answers |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |');
for (const { db, what, connections, measured: m, bare: c } of writeResults) {
  const digits = connections === 1 ? 1 : 0;
  console.log(
    `| ${db} | ${what} | ${connections} | ${fmt(rate(m), 0)} | ${c ? fmt(rate(c), 0) : ''} | ${c ? `${fmt((rate(m) / rate(c)) * 100, 0)}%` : ''} | ${fmt(m.p50, digits)} | ${fmt(m.p95, digits)} | ${fmt(m.p99, digits)} | ${c ? `${fmt(c.p50, digits)} / ${fmt(c.p95, digits)} / ${fmt(c.p99, digits)}` : ''} | ${answers(m)} | ${c ? answers(c) : ''} |`,
  );
}
