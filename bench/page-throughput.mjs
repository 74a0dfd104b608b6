/**
 * Server-rendered page throughput, side by side in one run (part of `npm run bench:pages`):
 * autocannon with 64 connections against the built shop (PGlite, demo catalogue) and against a bare
 * node:http server answering the very same bytes (the machine's ceiling). Pages are asked for as a
 * browser asks (brotli), then without compression, then revalidated with their ETag (304).
 * Also checks what compression each kind of answer gets: pages, the catalogue API, hashed assets.
 *
 *   npm run build && node bench/page-throughput.mjs [--seconds 10]
 */
import { againstCeiling, fmt, load, machine, rawBytes, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 10;
const CONNECTIONS = 64;
const PAGES = ['/', '/shop', '/products/classic-chocolate-chunk-protein-cookies'];

const shop = await startShop({});
const rows = [];
const sizes = [];
try {
  for (const path of PAGES) {
    for (const [label, headers] of [
      ['br', { 'accept-encoding': 'br, gzip' }],
      ['identity', {}],
    ]) {
      const measured = await againstCeiling(shop.url, path, {
        headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      rows.push({ what: `GET ${path} (${label}, ${measured.bytes} B)`, ...measured });
    }
    const etag = (await fetch(shop.url + path)).headers.get('etag');
    const revalidated = await load(
      { url: shop.url + path, headers: { 'if-none-match': etag } },
      { connections: CONNECTIONS, seconds: SECONDS },
    );
    rows.push({ what: `GET ${path} (If-None-Match: 304)`, ...revalidated });
  }

  // What each kind of answer is sent as.
  const html = await (await fetch(shop.url + '/')).text();
  const script =
    /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ??
    /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  for (const path of [...PAGES, '/api/products', script].filter(Boolean)) {
    const identity = await rawBytes(shop.url + path);
    const head = await fetch(shop.url + path, { headers: { 'accept-encoding': 'br' } });
    const br = await rawBytes(shop.url + path, { 'accept-encoding': 'br' });
    const gzip = await rawBytes(shop.url + path, { 'accept-encoding': 'gzip' });
    sizes.push({
      path: path.startsWith('/assets/') ? '/assets/… (hashed script)' : path,
      identity: identity.length,
      br: br.length,
      gzip: gzip.length,
      encoding: head.headers.get('content-encoding'),
      cache: head.headers.get('cache-control'),
    });
  }
} finally {
  await shop.stop();
}

console.log(
  `\nPage throughput on ${new Date().toISOString().slice(0, 10)}; ${machine()}; ${CONNECTIONS} connections, ${SECONDS} s per run; PGlite, demo catalogue.\n`,
);
console.log('| request | req/s | ceiling req/s | ratio | p50 ms | p95 ms | p99 ms | answers |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) {
  const answers = Object.entries(r.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  console.log(
    `| ${r.what} | ${fmt(r.rps, 0)} | ${r.ceiling ? fmt(r.ceiling, 0) : ''} | ${r.ceiling ? `${fmt((r.rps / r.ceiling) * 100, 0)}%` : ''} | ${fmt(r.p50, 0)} | ${fmt(r.p95, 0)} | ${fmt(r.p99, 0)} | ${answers}${r.errors ? `, ${r.errors} errors` : ''} |`,
  );
}
console.log('\n| answer | bytes | brotli | gzip | sent as (br asked) | cache-control |');
console.log('| --- | ---: | ---: | ---: | --- | --- |');
for (const s of sizes) {
  console.log(
    `| ${s.path} | ${s.identity} | ${s.br} | ${s.gzip} | ${s.encoding ?? 'identity'} | ${s.cache ?? ''} |`,
  );
}
