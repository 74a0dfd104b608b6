import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startShop } from './server';

describe('server lifecycle', () => {
  // Requests sent just before SIGTERM are answered during the drain (SHUTDOWN_DELAY_MS); answers
  // sent while draining close their connection, so none holds the shutdown open.
  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    const shop = await startShop({ SHUTDOWN_DELAY_MS: '1000' });
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${shop.url}/`, { signal: AbortSignal.timeout(30_000) }).then((res) => res.status),
    );
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    const exited = shop.stop();
    expect(await Promise.all(inFlight)).toEqual(Array(12).fill(200));
    expect(await exited, shop.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(11_000);
  }, 120_000);

  // .ci/run sets E2E_DATABASE_URL to a database it creates; locally: any empty database.
  // PGlite locks nothing itself; two shops writing one data directory would corrupt it.
  it('refuses to start a second shop on the DATA_DIR of a running one, and starts once that one is stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'northbite-lock-'));
    try {
      const first = await startShop({ DATA_DIR: dataDir });
      try {
        await expect(startShop({ DATA_DIR: dataDir })).rejects.toThrow(
          `The embedded database in ${dataDir}/pglite is in use by another process (pid ${first.process.pid}).`,
        );
        expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      } finally {
        expect(await first.stop()).toBe(0);
      }
      // The stopped shop let go of its lock.
      const second = await startShop({ DATA_DIR: dataDir });
      expect((await fetch(`${second.url}/api/products`)).status).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!process.env.E2E_DATABASE_URL)(
    'starts on PostgreSQL with DATABASE_URL alone: migrates, seeds once, ensures the admin',
    async () => {
      const url = process.env.E2E_DATABASE_URL!;
      const env = { DATABASE_URL: url, ADMIN_EMAIL: 'owner@northbite.ca', ADMIN_PASSWORD: 'maple-syrup-42' };
      const first = await startShop(env);
      const products = (await (await fetch(`${first.url}/api/products`)).json()) as unknown[];
      expect(products).toHaveLength(10);
      expect(await (await fetch(`${first.url}/`)).text()).toContain('Maple Almond Granola');
      expect(await first.stop()).toBe(0);

      // A second start on the same database does not seed again.
      const second = await startShop(env);
      expect((await (await fetch(`${second.url}/api/products`)).json()) as unknown[]).toHaveLength(10);
      expect(await second.stop()).toBe(0);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const admins = await client.query(`select email, is_admin from users where is_admin`);
        expect(admins.rows).toEqual([{ email: 'owner@northbite.ca', is_admin: true }]);
      } finally {
        await client.end();
      }
    },
  );
});
