/**
 * What each status change does (decision 0046; TRANSITION_EFFECTS in transitions.ts), through the
 * real app: one test per move of the status table (ORDER_TRANSITIONS, domain/orders.ts) and per way
 * into Refunded, each checking what the change wrote and nothing more: the timeline's new events,
 * the e-mails queued, the stock given back, the refund recorded and sent.
 */
import { and, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../domain/fulfilment.js';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../../domain/orders.js';
import { emailOutbox, orderRefunds, paymentIntents } from '../../db/schema.js';
import { checkoutFixtures, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let owner: Person;
let productId: number;
const UNITS = 2;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  owner = await f.person();
  // A counted product of its own, so the units a cancellation gives back show in its stock.
  productId = (await f.stocked(500)).id;
});
afterAll(() => t?.close());

const admins = (token = admin.token) => ({ token });
const setStatus = (orderId: number, body: unknown) =>
  f.call('PATCH', `/api/orders/${orderId}/status`, { ...admins(), body });
const timeline = async (orderId: number) =>
  (await f.call('GET', `/api/orders/${orderId}/timeline`, admins())).json<OrderEvent[]>();
const mailsAbout = (orderId: number, afterId = 0) =>
  t.database.db
    .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(like(emailOutbox.subject, `%(#${orderId})`), gt(emailOutbox.id, afterId)))
    .orderBy(emailOutbox.id);
const refundsOf = (orderId: number) =>
  t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.id);
const intentStatus = async (order: Order) =>
  (
    await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, order.payment_intent_id!))
  )[0]!.status;

/** A paid order of UNITS units, moved by the admin to `status` (Pending: as placed). */
async function orderIn(status: OrderStatus): Promise<Order> {
  const order = await f.buy(owner, [{ id: productId, quantity: UNITS }]);
  if (status !== 'Pending') {
    const res = await setStatus(order.id, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  return order;
}

/** What a change wrote: runs it, and answers the events, e-mails and stock it added, and the order. */
async function effectsOf(order: Order, change: () => Promise<{ statusCode: number; body: string }>) {
  const eventsBefore = (await timeline(order.id)).length;
  const lastMail = (await mailsAbout(order.id)).at(-1)?.id ?? 0;
  const stockBefore = (await f.stockOf(productId))!;
  const res = await change();
  expect([200, 201], res.body).toContain(res.statusCode);
  const events = (await timeline(order.id)).slice(eventsBefore);
  return {
    order: JSON.parse(res.body) as Order,
    events: events.map((event) => [event.kind, event.summary, event.actor.kind]),
    mails: (await mailsAbout(order.id, lastMail)).map((mail) => mail.subject),
    stockBack: (await f.stockOf(productId))! - stockBefore,
  };
}

const total = (order: Order) => `$${order.total.toFixed(2)}`;
const emailEvent = (subject: string, order: Order) => [
  'email',
  `E-mail '${subject}' to ${order.email}`,
  'system',
];
const SUBJECTS = {
  shipped: (order: Order) => `Your order is on its way (#${order.id})`,
  delivered: (order: Order) => `Your order has been delivered (#${order.id})`,
  canceled: (order: Order) => `Your order has been canceled (#${order.id})`,
  refunded: (order: Order) => `Your refund of ${total(order)} (#${order.id})`,
};

const ADMIN_MOVES = ORDER_STATUSES.flatMap((from) =>
  ORDER_TRANSITIONS[from].admin.map((to) => [from, to] as const),
);

describe('every move an admin may make, and what it does', () => {
  it('covers the status table: 15 moves, none out of Canceled or Refunded, none into Refunded', () => {
    expect(ADMIN_MOVES).toHaveLength(15);
    expect(
      ADMIN_MOVES.filter(([from, to]) => from === 'Canceled' || from === 'Refunded' || to === 'Refunded'),
    ).toEqual([]);
  });

  const QUIET: OrderStatus[] = ['Pending', 'In Progress'];
  for (const [from, to] of ADMIN_MOVES.filter(([, to]) => QUIET.includes(to))) {
    it(`${from} → ${to}: the status and its timeline event, nothing else`, async () => {
      const order = await orderIn(from);
      const done = await effectsOf(order, () => setStatus(order.id, { status: to }));
      expect(done.order).toMatchObject({ status: to, is_paid: true, refunds: [] });
      expect(done.events).toEqual([['status', `Status ${from} → ${to}`, 'admin']]);
      expect(done.mails).toEqual([]);
      expect(done.stockBack).toBe(0);
      expect(await intentStatus(order)).toBe('succeeded');
    });
  }

  for (const [from, to] of ADMIN_MOVES.filter(([, to]) => to === 'Shipped' || to === 'Delivered')) {
    const subject = to === 'Shipped' ? SUBJECTS.shipped : SUBJECTS.delivered;
    it(`${from} → ${to}: the status, and the customer's e-mail about it`, async () => {
      const order = await orderIn(from);
      const done = await effectsOf(order, () => setStatus(order.id, { status: to }));
      expect(done.order).toMatchObject({ status: to, is_paid: true, refunds: [] });
      expect(done.events).toEqual([
        ['status', `Status ${from} → ${to}`, 'admin'],
        emailEvent(subject(order), order),
      ]);
      expect(done.mails).toEqual([subject(order)]);
      expect(done.stockBack).toBe(0);
    });
  }

  for (const [from] of ADMIN_MOVES.filter(([, to]) => to === 'Canceled')) {
    it(`${from} → Canceled: the units back in stock, the money refunded, the customer told`, async () => {
      const order = await orderIn(from);
      const done = await effectsOf(order, () => setStatus(order.id, { status: 'Canceled' }));
      // The refund is sent once the change committed, and the order follows the money.
      expect(done.order).toMatchObject({ status: 'Canceled', is_paid: false, refunded: order.total });
      expect(done.order.refunds).toMatchObject([
        { amount: order.total, reason: 'Canceled by the shop', status: 'succeeded' },
      ]);
      expect(done.events).toEqual([
        ['status', `Status ${from} → Canceled`, 'admin'],
        ['stock', `${UNITS} units back in stock`, 'system'],
        ['refund', `Refund of ${total(order)} requested: Canceled by the shop`, 'admin'],
        emailEvent(SUBJECTS.canceled(order), order),
        ['refund', `Refund of ${total(order)} completed`, 'system'],
        emailEvent(SUBJECTS.refunded(order), order),
      ]);
      expect(done.mails).toEqual([SUBJECTS.canceled(order), SUBJECTS.refunded(order)]);
      const [canceled] = await mailsAbout(order.id, 0).then((mails) =>
        mails.filter((mail) => mail.subject === SUBJECTS.canceled(order)),
      );
      expect(canceled!.text).toContain(`We have canceled order #${order.id}.`);
      expect(done.stockBack).toBe(UNITS);
      expect(await refundsOf(order.id)).toMatchObject([
        { idempotencyKey: `refund-order-${order.id}-1`, status: 'succeeded' },
      ]);
      expect(await intentStatus(order)).toBe('refunded');
    });
  }
});

describe('the customer', () => {
  it('Pending → Canceled: the same effects, in their name, with the refund key they always had', async () => {
    const order = await orderIn('Pending');
    const done = await effectsOf(order, () =>
      f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token }),
    );
    expect(done.order).toMatchObject({ status: 'Canceled', is_paid: false, refunded: order.total });
    expect(done.events).toEqual([
      ['status', 'Status Pending → Canceled', 'customer'],
      ['stock', `${UNITS} units back in stock`, 'system'],
      ['refund', `Refund of ${total(order)} requested: Canceled by the customer`, 'customer'],
      emailEvent(SUBJECTS.canceled(order), order),
      ['refund', `Refund of ${total(order)} completed`, 'system'],
      emailEvent(SUBJECTS.refunded(order), order),
    ]);
    expect(done.mails).toEqual([SUBJECTS.canceled(order), SUBJECTS.refunded(order)]);
    const [canceled] = (await mailsAbout(order.id)).filter(
      (mail) => mail.subject === SUBJECTS.canceled(order),
    );
    expect(canceled!.text).toContain(`As you asked, order #${order.id} has been canceled.`);
    expect(done.stockBack).toBe(UNITS);
    expect(await refundsOf(order.id)).toMatchObject([
      { idempotencyKey: `refund-order-${order.id}`, reason: 'Canceled by the customer', status: 'succeeded' },
    ]);
  });
});

