/**
 * API throughput and latency, side by side in one run (issue 9): autocannon with 64 connections
 * against the built server on PGlite and on PostgreSQL, and against a bare node:http server that
 * answers the very same bytes (the machine's ceiling for that answer).
 *
 *   npm run build && npm run bench:api            (both databases; PostgreSQL at BENCH_PG_ADMIN_URL,
 *                                                   default postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench:api -- --seconds 5 --pglite-only
 *
 * Reads: GET /api/products and GET /api/products/:slug, as a ratio to the ceiling, with p99.
 * Writes: creating payment intents for varied carts (each a new intent), confirming them with the
 * test card (which places the order, as a webhook would), and the browser's POST /api/orders after
 * that (finding the order). Each request comes from its own client address (TRUST_PROXY), so the
 * per-client rate limits measure nothing here. Reported, not asserted.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { checkoutTotals } from '../build/app/domain/pricing.js';
import { againstCeiling, fmt, load as loadWith, machine, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 10;
const PGLITE_ONLY = args.includes('--pglite-only');
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

async function benchShop(name, env) {
  const shop = await startShop(env);
  const rows = [];
  try {
    const products = await json(shop.url, '/api/products');
    const slug = products[0].slug;
    for (const path of ['/api/products', `/api/products/${slug}`]) {
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
    /** A cart nobody had before (so each request creates an intent), with its exact amount. */
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
      return { items, amount: totalCents };
    };
    let turn = 0;
    const intents = [];
    const intentWrite = await load(
      posts(
        shop.url,
        '/api/payments/create-payment-intent',
        () => {
          const who = people[turn++ % people.length];
          const { items, amount } = nextCart();
          return { token: who.token, body: { amount, shippingInfo: shipping, items } };
        },
        {
          onResponse: (status, body) => {
            if (status === 200) intents.push(JSON.parse(body));
          },
        },
      ),
    );
    rows.push({ db: name, what: 'POST create-payment-intent (new intent)', ...intentWrite });

    // Confirm with the test card: payment and order creation in one transaction, as a webhook does.
    // A client secret works only for its own shopper, so a batch with known owners is made first.
    const batch = Math.max(500, Math.min(intents.length, 4000));
    const byIntent = Array.from({ length: batch }, (_, i) => ({
      who: people[i % people.length],
      ...nextCart(),
    }));
    // Create the batch at full speed (not measured) with known owners.
    const prepared = [];
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, lane) => {
        for (let i = lane; i < byIntent.length; i += CONNECTIONS) {
          const { who, amount, items } = byIntent[i];
          const intent = await json(shop.url, '/api/payments/create-payment-intent', {
            method: 'POST',
            token: who.token,
            body: { amount, shippingInfo: shipping, items },
          });
          prepared.push({ who, intent });
        }
      }),
    );
    let next = 0;
    const confirmWrite = await load({
      ...posts(shop.url, '/api/payments/test/confirm', () => {
        const { who, intent } = prepared[next++ % prepared.length];
        return { token: who.token, body: { client_secret: intent.client_secret, card } };
      }),
      amount: prepared.length,
    });
    rows.push({ db: name, what: 'POST test/confirm (pays, creates the order)', ...confirmWrite });

    next = 0;
    const orderWrite = await load({
      ...posts(shop.url, '/api/orders', () => {
        const { who, intent } = prepared[next++ % prepared.length];
        return { token: who.token, body: { payment_intent_id: intent.payment_intent_id } };
      }),
      amount: prepared.length,
    });
    rows.push({ db: name, what: 'POST /api/orders (browser, order exists)', ...orderWrite });
  } finally {
    await shop.stop();
  }
  return rows;
}

const results = [];
results.push(...(await benchShop('PGlite', {})));
if (!PGLITE_ONLY) {
  const dbName = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(PG_ADMIN);
    url.pathname = `/${dbName}`;
    results.push(...(await benchShop('PostgreSQL', { DATABASE_URL: url.href })));
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

console.log(
  `\nbench:api on ${new Date().toISOString().slice(0, 10)}; ${machine()}; ${CONNECTIONS} connections, ${SECONDS} s per read run.\n`,
);
console.log('| database | request | req/s | ceiling req/s | ratio | p50 ms | p95 ms | p99 ms | answers |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const answers = Object.entries(r.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  console.log(
    `| ${r.db} | ${r.what} | ${fmt(r.rps, 0)} | ${r.ceiling ? fmt(r.ceiling, 0) : ''} | ${r.ceiling ? `${fmt((r.rps / r.ceiling) * 100, 0)}%` : ''} | ${fmt(r.p50, 0)} | ${fmt(r.p95, 0)} | ${fmt(r.p99, 0)} | ${answers}${r.errors ? `, ${r.errors} errors` : ''} |`,
  );
}
