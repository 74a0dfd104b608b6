/**
 * Refunds through the real app and the test processor (decision 0022): full and partial refunds
 * move the money and the order follows it, an over-refund is refused, a double click is one refund,
 * Refunded and Canceled are final, and the customer sees each refund. Stripe's side (amount and
 * idempotency key on the wire, a failure sent again by the job) is in payments.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { ORDER_STATUSES, type Order } from '../../../domain/orders.js';
import { orderRefunds, orders, paymentIntents } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let owner: Person;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  owner = await f.person();
  productId = (await f.catalogue())[3]!.id;
});
afterAll(() => t?.close());

const paidOrder = () => f.buy(owner, [{ id: productId, quantity: 2 }]);
const refund = (orderId: number, body: unknown, token = admin.token) =>
  f.call('POST', `/api/orders/${orderId}/refunds`, { token, body });
const intentOf = async (order: Order) =>
  (
    await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, order.payment_intent_id!))
  )[0]!;
const refundRows = (orderId: number) =>
  t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('POST /api/orders/:id/refunds', () => {
  it('refunds in full: the money goes back, the order is Refunded and no longer paid', async () => {
    const order = await paidOrder();
    const res = await refund(order.id, { amount: order.total, reason: 'Parcel lost by the carrier' });
    expect(res.statusCode, res.body).toBe(201);
    const refunded = res.json<Order>();
    expect(refunded).toMatchObject({
      id: order.id,
      status: 'Refunded',
      is_paid: false,
      refunded: order.total,
    });
    expect(refunded.refunds).toEqual([
      {
        id: expect.any(Number),
        amount: order.total,
        reason: 'Parcel lost by the carrier',
        status: 'succeeded',
        created_at: expect.any(String),
        goods: expect.any(Number),
        shipping: expect.any(Number),
        taxes: expect.any(Array),
        lines: [],
      },
    ]);
    expect(await intentOf(order)).toMatchObject({
      status: 'refunded',
      refundedCents: Math.round(order.total * 100),
    });
    // The customer sees it on their order.
    const mine = await f.call('GET', `/api/orders/${order.id}`, { token: owner.token });
    expect(mine.json<Order>()).toMatchObject({ status: 'Refunded', refunded: order.total });
    // Nothing left: a further refund is refused, and Refunded is final.
    expectMessage(await refund(order.id, { amount: 1, reason: 'Again' }), 409, messages.orderNotPaid);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Refunded')) {
      expectMessage(
        await f.call('PATCH', `/api/orders/${order.id}/status`, { token: admin.token, body: { status } }),
        409,
        'This order is refunded, which is final. Place a new order instead.',
      );
    }
    expectMessage(
      await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token }),
      409,
      'This order has been refunded.',
    );
  });

  it('refunds in part: the status stays, the refunded amount shows, and the rest can follow', async () => {
    const order = await paidOrder();
    await f.call('PATCH', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'Shipped' },
    });
    const part = await refund(order.id, { amount: 10.5, reason: 'Two cookies broken' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<Order>()).toMatchObject({ status: 'Shipped', is_paid: true, refunded: 10.5 });
    expect(await intentOf(order)).toMatchObject({ status: 'succeeded', refundedCents: 1050 });
    // More than is left: refused, nothing written, nothing moved.
    const left = Math.round(order.total * 100) - 1050;
    expectMessage(
      await refund(order.id, { amount: (left + 1) / 100, reason: 'Too much' }),
      409,
      messages.refundTooLarge,
    );
    expect(await refundRows(order.id)).toHaveLength(1);
    expect((await intentOf(order)).refundedCents).toBe(1050);
    const rest = await refund(order.id, { amount: left / 100, reason: 'The rest, as a goodwill gesture' });
    expect(rest.json<Order>()).toMatchObject({ status: 'Refunded', is_paid: false, refunded: order.total });
    expect(rest.json<Order>().refunds.map((r) => r.amount)).toEqual([10.5, left / 100]);
  });

  it('makes one refund of a double click (five at once), with one provider refund', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(order.id, { amount: 3, reason: 'Late delivery' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect((await intentOf(order)).refundedCents).toBe(300);
    // Each answer shows the one refund (a repeat may answer while it is still on its way).
    for (const answer of answers) expect(answer.json<Order>().refunds).toMatchObject([{ amount: 3 }]);
    const after = await f.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(after.json<Order>()).toMatchObject({ refunded: 3, is_paid: true });
  });

  it('refuses bad amounts and reasons with 400, a missing order with 404, customers with 403', async () => {
    const order = await paidOrder();
    for (const [body, message] of [
      [{ amount: 0, reason: 'x' }, 'The refund must be more than $0.00.'],
      [{ amount: -5, reason: 'x' }, 'The refund must be more than $0.00.'],
      [{ amount: 5e-324, reason: 'x' }, 'The refund must be more than $0.00.'],
      [{ amount: 0.001, reason: 'x' }, 'amount must have at most two decimals.'],
      [{ amount: 1.005, reason: 'x' }, 'amount must have at most two decimals.'],
      [{ amount: '5', reason: 'x' }, 'amount must be a number of dollars.'],
      [{ amount: 5, reason: '  ' }, 'Please give a reason for the refund.'],
      [{ amount: 5 }, 'Please give a reason for the refund.'],
      [{ amount: 5, reason: 'x'.repeat(501) }, 'Please keep the reason under 500 characters.'],
    ] as const) {
      expectMessage(await refund(order.id, body), 400, message);
    }
    expect(await refundRows(order.id)).toHaveLength(0);
    expectMessage(
      await refund(order.id, { amount: 1, reason: 'Mine' }, owner.token),
      403,
      messages.forbidden,
    );
    expectMessage(await refund(999_999, { amount: 1, reason: 'Nobody' }), 404, 'Order not found');
  });

  it('gives the customer their money back when they cancel, through the same refunds', async () => {
    const order = await paidOrder();
    const canceled = await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token });
    expect(canceled.json<Order>()).toMatchObject({
      status: 'Canceled',
      is_paid: false,
      refunded: order.total,
    });
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({
      reason: 'Canceled by the customer',
      requestedBy: owner.id,
      status: 'succeeded',
    });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.isPaid).toBe(false);
  });
});

/**
 * What can be refunded is what the provider took less what has been refunded or is on its way back
 * (decision 0039), whatever the paid box says: an admin may untick it, the card was still charged.
 */
