/**
 * Catalogue search latency (decision 0064): p50 and p95 of GET /api/search, one request at a time,
 * for an exact name, a prefix, two typos and a query that matches nothing, on a catalogue of 1,000
 * active products, against the built shop on PGlite and on PostgreSQL; then again with the two
 * search indexes (GIN over search_vector, gin_trgm_ops over the name) dropped. Every answer is worked
 * out (SEARCH_CACHE_ANSWERS=0), and once more with answers kept per catalogue version (the default), as
 * a query asked again is. Budget: p50 under 20 ms on both databases, answers worked out. Needs `npm run build`; PostgreSQL from PG_ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), skipped when unreachable.
 *
 *   node bench/search.mjs [--requests 200] [--pglite-only]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fmt, machine, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const REQUESTS = Number(args[args.indexOf('--requests') + 1]) || 200;
const WARMUP = 20;
const PGLITE_ONLY = args.includes('--pglite-only');
const PG_ADMIN = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET_P50_MS = 20;
const PRODUCTS = 1_000;

const QUERIES = [
  ['exact name', 'Maple Almond Granola'],
  ['prefix', 'choc'],
  ['typo', 'peanutt'],
  ['typo, two words', 'chocolat cokies'],
  ['no match', 'xylophone'],
];

// The demo's ten products, each copied 99 times under another flavour word: 1,000 in all, every
// copy active and searchable, with the demo's texts (names, descriptions, features, ingredients).
const GROW = `
  insert into products (category_id, name, slug, description, size_grams, price_cents, features,
    ideal_time_of_day, ingredients, allergens, calories, protein, fat, carbs, fiber, gluten_free,
    grain_free, stock, sort_order)
  select p.category_id,
    (array['Toasted','Salted','Vanilla','Cinnamon','Espresso','Lemon','Berry','Mocha','Ginger','Orange'])[1 + g % 10]
      || ' ' || p.name || ' No. ' || g,
    p.slug || '-' || g, p.description, p.size_grams, p.price_cents + g, p.features, p.ideal_time_of_day,
    p.ingredients, p.allergens, p.calories, p.protein, p.fat, p.carbs, p.fiber, p.gluten_free, p.grain_free,
    null, 100 + g
  from products p, generate_series(1, ${PRODUCTS / 10 - 1}) g`;
const DROP_INDEXES =
  'drop index if exists products_search_vector_idx; drop index if exists products_name_trgm_idx';

// Every answer worked out; KEPT: the shop's default, answers kept per catalogue version.
const ENV = { SEARCH_RATE_LIMIT: '1000000', PAGE_RENDER_LIMIT: '0', SEARCH_CACHE_ANSWERS: '0' };
const KEPT = { ...ENV, SEARCH_CACHE_ANSWERS: '500' };

async function measure(url) {
  const rows = [];
  for (const [label, q] of QUERIES) {
    const target = `${url}/api/search?q=${encodeURIComponent(q)}`;
    let total = 0;
    const times = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(target, { headers: { 'cache-control': 'no-cache' } });
      const body = await res.json();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${target}: ${res.status} ${JSON.stringify(body)}`);
      total = body.total;
      if (i >= WARMUP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
    rows.push({ label, q, total, p50: at(50), p95: at(95) });
  }
  return rows;
}

const count = async (client) => Number((await client.query('select count(*) n from products')).rows[0].n);

async function onPglite() {
  const { openDatabase } = await import('../build/app/server/db/client.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'northbite-bench-search-'));
  const open = async (sql) => {
    const db = await openDatabase({ kind: 'pglite', dir: join(dataDir, 'pglite') });
    try {
      const { sql: tag } = await import('drizzle-orm');
      for (const statement of sql.split(';')) await db.db.execute(tag.raw(statement));
      const { rows } = await db.db.execute(tag.raw('select count(*) n from products'));
      return Number(rows[0].n);
    } finally {
      await db.close();
    }
  };
  try {
    // First start: migrations and the demo catalogue; then 990 more products, with the shop stopped.
    await (await startShop({ ...ENV, DATA_DIR: dataDir })).stop();
    // Statistics for the planner, as PostgreSQL's autovacuum would gather them (and the PostgreSQL run does).
    const products = await open(`${GROW}; analyze products`);
    let shop = await startShop({ ...ENV, DATA_DIR: dataDir });
    const indexed = await measure(shop.url);
    await shop.stop();
    shop = await startShop({ ...KEPT, DATA_DIR: dataDir });
    const kept = await measure(shop.url);
    await shop.stop();
    await open(DROP_INDEXES);
    shop = await startShop({ ...ENV, DATA_DIR: dataDir });
    const bare = await measure(shop.url);
    await shop.stop();
    return { products, indexed, kept, bare };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const name = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN} (${error.message}): skipped`);
    return null;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.href });
  try {
    const shop = await startShop({ ...ENV, DATABASE_URL: url.href });
    const keeping = await startShop({ ...KEPT, DATABASE_URL: url.href });
    try {
      await client.connect();
      await client.query(GROW);
      await client.query('analyze products');
      const products = await count(client);
      // The catalogue cache sees the change within its check interval (1 s).
      await new Promise((r) => setTimeout(r, 1_500));
      const indexed = await measure(shop.url);
      const kept = await measure(keeping.url);
      await client.query(DROP_INDEXES);
      await client.query('analyze products');
      const bare = await measure(shop.url);
      return { products, indexed, kept, bare };
    } finally {
      await client.end().catch(() => {});
      await shop.stop();
      await keeping.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function report(database, result) {
  if (!result) return;
  console.log(
    `\n${database}, ${result.products} active products, ${REQUESTS} requests per query, one at a time`,
  );
  console.log(
    'query                              matches  worked out: p50  p95 | kept: p50  p95 | no indexes: p50  p95',
  );
  const pair = (row) => `${fmt(row.p50).padStart(6)} ${fmt(row.p95).padStart(6)}`;
  result.indexed.forEach((row, i) => {
    console.log(
      `${`${row.label} (${row.q})`.padEnd(35)}${String(row.total).padStart(7)}     ${pair(row)}   ${pair(result.kept[i])}         ${pair(result.bare[i])}`,
    );
  });
  const worst = Math.max(...result.indexed.map((row) => row.p50));
  console.log(
    `worst p50 ${fmt(worst)} ms: ${worst < BUDGET_P50_MS ? 'within' : 'OVER'} the ${BUDGET_P50_MS} ms budget`,
  );
}

console.log(`search latency, ${machine()}`);
report('PGlite', await onPglite());
if (!PGLITE_ONLY) report('PostgreSQL', await onPostgres());
