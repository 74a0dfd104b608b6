/**
 * `npm run bench:render-flood`: what a flood of forced page renders does to the pages the cache
 * answers (decision 0041). One shopper asks for the cached `/shop` over and over, one request at a
 * time, and its latency is measured three ways, each for --seconds (default 10):
 *
 *   alone     nothing else runs;
 *   cb flood  4 clients ask for `/shop?cb=N` with a fresh N each time (a cache-buster);
 *   404 flood 4 clients ask for `/no-such-page-N` (a render in any version: no page to keep).
 *
 * Every client speaks from an address of its own (X-Forwarded-For; the shop trusts one hop), so the
 * per-client render limit applies to each flooding client, not to the shopper. Bounded: three phases
 * of --seconds, then the shop stops.
 *
 *   npm run build && node bench/render-flood.mjs [--seconds 10] [--dir ../other-checkout]
 *
 * --dir runs the built shop of another checkout (its build/app), to measure a baseline in the same
 * session: `node bench/render-flood.mjs --dir /path/to/baseline`.
 */
import { Agent, request } from 'node:http';
import { fmt, machine, startShop } from './lib.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SECONDS = Number(option('--seconds')) || 10;
const FLOODERS = 4;
if (option('--dir')) process.chdir(option('--dir'));

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** One client: a keep-alive connection of its own, one request at a time, from `address`. */
function client(base, address) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  return {
    get: (path) =>
      new Promise((resolve, reject) => {
        const startedAt = performance.now();
        request(
          { hostname, port, path, agent, headers: { 'x-forwarded-for': address, 'accept-encoding': 'br' } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({
                status: res.statusCode,
                cache: res.headers['x-page-cache'],
                ms: performance.now() - startedAt,
              }),
            );
          },
        )
          .on('error', reject)
          .end();
      }),
    close: () => agent.destroy(),
  };
}

/** Asks `next()`'s paths one after another until `until`; latencies and what answered. */
async function loop(c, next, until) {
  const times = [];
  const answers = {};
  while (performance.now() < until) {
    const { status, cache, ms } = await c.get(next());
    times.push(ms);
    const label = cache ? `${status} ${cache}` : String(status);
    answers[label] = (answers[label] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  return { times, answers };
}

const merge = (list) => {
  const answers = {};
  for (const { answers: a } of list)
    for (const [k, v] of Object.entries(a)) answers[k] = (answers[k] ?? 0) + v;
  const times = list.flatMap((r) => r.times).sort((a, b) => a - b);
  return { times, answers };
};

const describe = (answers) =>
  Object.entries(answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

const shop = await startShop({});
const rows = [];
let phase = 0;
try {
  const shopper = client(shop.url, '203.0.113.1');
  await shopper.get('/shop');
  await shopper.get('/shop');
  for (const [label, path] of [
    ['alone', null],
    [`${FLOODERS} clients: /shop?cb=N`, (n) => `/shop?cb=${n}`],
    [`${FLOODERS} clients: /no-such-page-N`, (n) => `/no-such-page-${n}`],
  ]) {
    phase++;
    const until = performance.now() + SECONDS * 1000;
    let n = 0;
    const flooders = path
      ? Array.from({ length: FLOODERS }, (_, i) => client(shop.url, `198.18.${phase}.${i + 1}`))
      : [];
    const [measured, ...flood] = await Promise.all([
      loop(shopper, () => '/shop', until),
      ...flooders.map((c) => loop(c, () => path(`${Date.now().toString(36)}-${n++}`), until)),
    ]);
    flooders.forEach((c) => c.close());
    const flooded = merge(flood);
    rows.push({
      label,
      p50: percentile(measured.times, 50),
      p99: percentile(measured.times, 99),
      count: measured.times.length,
      answers: describe(measured.answers),
      flood: path
        ? `${flooded.times.length} (${describe(flooded.answers)}), p50 ${fmt(percentile(flooded.times, 50))} ms`
        : '–',
    });
  }
  shopper.close();
} finally {
  await shop.stop();
}

console.log(`\nrender flood, ${SECONDS} s per row, ${new Date().toISOString().slice(0, 10)}; ${machine()}`);
console.log(`shop: ${process.cwd()}\n`);
console.log('| while | cached /shop p50 | p99 | requests | answers | flood requests (answers), p50 |');
console.log('| ----- | ---------------: | --: | -------: | ------- | ----------------------------- |');
for (const r of rows) {
  console.log(
    `| ${r.label} | ${fmt(r.p50)} ms | ${fmt(r.p99)} ms | ${r.count} | ${r.answers} | ${r.flood} |`,
  );
}