describe('refundable money comes from the payment, not the paid box', () => {
  const untick = async (orderId: number) => {
    const res = await f.call('PATCH', `/api/orders/${orderId}/status`, {
      token: admin.token,
      body: { is_paid: false },
    });
    expect(res.json<Order>().is_paid).toBe(false);
  };

  it('refunds a card payment after the paid box was unticked, and cancelling refunds the rest', async () => {
    const order = await paidOrder();
    const totalCents = Math.round(order.total * 100);
    await untick(order.id);
    const part = await refund(order.id, { amount: 5, reason: 'Box unticked by mistake' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<Order>().refunds).toMatchObject([{ amount: 5, status: 'succeeded' }]);
    expect(await intentOf(order)).toMatchObject({ status: 'succeeded', refundedCents: 500 });
    // More than the card paid less what is back: refused as ever.
    expectMessage(
      await refund(order.id, { amount: (totalCents - 499) / 100, reason: 'Too much' }),
      409,
      messages.refundTooLarge,
    );
    const canceled = await f.call('PATCH', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'Canceled' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Order>()).toMatchObject({ status: 'Canceled', refunded: order.total });
    // The provider's record: all of it back.
    expect(await intentOf(order)).toMatchObject({ status: 'refunded', refundedCents: totalCents });
    expect((await refundRows(order.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [500, 'succeeded'],
      [totalCents - 500, 'succeeded'],
    ]);
  });

  it("the customer's cancel refunds the card too, after the box was unticked", async () => {
    const order = await paidOrder();
    await untick(order.id);
    const canceled = await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token });
    expect(canceled.json<Order>()).toMatchObject({ status: 'Canceled', refunded: order.total });
    expect(await intentOf(order)).toMatchObject({
      status: 'refunded',
      refundedCents: Math.round(order.total * 100),
    });
  });

  it('an order whose payment was never taken cannot be refunded, even marked paid; cancelling refunds nothing', async () => {
    // An order row for a payment the provider never took (written by hand, as an import might).
    const intent = await f.createIntent(owner, [{ id: productId, quantity: 1 }]);
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId: owner.id,
        subtotalCents: intent.amount,
        shippingCents: 0,
        taxCents: 0,
        totalCents: intent.amount,
        isPaid: true,
        paidAt: new Date(),
        paymentIntentId: intent.payment_intent_id,
        firstName: 'Ada',
        lastName: 'Maple',
        email: owner.email,
        phoneNumber: '604 555 0123',
        shippingAddress: '1 Main St',
        shippingCity: 'Vancouver',
        shippingState: 'British Columbia',
        shippingPostalCode: 'V5K 0A1',
      })
      .returning();
    expectMessage(await refund(row!.id, { amount: 1, reason: 'Never paid' }), 409, messages.orderNotPaid);
    const canceled = await f.call('PATCH', `/api/orders/${row!.id}/status`, {
      token: admin.token,
      body: { status: 'Canceled' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await refundRows(row!.id)).toEqual([]);
    const [payment] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    expect(payment).toMatchObject({ refundedCents: 0 });
    expect(payment!.status).not.toBe('refunded');
  });
});
