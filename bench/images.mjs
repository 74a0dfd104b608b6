/**
 * Image serving from the database image store (decision 0030), side by side in one run: autocannon
 * with 64 connections against the built shop on PGlite and on PostgreSQL, and against a bare
 * node:http server answering the very same bytes with the very same headers (the machine's
 * ceiling).
 *
 *   npm run build && npm run bench:images          (both databases; PostgreSQL at BENCH_PG_ADMIN_URL,
 *                                                    default postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench:images -- --seconds 3 --pglite-only
 *
 * For a seeded product image (800w WebP) and its 400w sibling: a GET answered from the instance's
 * in-memory cache (IMAGE_CACHE_MB, default 32), a revalidation with If-None-Match (304, against a
 * bare 304 with the same headers), and the same GET from a second shop started with
 * IMAGE_CACHE_MB=0, so every request reads the image from the database. Reported, not asserted.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { thumbnailUrl } from '../build/app/domain/images.js';
import { fmt, freePort, load as loadWith, machine, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || Number(process.env.BENCH_SECONDS) || 5;
const PGLITE_ONLY = args.includes('--pglite-only');
const CONNECTIONS = 64;
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = (options) => loadWith(options, { connections: CONNECTIONS, seconds: SECONDS });

/** Headers node:http sets itself per response; everything else the shop sent is copied. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One answer from the shop as sent: status, the headers worth copying, and the bytes. */
async function sample(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const sent = {};
  for (const [name, value] of res.headers) if (!PER_RESPONSE.has(name)) sent[name] = value;
  return { status: res.status, headers: sent, body };
}

/** A bare node:http server giving one fixed answer (status, headers, bytes) to every request. */
async function startBare({ status, headers, body }) {
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(status === 304 ? undefined : body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

async function ceilingOf(answer, path, headers) {
  const bare = await startBare(answer);
  try {
    return (await load({ url: bare.url + path, headers })).rps;
  } finally {
    await bare.stop();
  }
}

/** The 800w image of the first product with a sized WebP image, and its 400w sibling. */
async function pickImages(url) {
  const products = await (await fetch(`${url}/api/products`)).json();
  const urls = JSON.stringify(products).match(/\/images\/[a-z0-9/-]+-\d+w\.webp/g) ?? [];
  const large = urls.find((u) => u.endsWith('-800w.webp')) ?? urls[0];
  if (!large) throw new Error('no sized WebP image in GET /api/products');
  return [large, thumbnailUrl(large)];
}

async function benchDatabase(db, env) {
  const rows = [];
  const answers = new Map();
  const shop = await startShop(env);
  let paths;
  try {
    paths = await pickImages(shop.url);
    for (const path of paths) {
      // The sample also puts the image in the instance's cache before the run.
      const ok = await sample(shop.url + path);
      if (ok.status !== 200) throw new Error(`GET ${path}: ${ok.status}`);
      answers.set(path, ok);
      const label = `${path.match(/-(\d+w)\.webp$/)[1]}, ${ok.body.length} B`;
      const ceiling = await ceilingOf(ok, path, {});
      rows.push({
        db,
        what: `GET ${label} (memory cache)`,
        ceiling,
        ...(await load({ url: shop.url + path })),
      });

      const revalidate = { 'if-none-match': ok.headers.etag };
      const notModified = await sample(shop.url + path, revalidate);
      if (notModified.status !== 304) throw new Error(`GET ${path} If-None-Match: ${notModified.status}`);
      rows.push({
        db,
        what: `GET ${label} (If-None-Match: 304)`,
        ceiling: await ceilingOf(notModified, path, revalidate),
        ...(await load({ url: shop.url + path, headers: revalidate })),
      });
    }
  } finally {
    await shop.stop();
  }

  // A second start without the in-memory cache: each GET reads the image from the database.
  const uncached = await startShop({ ...env, IMAGE_CACHE_MB: '0' });
  try {
    for (const path of paths) {
      const ok = await sample(uncached.url + path);
      if (ok.status !== 200 || !ok.body.equals(answers.get(path).body)) {
        throw new Error(`GET ${path} without the cache: ${ok.status}, not the same bytes`);
      }
      const label = `${path.match(/-(\d+w)\.webp$/)[1]}, ${ok.body.length} B`;
      const ceiling = await ceilingOf(ok, path, {});
      rows.push({
        db,
        what: `GET ${label} (IMAGE_CACHE_MB=0: database read)`,
        ceiling,
        ...(await load({ url: uncached.url + path })),
      });
    }
  } finally {
    await uncached.stop();
  }
  return { rows, paths };
}

const started = Date.now();
const { rows: pgliteRows, paths: images } = await benchDatabase('PGlite', {});
const results = [...pgliteRows];
if (!PGLITE_ONLY) {
  // A scratch database per run, dropped afterwards (the shop migrates and seeds it on its first start).
  // onScratchDatabases (lib.mjs) opens the database in this process; here the shop itself needs it.
  const dbName = `bench_images_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  let created = false;
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    created = true;
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN} (${error.message}): skipped`);
  }
  try {
    if (created) {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${dbName}`;
      results.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: url.href })).rows);
    }
  } finally {
    if (created) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end().catch(() => {});
  }
}

console.log(
  `\nbench:images on ${new Date().toISOString().slice(0, 10)}; ${machine()}; ${CONNECTIONS} connections, ${SECONDS} s per run; ${Math.round((Date.now() - started) / 1000)} s in all.`,
);
console.log(`Images: ${images.join(', ')}\n`);
console.log('| database | request | req/s | ceiling req/s | ratio | p50 ms | p99 ms | answers |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const answers = Object.entries(r.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  console.log(
    `| ${r.db} | ${r.what} | ${fmt(r.rps, 0)} | ${fmt(r.ceiling, 0)} | ${fmt((r.rps / r.ceiling) * 100, 0)}% | ${fmt(r.p50, 0)} | ${fmt(r.p99, 0)} | ${answers}${r.errors ? `, ${r.errors} errors` : ''} |`,
  );
}
