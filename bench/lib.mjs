/**
 * What the benchmarks share: starting the built shop, a bare node:http server answering fixed bytes
 * (the machine's ceiling for that answer), autocannon runs with exact percentiles, and the machine line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const freePort = () =>
  new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The built shop (build/app/server/main.js, of `cwd`'s checkout when given) on a free port and a
 * temporary DATA_DIR; `nodeArgs` go to node before the script (`--cpu-prof`, which NODE_OPTIONS does
 * not take).
 */
export async function startShop(env, { nodeArgs = [], cwd } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'northbite-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, 'build/app/server/main.js'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error('shop did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** A bare node:http server answering one fixed response: the ceiling for that answer on this machine. */
export async function startBare(body, headers) {
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** One autocannon run; latencies are collected per response so p95 and p99 are exact. */
export async function load(options, { connections = 64, seconds = 10 } = {}) {
  const times = [];
  const statuses = {};
  const startedAt = performance.now();
  let lastAt = startedAt;
  const instance = autocannon({
    connections,
    ...(options.amount ? {} : { duration: seconds }),
    ...options,
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    lastAt = performance.now();
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    total: times.length,
    /**
     * How long the run took (s): runs of a fixed `amount` have their rate as total / seconds. Such a
     * run is timed to its last answer: autocannon ends it on its next one-second tick, so its own
     * duration rounds up to whole seconds.
     */
    seconds: options.amount ? (lastAt - startedAt) / 1000 : result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The ceiling and the shop measured back to back for one answer: the bare server is given the very
 * bytes and headers the shop sent for `path` with `headers`, then both are loaded the same way.
 */
export async function againstCeiling(shopUrl, path, { headers = {}, connections, seconds } = {}) {
  const sample = await fetch(shopUrl + path, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  const sent = { 'content-type': sample.headers.get('content-type') };
  // fetch decodes the body; ask again without decoding to get the bytes on the wire.
  const encoding = sample.headers.get('content-encoding');
  const wire = encoding ? await rawBytes(shopUrl + path, headers) : body;
  if (encoding) sent['content-encoding'] = encoding;
  const bare = await startBare(wire, sent);
  const ceiling = await load({ url: bare.url + path, headers }, { connections, seconds });
  await bare.stop();
  const measured = await load({ url: shopUrl + path, headers }, { connections, seconds });
  return { ...measured, ceiling: ceiling.rps, bytes: wire.length, identityBytes: body.length, encoding };
}

/** The body exactly as sent (still compressed), with node:http, which does not decode. */
export async function rawBytes(url, headers = {}) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/**
 * Runs `run(label, handle)` on a fresh PGlite in a temporary directory, then (unless `pgliteOnly`)
 * on a scratch PostgreSQL database created under `pgAdminUrl` and dropped afterwards; a PostgreSQL
 * that cannot be reached is skipped with a warning. Answers the results, PGlite first.
 */
export async function onScratchDatabases(name, run, { pgliteOnly = false, pgAdminUrl } = {}) {
  const { randomBytes } = await import('node:crypto');
  const pg = (await import('pg')).default;
  const { openDatabase } = await import('../build/app/server/db/client.js');
  const results = [];
  const dir = mkdtempSync(join(tmpdir(), `northbite-bench-${name}-`));
  const pglite = await openDatabase({ kind: 'pglite', dir });
  try {
    results.push(await run('PGlite', pglite));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (pgliteOnly) return results;
  const database = `bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${database}`);
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${pgAdminUrl} (${error.message}): skipped`);
    await admin.end().catch(() => {});
    return results;
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${database}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.href });
  try {
    results.push(await run('PostgreSQL', handle));
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end().catch(() => {});
  }
  return results;
}
