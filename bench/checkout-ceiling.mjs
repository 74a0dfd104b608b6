/**
 * The ceiling for checkout writes (decision 0034): a bare node:http server that answers
 * POST /api/payments/create-payment-intent and POST /api/payments/test/confirm by running the very
 * statements the shop runs for them on PostgreSQL (the same SQL text, the same parameters, the same
 * transaction boundaries, in the same order), through the same driver (`pg`) with the same pool
 * settings as src/server/db/client.ts, and nothing else: no framework, no validation, no ORM, no
 * logging. bench/api.mjs starts it as a process of its own (like the shop) and loads both the same way.
 *
 * It follows the path the benchmark takes: a signed-in shopper, a cart of made-to-order products (no
 * stock count, so no UPDATE of products), a new intent each time; confirming with the success card, an
 * order created, the confirmation e-mail and the owner's alert queued. `npm run bench:api --
 * --check-ceiling` compares its statements with the shop's, traced through `pg`.
 *
 *   node bench/checkout-ceiling.mjs      (env: CEILING_DATABASE_URL, PORT, DATABASE_POOL_SIZE)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** The pool of src/server/db/client.ts with the defaults of src/server/config.ts. */
export function ceilingPool(url, poolSize = Number(process.env.DATABASE_POOL_SIZE) || 10) {
  const statementTimeoutMs = 5_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    lock_timeout: 2_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const rows = (client, text, values = [], name = undefined) =>
  client.query({ name, text, values, rowMode: 'array' });
const placeholders = (from, n) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');

/** Pricing as the shop does it (src/domain/pricing.ts), so the amounts agree. */
let checkoutTotals;

/** One shopper's session, as src/server/modules/users/sessions.ts resolves it (a named statement). */
async function viewer(pool, authorization) {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  const { rows: found } = await rows(
    pool,
    'select "users"."id", "users"."email", "users"."email_verified_at", "users"."is_admin", "sessions"."last_seen_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > now())',
    [sha256(token)],
    'session_viewer',
  );
  if (!found[0]) throw Object.assign(new Error('no session'), { status: 401 });
  return { id: found[0][0], email: found[0][1] };
}

async function createIntent(pool, who, body) {
  const ids = body.items.map((item) => item.id);
  // The prices, and the shopper's history for the idempotency key, in one statement.
  const { rows: products } = await rows(
    pool,
    `select "id", "name", "sku", "price_cents", "is_active", "stock", coalesce((select max("id") from "orders" where "user_id" = $1), 0), (select count(*) from "payment_intents" where "user_id" = $2 and "expires_at" <= now())::int from "products" where "products"."id" in (${placeholders(3, ids.length)})`,
    [who.id, who.id, ...ids],
  );
  const byId = new Map(products.map((p) => [p[0], p]));
  const lines = body.items.map((item) => {
    const p = byId.get(item.id);
    return { productId: p[0], name: p[1], sku: p[2], priceCents: p[3], quantity: item.quantity };
  });
  const totals = checkoutTotals(lines, body.shippingInfo, false);
  const checkout = { lines, shippingInfo: body.shippingInfo, totals };
  const key = sha256(JSON.stringify(['ceiling', who.id, products[0][6], products[0][7], checkout]));
  const id = `pi_test_${randomBytes(12).toString('hex')}`;
  const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
  // Made to order: the intent and what it holds in one statement, no transaction.
  const held = [...new Map(lines.map((l) => [l.productId, l])).values()].sort(
    (a, b) => a.productId - b.productId,
  );
  await rows(
    pool,
    `with fresh as (insert into "payment_intents" ("id", "provider", "user_id", "amount_cents", "currency", "status", "client_secret_hash", "idempotency_key", "checkout", "last_error", "reconciled_at", "expires_at", "refunded_cents", "created_at", "updated_at") values ($1, $2, $3, $4, default, $5, $6, $7, $8, default, default, now() + make_interval(mins => $9), default, default, default) on conflict ("idempotency_key") do nothing returning "id"), held as (
      insert into "stock_reservations" ("intent_id", "product_id", "quantity", "counted")
      select fresh.id, line.product_id, line.quantity, false
      from fresh cross join (values ${held.map((_, i) => `($${10 + i * 2}::integer, $${11 + i * 2}::integer)`).join(', ')}) as line(product_id, quantity)
      on conflict do nothing
    ) select fresh.id from fresh`,
    [
      id,
      'test',
      who.id,
      totals.totalCents,
      'requires_payment_method',
      sha256(clientSecret),
      key,
      JSON.stringify(checkout),
      30,
      ...held.flatMap((l) => [l.productId, l.quantity]),
    ],
  );
  return { client_secret: clientSecret, payment_intent_id: id, provider: 'test', amount: totals.totalCents };
}

const INTENT_COLUMNS =
  '"id", "provider", "user_id", "amount_cents", "currency", "status", "client_secret_hash", "idempotency_key", "checkout", "last_error", "reconciled_at", "expires_at", "refunded_cents", "created_at", "updated_at"';
const ORDER_COLUMNS =
  '"id", "user_id", "status", "subtotal_cents", "shipping_cents", "tax_cents", "total_cents", "currency", "is_paid", "paid_at", "payment_intent_id", "first_name", "last_name", "email", "phone_number", "shipping_address", "shipping_address2", "shipping_city", "shipping_state", "shipping_country", "shipping_postal_code", "canceled_at", "carrier", "tracking_number", "created_at", "updated_at"';
const OUTBOX_ROW = (from) =>
  `(default, ${Array.from({ length: 7 }, (_, i) => `$${from + i}`).join(', ')}, default, default, default, default, default, default, default)`;
const EVENT_ROW = (from) =>
  `(default, ${Array.from({ length: 6 }, (_, i) => `$${from + i}`).join(', ')}, default)`;

/** The e-mails as the shop writes them (bench/api.mjs passes the shop's own, read back). */
const mail = JSON.parse(process.env.CEILING_MAIL ?? '{}');

async function confirm(pool, who, body) {
  const secret = body.client_secret;
  const id = secret.split('_secret_')[0];
  // The test processor: the intent, its secret and owner (a named statement).
  const { rows: found } = await rows(
    pool,
    'select "id", "provider", "user_id", "amount_cents", "status", "client_secret_hash", "expires_at" from "payment_intents" where "payment_intents"."id" = $1',
    [id],
    'test_processor_intent',
  );
  const row = found[0];
  if (
    !row ||
    row[2] !== who.id ||
    !timingSafeEqual(Buffer.from(row[5], 'hex'), Buffer.from(sha256(secret), 'hex'))
  ) {
    throw Object.assign(new Error('not found'), { status: 404 });
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    await rows(
      client,
      'insert into "processed_events" ("id", "provider", "type", "received_at") values ($1, $2, $3, default) on conflict do nothing returning "id"',
      [`evt_test_${id}`, 'test', 'payment_intent.succeeded'],
    );
    const { rows: locked } = await rows(
      client,
      `select ${INTENT_COLUMNS} from "payment_intents" where "payment_intents"."id" = $1 for update`,
      [id],
    );
    const intent = locked[0];
    await rows(client, 'select "id" from "orders" where "orders"."payment_intent_id" = $1', [id]);
    const checkout = intent[8];
    const info = checkout.shippingInfo;
    const now = new Date().toISOString();
    const { rows: inserted } = await rows(
      client,
      `insert into "orders" (${ORDER_COLUMNS}) values (default, $1, $2, $3, $4, $5, $6, default, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, default, default, default, default, default) on conflict ("payment_intent_id") do nothing returning ${ORDER_COLUMNS}`,
      [
        intent[2],
        'Pending',
        checkout.totals.subtotalCents,
        checkout.totals.shippingCents,
        checkout.totals.taxCents,
        checkout.totals.totalCents,
        true,
        now,
        id,
        info.firstName,
        info.lastName,
        info.email,
        info.phoneNumber ?? '',
        info.address1,
        info.address2 ?? null,
        info.city,
        info.state,
        info.country,
        info.postalCode,
      ],
    );
    const orderId = inserted[0][0];
    const productIds = checkout.lines.map((line) => line.productId);
    await rows(
      client,
      `select "id", "stock" from "products" where "products"."id" in (${placeholders(1, productIds.length)}) for key share`,
      productIds,
    );
    await rows(
      client,
      `insert into "order_items" ("id", "order_id", "product_id", "product_name", "sku", "quantity", "price_cents") values ${checkout.lines.map((_, i) => `(default, $${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`).join(', ')} returning "id", "order_id", "product_id", "product_name", "sku", "quantity", "price_cents"`,
      checkout.lines.flatMap((l) => [orderId, l.productId, l.name, l.sku, l.quantity, l.priceCents]),
    );
    await rows(
      client,
      'update "stock_reservations" set "status" = $1, "updated_at" = $2 where ("stock_reservations"."intent_id" = $3 and "stock_reservations"."status" = $4) returning "product_id", "counted"',
      ['taken', now, id, 'held'],
    );
    await client.query(
      'update "payment_intents" set "status" = $1, "last_error" = $2, "updated_at" = $3 where "payment_intents"."id" = $4',
      ['succeeded', null, now, id],
    );
    const domain = 'northbite.ca';
    await rows(
      client,
      `insert into "email_outbox" ("id", "to", "reply_to", "subject", "text", "html", "status", "message_id", "claimed_at", "handed_off_at", "attempts", "last_error", "next_attempt_at", "sent_at", "created_at") values ${OUTBOX_ROW(1)}, ${OUTBOX_ROW(8)} returning "id"`,
      [
        info.email,
        null,
        mail.subject ?? 'Your order',
        mail.text ?? 'x'.repeat(1200),
        mail.html ?? null,
        'stored',
        `<${randomUUID()}@${domain}>`,
        mail.alertTo ?? 'owner@example.ca',
        null,
        mail.alertSubject ?? 'New order',
        mail.alertText ?? 'x'.repeat(600),
        mail.alertHtml ?? null,
        'stored',
        `<${randomUUID()}@${domain}>`,
      ],
    );
    await client.query(
      `insert into "order_events" ("id", "order_id", "kind", "summary", "actor_kind", "actor_id", "actor_name", "created_at") values ${[1, 7, 13, 19].map(EVENT_ROW).join(', ')}`,
      [
        ...[orderId, 'created', 'Order placed', 'customer', intent[2], null],
        ...[orderId, 'paid', 'Paid by card (test processor)', 'system', null, null],
        ...[orderId, 'email', `E-mail to ${info.email}`, 'system', null, null],
        ...[orderId, 'email', 'E-mail to the owner', 'system', null, null],
      ],
    );
    await client.query(
      `with removed as (
      delete from "abandoned_carts"
      where "abandoned_carts"."user_id" = $1 and "abandoned_carts"."status" = 'open'
    )
    update "abandoned_carts" set "status" = 'converted', "updated_at" = now()
    where "abandoned_carts"."user_id" = $2 and "abandoned_carts"."status" = 'restored'`,
      [intent[2], intent[2]],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return { status: 'succeeded' };
}

/** Serves the two routes until killed. */
async function serve() {
  ({ checkoutTotals } = await import('../build/app/domain/pricing.js'));
  const pool = ceilingPool(process.env.CEILING_DATABASE_URL);
  const routes = {
    '/api/payments/create-payment-intent': createIntent,
    '/api/payments/test/confirm': confirm,
  };
  let errorsLogged = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      let status = 200;
      let answer;
      try {
        const route = routes[req.url];
        if (!route) throw Object.assign(new Error('not found'), { status: 404 });
        const who = await viewer(pool, req.headers.authorization);
        answer = await route(pool, who, JSON.parse(Buffer.concat(chunks).toString()));
      } catch (error) {
        status = error.status ?? 500;
        answer = { message: error.message };
        if (status === 500 && errorsLogged++ < 3) console.error('ceiling:', error);
      }
      const bytes = JSON.stringify(answer);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(bytes),
      });
      res.end(bytes);
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}

/** Starts the ceiling as a process of its own on `port`; answers a stop function. */
export async function startCeiling({ port, databaseUrl, mailSample, env = {} }) {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: String(port),
      CEILING_DATABASE_URL: databaseUrl,
      CEILING_MAIL: JSON.stringify(mailSample ?? {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await serve();