describe('into Refunded: only by a refund of all the money', () => {
  for (const from of ['Pending', 'In Progress', 'Shipped', 'Delivered'] as const) {
    it(`${from} → Refunded: the order follows the money, no longer paid; no stock comes back`, async () => {
      const order = await orderIn(from);
      const done = await effectsOf(order, () =>
        f.call('POST', `/api/orders/${order.id}/refunds`, {
          ...admins(),
          body: { amount: order.total, reason: 'Parcel lost' },
        }),
      );
      expect(done.order).toMatchObject({ status: 'Refunded', is_paid: false, refunded: order.total });
      expect(done.events).toEqual([
        ['refund', `Refund of ${total(order)} requested: Parcel lost`, 'admin'],
        ['refund', `Refund of ${total(order)} completed`, 'system'],
        ['status', `Status ${from} → Refunded`, 'system'],
        emailEvent(SUBJECTS.refunded(order), order),
      ]);
      expect(done.mails).toEqual([SUBJECTS.refunded(order)]);
      expect(done.stockBack).toBe(0);
      expect(await intentStatus(order)).toBe('refunded');
    });
  }
});

describe('the paid flag and the parcel: their own steps, before the status moves', () => {
  it('one change of all three writes the flag, then the parcel, then the status and its effects', async () => {
    const order = await orderIn('In Progress');
    const done = await effectsOf(order, () =>
      setStatus(order.id, {
        status: 'Shipped',
        is_paid: false,
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
      }),
    );
    expect(done.order).toMatchObject({
      status: 'Shipped',
      is_paid: false,
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    expect(done.events).toEqual([
      ['paid', 'Marked not paid', 'admin'],
      ['shipping', 'Parcel: UPS, tracking 1Z999AA10123456784', 'admin'],
      ['status', 'Status In Progress → Shipped', 'admin'],
      emailEvent(SUBJECTS.shipped(order), order),
    ]);
    // The e-mail is written after the parcel: it carries the tracking number.
    const [shipped] = await mailsAbout(order.id);
    expect(shipped!.text).toContain('UPS tracking number: 1Z999AA10123456784.');
    expect(done.stockBack).toBe(0);
  });

  it('without a move: a tracking number given while Shipped is e-mailed, the flag alone is not', async () => {
    const order = await orderIn('Shipped');
    const parcel = await effectsOf(order, () =>
      setStatus(order.id, { carrier: 'Purolator', tracking_number: '123456789012' }),
    );
    expect(parcel.events).toEqual([
      ['shipping', 'Parcel: Purolator, tracking 123456789012', 'admin'],
      emailEvent(SUBJECTS.shipped(order), order),
    ]);
    expect(parcel.mails).toEqual([SUBJECTS.shipped(order)]);
    const flag = await effectsOf(order, () => setStatus(order.id, { is_paid: false }));
    expect(flag.events).toEqual([['paid', 'Marked not paid', 'admin']]);
    expect(flag.mails).toEqual([]);
    expect(flag.order).toMatchObject({ status: 'Shipped', is_paid: false });
  });
});
