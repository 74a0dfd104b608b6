/**
 * Decision 0020: with the database away the storefront keeps serving its last catalogue snapshot,
 * and what needs the database (checkout, accounts) answers 503 with Retry-After instead of a 500.
 * Before, the catalogue's version check rejected every read, so every catalogue answer and page was
 * a 500. (The same outage with pages, on a running shop, is in e2e/faults.test.ts.)
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../http/errors.js';
import { checkoutFixtures, shippingInfo, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let shopper: Person;
const READS = [
  '/api/products',
  '/api/products/maple-almond-granola',
  '/api/categories',
  '/api/categories/granola',
];

beforeAll(async () => {
  t = await createTestApp();
  shopper = await f.person();
  // The snapshot every instance holds once it has served the catalogue.
  for (const url of READS) expect((await f.call('GET', url)).statusCode).toBe(200);
});
afterAll(() => t?.close());

const readAll = async () =>
  Promise.all(READS.map(async (url) => [url, (await f.call('GET', url)).statusCode]));

describe('the catalogue with its version check failing', () => {
  it('answers from the last snapshot, and sees changes again once the check works', async () => {
    const before = (await f.call('GET', '/api/products')).json() as { id: number; name: string }[];
    await t.database.db.execute(sql`alter table catalog_state rename to catalog_state_away`);
    try {
      expect(await readAll()).toEqual(READS.map((url) => [url, 200]));
      expect((await f.call('GET', '/api/products')).json()).toEqual(before);
    } finally {
      await t.database.db.execute(sql`alter table catalog_state_away rename to catalog_state`);
    }
    await t.database.db.execute(sql`update products set name = name || ' (new)' where id = ${before[0]!.id}`);
    const after = (await f.call('GET', '/api/products')).json() as { id: number; name: string }[];
    expect(after.find((p) => p.id === before[0]!.id)!.name).toBe(`${before[0]!.name} (new)`);
    await t.database.db.execute(
      sql`update products set name = ${before[0]!.name} where id = ${before[0]!.id}`,
    );
  });
});

/** A request that needs the database: pricing a cart for payment. */
const checkout = () =>
  f.call('POST', '/api/payments/create-payment-intent', {
    token: shopper.token,
    body: { amount: 4174, shippingInfo: shippingInfo(), items: [{ id: 1, quantity: 1 }] },
  });

function expectUnavailable(res: Awaited<ReturnType<typeof checkout>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
  expect(res.headers['retry-after']).toBe('5');
}

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL outage (connections refused and cut)', () => {
  it('serves the catalogue, answers checkout and sign-in 503 with Retry-After, and recovers by itself', async () => {
    const name = new URL(t.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const away = async (yes: boolean) => {
      await admin.query(`alter database "${name}" with allow_connections ${yes ? 'false' : 'true'}`);
      if (yes) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      }
    };
    try {
      await away(true);
      expect(await readAll()).toEqual(READS.map((url) => [url, 200]));
      expectUnavailable(await checkout());
      expectUnavailable(
        await f.call('POST', '/api/users/login', {
          body: { email: shopper.email, password: 'whatever-it-is' },
        }),
      );
      expect((await f.call('GET', '/api/health/ready')).statusCode).toBe(503);
      expect((await f.call('GET', '/api/health')).statusCode).toBe(200);
    } finally {
      await away(false);
      await admin.end();
    }
    const res = await checkout();
    expect([200, 400]).toContain(res.statusCode);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database closed under the shop', () => {
  it('serves the catalogue and answers checkout 503 with Retry-After', async () => {
    await t.database.close();
    expect(await readAll()).toEqual(READS.map((url) => [url, 200]));
    expectUnavailable(await checkout());
  });
});
