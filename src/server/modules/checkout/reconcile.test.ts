/**
 * Decision 0013: a charge always becomes an order. The test processor takes the card in the order's
 * own transaction, and a sweep (checkout/reconcile.ts) turns any paid intent that has no order into
 * exactly one order with its e-mail. (Stripe's side of the sweep is in payments.test.ts.)
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../domain/orders.js';
import { paymentIntentReplySchema } from '../../../domain/payments.js';
import { emailOutbox, orders, paymentIntents } from '../../db/schema.js';
import { DATABASE_UNAVAILABLE } from '../../http/errors.js';
import { checkoutFixtures, shippingInfo, type CatalogueProduct } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let shelf: CatalogueProduct[];

beforeAll(async () => {
  t = await createTestApp();
  shelf = await f.catalogue();
});
afterAll(() => t?.close());

const db = () => t.database.db;
const emailsFor = async (intentId: string) => {
  const [order] = await f.ordersOfIntent(intentId);
  return order ? (await f.confirmationEmails(order.id)).length : 0;
};
/** What a charge without its order looks like: the provider says succeeded, no order exists. */
const chargedWithoutOrder = (intentId: string) =>
  db().update(paymentIntents).set({ status: 'succeeded' }).where(eq(paymentIntents.id, intentId));

/** Every order INSERT fails the way a full disk fails a write (SQLSTATE 53100), until mended. */
async function failOrderWrites() {
  await db().execute(sql`
    create or replace function orders_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
  await db().execute(sql`
    create trigger orders_disk_full before insert on orders for each row execute function orders_disk_full()`);
  return async () => {
    await db().execute(sql`drop trigger orders_disk_full on orders`);
    await db().execute(sql`drop function orders_disk_full()`);
  };
}

describe('the test card is taken in the order’s own transaction', () => {
  // Before: confirm() committed the intent as succeeded, then the order failed: money taken, no order.
  it('a failure writing the order takes no money: 503, the intent still unpaid, and paying again makes one order', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: shelf[0]!.id, quantity: 2 }]);
    const mend = await failOrderWrites();
    let res;
    try {
      res = await f.confirm(who, intent.client_secret);
    } finally {
      await mend();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(res.headers['retry-after']).toBe('5');
    expect((await f.intentRow(intent.payment_intent_id))!.status).toBe('requires_payment_method');
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    // Nothing for the sweep to find either: nothing was charged.
    expect((await t.app.reconciler.run()).created).toBe(0);

    const again = await f.confirm(who, intent.client_secret);
    expect(again.statusCode, again.body).toBe(200);
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
    expect(await emailsFor(intent.payment_intent_id)).toBe(1);
  });
});

describe('the reconciliation sweep', () => {
  it('makes exactly one order and one e-mail of a paid intent without an order, however many sweeps run', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: shelf[1]!.id, quantity: 1 }]);
    await chargedWithoutOrder(intent.payment_intent_id);

    const results = await Promise.all([
      t.app.reconciler.run(),
      t.app.reconciler.run(),
      t.app.reconciler.run(),
    ]);
    expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(1);
    const [order] = await f.ordersOfIntent(intent.payment_intent_id);
    expect(order).toMatchObject({
      userId: who.id,
      isPaid: true,
      totalCents: intent.amount,
      status: 'Pending',
    });
    expect(await emailsFor(intent.payment_intent_id)).toBe(1);

    // Done for good: later sweeps leave it alone, and the browser's POST finds that order.
    expect((await t.app.reconciler.run()).created).toBe(0);
    const placed = await f.placeOrder(who, intent.payment_intent_id);
    expect(placed.statusCode).toBe(200);
    expect(orderSchema.parse(placed.json()).id).toBe(order!.id);
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  it('asks about an unpaid intent after 1, 2, 4 ... minutes, not on every run', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: shelf[2]!.id, quantity: 3 }]);
    const id = intent.payment_intent_id;
    const checkedAt = async () => (await f.intentRow(id))!.reconciledAt;
    const age = (createdMinutesAgo: number, checkedMinutesAgo: number) =>
      db()
        .update(paymentIntents)
        .set({
          createdAt: sql`now() - ${`${createdMinutesAgo} minutes`}::interval`,
          reconciledAt: sql`now() - ${`${checkedMinutesAgo} minutes`}::interval`,
        })
        .where(eq(paymentIntents.id, id));

    await t.app.reconciler.run();
    const first = await checkedAt();
    expect(first).toBeInstanceOf(Date);
    await t.app.reconciler.run();
    expect(await checkedAt()).toEqual(first);
    // Checked at age 3 minutes, now 5: waits until age 6.
    await age(5, 2);
    const before = await checkedAt();
    await t.app.reconciler.run();
    expect(await checkedAt()).toEqual(before);
    // Checked at age 3 minutes, now 7: due.
    await age(7, 4);
    const stale = await checkedAt();
    await t.app.reconciler.run();
    expect((await checkedAt())!.getTime()).toBeGreaterThan(stale!.getTime());
    // Past the window it is never asked about again.
    await age(60 * 24 * 8, 60 * 24 * 4);
    const old = await checkedAt();
    await t.app.reconciler.run();
    expect(await checkedAt()).toEqual(old);
    expect(await f.ordersOfIntent(id)).toEqual([]);
  });

  it('stops asking about a refunded intent', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: shelf[3]!.id, quantity: 1 }]);
    await db()
      .update(paymentIntents)
      .set({ status: 'refunded' })
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    await t.app.reconciler.run();
    expect((await f.intentRow(intent.payment_intent_id))!.reconciledAt).toBeNull();
  });
});

describe('paying again for a cart that was paid', () => {
  it('answers the paid intent’s order instead of a new payment, and then starts afresh', async () => {
    const who = await f.person();
    const items = [{ id: shelf[4]!.id, quantity: 2 }];
    const first = await f.createIntent(who, items);
    await chargedWithoutOrder(first.payment_intent_id);

    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: { amount: first.amount, shippingInfo: shippingInfo(), items },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = paymentIntentReplySchema.parse(res.json());
    expect(reply.payment_intent_id).toBe(first.payment_intent_id);
    expect(reply.order).toMatchObject({ payment_intent_id: first.payment_intent_id, is_paid: true });
    const [order] = await f.ordersOfIntent(first.payment_intent_id);
    expect(reply.order!.id).toBe(order!.id);
    expect(await emailsFor(first.payment_intent_id)).toBe(1);

    // With that order recorded, the same cart is a new purchase with a new intent.
    const next = await f.createIntent(who, items);
    expect(next.payment_intent_id).not.toBe(first.payment_intent_id);
    expect(next).not.toHaveProperty('order');
    const [{ n }] = (await db().select({ n: count() }).from(orders).where(eq(orders.userId, who.id))) as [
      { n: number },
    ];
    expect(n).toBe(1);
    const [{ e }] = (await db()
      .select({ e: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your Northbite order #${order!.id}`))) as [{ e: number }];
    expect(e).toBe(1);
  });
});
