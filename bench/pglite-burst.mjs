#!/usr/bin/env node
/**
 * Card confirmations under a sustained burst on the embedded database (decision 0020): 64 lanes,
 * each confirming the next test-card payment as soon as its last one was answered, against the
 * built shop on PGlite. Reports p50, p99 and
 * the slowest answer, how many came back 503 (the fair queue turning them away: the browser retries
 * those), and how many a 10 s client gave up on. The intents are made beforehand, so only the
 * confirmations race.
 *
 *   node bench/pglite-burst.mjs [--rounds 5] [--concurrency 64]
 *
 * Run it from a checkout whose build/ it should measure (it starts build/app/server/main.js there).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fmt, machine, startShop } from './lib.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '64' } },
});
const ROUNDS = Number(values.rounds);
const N = Number(values.concurrency);
const CLIENT_TIMEOUT_MS = 10_000;
const SHIPPING = {
  firstName: 'Burst',
  lastName: 'Bench',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V6C 0C3',
  country: 'Canada',
  phoneNumber: '+16045550123',
  email: 'burst@example.ca',
};
const CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

let ipSeq = 0;
const ip = () => {
  ipSeq++;
  return `10.77.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

async function call(url, path, { method = 'GET', body, token } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'x-forwarded-for': ip(),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const data = await res.json().catch(() => null);
    return { status: res.status, data, ms: performance.now() - started };
  } catch {
    return { status: 0, data: null, ms: performance.now() - started };
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const shop = await startShop({ LOG_LEVEL: 'error' });
try {
  const products = (await call(shop.url, '/api/products')).data;
  const product = products[0];
  const shoppers = [];
  for (let i = 0; i < N; i++) {
    const res = await call(shop.url, '/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Burst',
        lastName: 'Bench',
        email: `burst.${randomBytes(6).toString('hex')}@example.ca`,
        phoneNumber: '+16045550123',
        password: `Burst-${randomBytes(8).toString('hex')}`,
      },
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.data)}`);
    shoppers.push(res.data.token);
  }
  const latencies = [];
  let busy = 0;
  let timedOut = 0;
  let failed = 0;
  // Intents for every confirmation, made first (not measured): ROUNDS per shopper.
  const prepared = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A different cart each round: the same cart would reuse (and re-key) the open intent.
    const quantity = round + 1;
    const priceCents = Math.round(product.price * 100) * quantity;
    const tax = Math.round(priceCents * 0.05);
    const shipping = priceCents >= 9000 ? 0 : 500;
    await Promise.all(
      shoppers.map(async (token) => {
        const res = await call(shop.url, '/api/payments/create-payment-intent', {
          method: 'POST',
          token,
          body: {
            amount: priceCents + tax + shipping,
            shippingInfo: SHIPPING,
            items: [{ id: product.id, quantity }],
          },
        });
        if (res.status !== 200) throw new Error(`intent: ${res.status} ${JSON.stringify(res.data)}`);
        prepared.push({ token, secret: res.data.client_secret });
      }),
    );
  }
  // N lanes, each confirming the next intent as soon as its last answer came: the shop is kept
  // saturated the whole time, as autocannon does in bench/api.mjs.
  let next = 0;
  await Promise.all(
    Array.from({ length: N }, async () => {
      for (;;) {
        const item = prepared[next++];
        if (!item) return;
        const answer = await call(shop.url, '/api/payments/test/confirm', {
          method: 'POST',
          token: item.token,
          body: { client_secret: item.secret, card: CARD },
        });
        latencies.push(answer.ms);
        if (answer.status === 503) busy++;
        else if (answer.status === 0) timedOut++;
        else if (answer.status !== 200) failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(
    `PGlite, ${N} lanes confirming ${latencies.length} test-card payments back to back (${machine()})`,
  );
  console.log(
    `p50 ${fmt(percentile(latencies, 50), 0)} ms · p99 ${fmt(percentile(latencies, 99), 0)} ms · ` +
      `max ${fmt(latencies.at(-1), 0)} ms · 503 ${busy} · timed out (${CLIENT_TIMEOUT_MS / 1000} s) ${timedOut} · ` +
      `other failures ${failed} · of ${latencies.length}`,
  );
} finally {
  await shop.stop();
}
