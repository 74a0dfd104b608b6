/**
 * Orders past ORDER_RETENTION_YEARS lose their personal fields in the daily housekeeping run
 * (decision 0043); younger orders keep theirs, and the amounts of both stay.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '../../../domain/privacy.js';
import { jobs, orders, paymentIntents } from '../../db/schema.js';
import { checkoutFixtures, shippingInfo } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { HOUSEKEEPING_JOB } from '../maintenance/housekeeping.js';
import { anonymiseExpiredOrders } from './retention.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date;
};

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLL_MS: '600000', ORDER_RETENTION_YEARS: '7' } });
});
afterAll(() => t?.close());

async function orderPlacedAt(at: Date) {
  const who = await f.person();
  const [product] = await f.catalogue();
  const order = await f.buy(who, [{ id: product!.id, quantity: 1 }], {
    shipping: { firstName: 'Oldorder', lastName: 'Keeper', email: who.email },
  });
  await db().update(orders).set({ createdAt: at }).where(eq(orders.id, order.id));
  return order;
}

describe('order retention', () => {
  it('anonymises, in the housekeeping run, only orders placed more than ORDER_RETENTION_YEARS ago', async () => {
    const expired = await orderPlacedAt(yearsAgo(7, 1));
    const young = await orderPlacedAt(yearsAgo(6, 300));
    const recent = await orderPlacedAt(new Date());
    const [before] = await db().select().from(orders).where(eq(orders.id, expired.id));

    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.type, HOUSEKEEPING_JOB));
    await t.app.jobs.runDue();
    const [run] = await db().select().from(jobs).where(eq(jobs.type, HOUSEKEEPING_JOB)).orderBy(jobs.id);
    expect(run!.completedAt, run!.lastError ?? '').not.toBeNull();

    const rows = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [expired.id, young.id, recent.id]))
      .orderBy(orders.id);
    const [old, kept, fresh] = rows;
    expect(old).toMatchObject({
      firstName: ERASED,
      lastName: ERASED,
      email: ERASED,
      phoneNumber: ERASED,
      shippingAddress: ERASED,
      shippingPostalCode: String(shippingInfo().postalCode).slice(0, 3),
      shippingState: before!.shippingState,
      shippingCity: before!.shippingCity,
      totalCents: before!.totalCents,
      taxCents: before!.taxCents,
      subtotalCents: before!.subtotalCents,
      userId: before!.userId,
    });
    expect(old!.anonymisedAt).not.toBeNull();
    const [intent] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, expired.payment_intent_id!));
    expect(JSON.stringify(intent!.checkout)).not.toMatch(/Oldorder|Keeper/);
    for (const row of [kept, fresh]) {
      expect(row).toMatchObject({ firstName: 'Oldorder', lastName: 'Keeper', anonymisedAt: null });
    }
  });

  it('leaves an anonymised order alone the next time', async () => {
    await orderPlacedAt(yearsAgo(9));
    expect(await anonymiseExpiredOrders(db(), 7)).toBe(1);
    expect(await anonymiseExpiredOrders(db(), 7)).toBe(0);
  });
});
