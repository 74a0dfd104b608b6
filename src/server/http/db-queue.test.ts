/**
 * Fair turns at the embedded database (decision 0020): arrival order, a bounded queue and a bounded
 * wait, and a fast 503 with Retry-After past either bound.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutFixtures, type Person } from '../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { createFairQueue, QUEUE_FULL, QueueRefused } from './db-queue.js';

describe('createFairQueue', () => {
  it('grants slots in arrival order, passing each freed slot to the oldest waiter', async () => {
    const queue = createFairQueue({ slots: 2, limit: 10, waitMs: 5_000 });
    const order: number[] = [];
    const releases = await Promise.all([queue.acquire(), queue.acquire()]);
    const waiting = [3, 4, 5, 6].map((n) =>
      queue.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    expect(queue).toMatchObject({ running: 2, waiting: 4 });
    releases[1]!();
    releases[0]!();
    const [third, fourth] = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual([3, 4]);
    fourth!();
    third!();
    // A release twice frees one slot, not two.
    third!();
    for (const release of await Promise.all(waiting.slice(2))) release();
    expect(order).toEqual([3, 4, 5, 6]);
    expect(queue).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses at once past its limit, and a waiter that waited too long', async () => {
    const queue = createFairQueue({ slots: 1, limit: 1, waitMs: 50 });
    const held = await queue.acquire();
    const late = queue.acquire();
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueRefused);
    await expect(late).rejects.toBeInstanceOf(QueueRefused);
    expect(queue.waiting).toBe(0);
    held();
    (await queue.acquire())();
    expect(queue.running).toBe(0);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('API requests on the embedded database', () => {
  let t: TestApp;
  const f = checkoutFixtures(() => t);
  let who: Person;
  beforeAll(async () => {
    t = await createTestApp({
      // The catalogue answers from its snapshot here, as it does between checks in production.
      env: { DATABASE_QUEUE_LIMIT: '3', DATABASE_QUEUE_WAIT_MS: '400', CATALOG_CACHE_CHECK_MS: '60000' },
    });
    who = await f.person();
    expect((await f.call('GET', '/api/products')).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  // Before: a burst waited as long as it took, some requests for the whole burst (25 s at 64).
  it('take turns: four run, three wait, the rest answer 503 at once; waiting too long is a 503 too', async () => {
    // Our transaction holds the embedded database, so every request that reaches it waits.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await gate;
    });
    const started = Date.now();
    const timed = async (n: number) => {
      const res = await f.placeOrder(who, `pi_missing_${n}`);
      return {
        n,
        status: res.statusCode,
        body: res.json() as unknown,
        headers: res.headers,
        at: Date.now() - started,
      };
    };
    const answers = Promise.all(Array.from({ length: 9 }, (_, n) => timed(n)));
    // The catalogue and health never queue.
    expect((await f.call('GET', '/api/products')).statusCode).toBe(200);
    expect((await f.call('GET', '/api/health')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    open();
    await holding;
    const all = await answers;

    const busy = all.filter((a) => a.status === 503);
    expect(busy).toHaveLength(5);
    for (const a of busy) {
      expect(a.body).toEqual({ message: QUEUE_FULL });
      expect(a.headers['retry-after']).toBe('1');
    }
    // Two past the queue's limit at once; three after waiting their 400 ms (none of them longer
    // than that: they were answered while the database was still held).
    const byTime = busy.map((a) => a.at).sort((a, b) => a - b);
    expect(byTime[1]!).toBeLessThan(byTime[2]!);
    expect(byTime.slice(2).every((at) => at >= 390)).toBe(true);
    expect(byTime[1]!).toBeLessThan(390);
    // The four that had a turn got their real answer once the database was free.
    const served = all.filter((a) => a.status !== 503);
    expect(served.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    // And the slots are free again.
    expect((await f.placeOrder(who, 'pi_missing_after')).statusCode).toBe(404);
  });
});
