import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthChecks } from '../../db/schema.js';
import { READY_CACHE_MS, READY_TIMEOUT_MS } from './routes.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every write to health_checks fails the way a full disk makes writes fail (SQLSTATE 53100). */
async function breakWrites() {
  await t.database.db.execute(sql`
    create or replace function health_checks_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
  await t.database.db.execute(sql`
    create trigger health_checks_disk_full before insert or update on health_checks
    for each row execute function health_checks_disk_full()`);
}
async function mendWrites() {
  await t.database.db.execute(sql`drop trigger health_checks_disk_full on health_checks`);
  await t.database.db.execute(sql`drop function health_checks_disk_full()`);
}

describe('GET /api/health (liveness)', () => {
  it('answers ok while the process can serve', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the instance drains before shutting down', async () => {
    t.app.lifecycle.draining = true;
    try {
      for (const url of ['/api/health', '/api/health/ready']) {
        const res = await t.app.inject(url);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'draining' });
        expect(res.headers.connection).toBe('close');
      }
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('GET /api/health/ready (a write can commit)', () => {
  it('answers ready after committing this instance’s row', async () => {
    await wait(READY_CACHE_MS);
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await t.database.db.select({ n: count() }).from(healthChecks);
    expect(row?.n).toBe(1);
  });

  // Decision 0020: health said 200 with every write failing (a full disk, a damaged index), because
  // it only read `select 1`; a load balancer kept sending shoppers to a shop that could not take
  // orders.
  it('answers 503 with Retry-After when writes fail although reads work, and ready again once they work', async () => {
    await breakWrites();
    try {
      await wait(READY_CACHE_MS);
      await t.database.ping(); // reads still work: what the old health check looked at
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', message: expect.any(String) });
      expect(res.headers['retry-after']).toBe('5');
      // Liveness stays up: the instance still serves its cached storefront.
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await mendWrites();
    }
    await wait(READY_CACHE_MS);
    expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
  });

  it('keeps an answer for a second: a load balancer polling fast costs one write', async () => {
    await wait(READY_CACHE_MS);
    const checkedAt = async () =>
      (await t.database.db.select({ at: healthChecks.checkedAt }).from(healthChecks))[0]?.at.getTime();
    expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
    const first = await checkedAt();
    await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/api/health/ready')));
    expect(await checkedAt()).toBe(first);
    await wait(READY_CACHE_MS);
    await t.app.inject('/api/health/ready');
    expect(await checkedAt()).not.toBe(first);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('GET /api/health/ready on PostgreSQL', () => {
  it('answers 503 within its timeout while another connection holds the table locked', async () => {
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table health_checks in access exclusive mode');
      await wait(READY_CACHE_MS);
      const started = Date.now();
      const res = await t.app.inject('/api/health/ready');
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(took).toBeLessThan(READY_TIMEOUT_MS + 1_500);
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    await wait(READY_CACHE_MS);
    expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
  });
});
