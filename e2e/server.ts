/**
 * Starts the built shop as a real process on a free port and a temporary DATA_DIR, the way
 * `npm start` runs it, and stops it with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningShop {
  url: string;
  /** The shop's DATA_DIR. */
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then the exit code once it has exited (null if a signal ended it). */
  stop(): Promise<number | null>;
}

/** A TCP port nobody listens on at the moment, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * `script` is what runs: the compiled server by default, or `scripts/start.mjs` (what `npm start` runs,
 * which rebuilds first when the build is stale).
 */
export async function startShop(
  env: Record<string, string> = {},
  { script = 'build/app/server/main.js' }: { script?: string } = {},
): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'northbite-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The journeys drive every browser from this one address, far faster than a shopper clicks, and
      // each client-side navigation is a render: the per-client render limit (decision 0041) is
      // raised for them. e2e/page-cache.test.ts sets a small one of its own to test it.
      PAGE_RENDER_LIMIT: '10000',
      // Real-user Web Vitals (decision 0072) are off: a journey's hundreds of page loads from one
      // address would each report. e2e/field-vitals.test.ts turns them on.
      VITALS_SAMPLE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`shop exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`shop did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir: env.DATA_DIR ?? dataDir,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        // Already gone (a test may kill it on purpose): 'exit' will not fire again.
        if (child.exitCode !== null || child.signalCode !== null) {
          rmSync(dataDir, { recursive: true, force: true });
          return resolve(child.exitCode);
        }
        child.once('exit', (code) => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
