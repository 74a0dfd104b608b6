/**
 * The owner's numbers at scale (decision 0023): 100,000 orders (and their lines) written straight
 * into a fresh database, then the Overview tab's aggregates (GET /api/admin/overview's service) and
 * the orders CSV export timed on PGlite and on PostgreSQL, with the query plans of the main
 * aggregates.
 *
 *   npm run build && node bench/overview.mjs [--orders 100000] [--pglite-only] [--plans]
 *
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where a scratch
 * database is created and dropped.
 */

const args = process.argv.slice(2);
const ORDERS = Number(args[args.indexOf('--orders') + 1]) || 100_000;
const PGLITE_ONLY = args.includes('--pglite-only');
const PLANS = args.includes('--plans');
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { fmt, machine, onScratchDatabases } = await import('./lib.mjs');
const { createOverviewService } = await import('../build/app/server/modules/overview/service.js');
const { createExportsService } = await import('../build/app/server/modules/exports/service.js');

/** Orders over the last 400 days, a twentieth unpaid, five statuses; one or two lines each. */
const SEED = [
  `insert into orders (status, subtotal_cents, shipping_cents, tax_cents, total_cents, is_paid, paid_at,
     first_name, last_name, email, phone_number, shipping_address, shipping_city, shipping_state,
     shipping_postal_code, created_at)
   select (array['Pending','In Progress','Shipped','Delivered','Canceled'])[1 + (g % 5)],
     s, 500, round(s * 0.05), s + 500 + round(s * 0.05), g % 20 <> 0, case when g % 20 <> 0 then t end,
     'Ada', 'Bench' || g, 'bench' || g || '@example.ca', '6045550123', g || ' Main St', 'Vancouver',
     'British Columbia', 'V5K 0A1', t
   from (select g, 1000 + (g * 7919) % 9000 as s,
           now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute' as t
         from generate_series(1, ${ORDERS}) g) x`,
  `insert into order_items (order_id, product_name, quantity, price_cents)
   select id, 'Product ' || (id % 10), 1, subtotal_cents from orders`,
  `insert into order_items (order_id, product_name, quantity, price_cents)
   select id, 'Product ' || ((id + 3) % 10), 1 + id % 3, 995 from orders where id % 2 = 0`,
  'analyze',
];

const PLAN_QUERIES = {
  'sales, last 30 days': `select count(*), sum(total_cents) from orders
     where paid_at is not null and created_at >= now() - interval '30 days'`,
  'daily series': `select to_char(created_at at time zone 'America/Vancouver', 'YYYY-MM-DD') d, count(*), sum(total_cents)
     from orders where paid_at is not null and created_at >= now() - interval '30 days' group by 1`,
  'waiting to ship (oldest 10)': `select id from orders where status in ('Pending', 'In Progress') and is_paid
     order by created_at, id limit 10`,
  'GST by month': `select to_char(paid_at at time zone 'America/Vancouver', 'YYYY-MM') m, sum(tax_cents) from orders
     where is_paid and paid_at >= now() - interval '12 months' group by 1`,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function run(label, handle) {
  await handle.migrate();
  const query = (text) => handle.db.$client.query(text);
  let started = performance.now();
  for (const statement of SEED) await query(statement);
  const seedSeconds = (performance.now() - started) / 1000;

  const overview = createOverviewService(handle.db);
  await overview.overview(); // warm-up
  const times = [];
  for (let i = 0; i < 5; i++) {
    started = performance.now();
    await overview.overview();
    times.push(performance.now() - started);
  }

  started = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of createExportsService(handle.db).orders()) {
    bytes += chunk.length;
    for (const c of String(chunk)) if (c === '\n') lines++;
  }
  const exportSeconds = (performance.now() - started) / 1000;

  const plans = {};
  if (PLANS) {
    for (const [name, text] of Object.entries(PLAN_QUERIES)) {
      const { rows } = await query(`explain (analyze, costs off, timing on) ${text}`);
      plans[name] = rows.map((row) => Object.values(row)[0]).join('\n');
    }
  }
  return { label, seedSeconds, overviewMs: median(times), exportSeconds, rows: lines - 1, bytes, plans };
}

const results = await onScratchDatabases('overview', run, { pgliteOnly: PGLITE_ONLY, pgAdminUrl: PG_ADMIN });

console.log(
  `\n${machine()}\n${ORDERS.toLocaleString('en-CA')} orders, ${Math.round(ORDERS * 1.5).toLocaleString('en-CA')} lines\n`,
);
console.log('| database | seed (s) | overview, median of 5 (ms) | orders.csv (s) | csv rows | csv MB |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.label} | ${fmt(r.seedSeconds)} | ${fmt(r.overviewMs, 0)} | ${fmt(r.exportSeconds)} | ${r.rows.toLocaleString('en-CA')} | ${fmt(r.bytes / 1e6)} |`,
  );
}
for (const r of results) {
  for (const [name, plan] of Object.entries(r.plans)) console.log(`\n${r.label}: ${name}\n${plan}`);
}
