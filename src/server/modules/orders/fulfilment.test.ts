/**
 * The owner's day, first part (decision 0023), through the real app: the parcel's carrier and
 * tracking number, the customer's status e-mails (on its way, delivered, canceled, refunded) and
 * the owner's new-order alert, each written once per change, and the order's timeline with who did
 * what.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_NUMBER_MESSAGE, trackingUrl, type OrderEvent } from '../../../domain/fulfilment.js';
import { messages } from '../../../domain/messages.js';
import type { Order } from '../../../domain/orders.js';
import { emailOutbox, jobs, users } from '../../db/schema.js';
import { buildApp } from '../../app.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';

const ALERTS = 'orders@northbite.test';
let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let owner: Person;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_ALERT_EMAIL: ALERTS, PUBLIC_URL: 'https://shop.northbite.test' } });
  admin = await f.person({ isAdmin: true });
  await t.database.db
    .update(users)
    .set({ firstName: 'Rosa', lastName: 'Baker' })
    .where(eq(users.id, admin.id));
  owner = await f.person();
  // Status e-mails are transactional: sent to a customer who said no to marketing e-mail too.
  await t.database.db
    .update(users)
    .set({ isSubscribedEmail: false, isSubscribedPhone: false })
    .where(eq(users.id, owner.id));
  productId = (await f.catalogue())[2]!.id;
});
afterAll(() => t?.close());

const paidOrder = () => f.buy(owner, [{ id: productId, quantity: 1 }]);
const setStatus = (orderId: number, body: unknown, token = admin.token) =>
  f.call('PATCH', `/api/orders/${orderId}/status`, { token, body });
const mailsTo = (to: string, subjectLike: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, subjectLike)));
const timeline = async (orderId: number) =>
  (await f.call('GET', `/api/orders/${orderId}/timeline`, { token: admin.token })).json<OrderEvent[]>();

describe('shipping details and the e-mail that the order is on its way', () => {
  it('saves carrier and tracking with Shipped, answers the tracking link, and e-mails it once', async () => {
    const order = await paidOrder();
    expect(order).toMatchObject({ carrier: null, tracking_number: null, tracking_url: null });
    const res = await setStatus(order.id, {
      status: 'Shipped',
      carrier: 'Canada Post',
      tracking_number: ' 1234 5678 9012 3456 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = trackingUrl('Canada Post', '1234 5678 9012 3456')!;
    expect(url).toBe(
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234%205678%209012%203456',
    );
    expect(res.json<Order>()).toMatchObject({
      status: 'Shipped',
      carrier: 'Canada Post',
      tracking_number: '1234 5678 9012 3456',
      tracking_url: url,
    });
    // The customer sees it on their order.
    const mine = await f.call('GET', `/api/orders/${order.id}`, { token: owner.token });
    expect(mine.json<Order>()).toMatchObject({ tracking_url: url });
    // Saved again (a double click): no second e-mail.
    expect((await setStatus(order.id, { status: 'Shipped', carrier: 'Canada Post' })).statusCode).toBe(200);
    const mails = await mailsTo(order.email, `Your order is on its way (#${order.id})`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(url);
    expect(mails[0]!.text).toContain('Canada Post tracking number: 1234 5678 9012 3456.');
    expect(mails[0]!.html).toContain(url.replace(/&/g, '&amp;'));
    // Sent whatever the marketing consent: this customer said no to marketing e-mail (beforeAll).
    const events = await timeline(order.id);
    expect(events.map((e) => [e.kind, e.summary, e.actor])).toEqual(
      expect.arrayContaining([
        [
          'shipping',
          'Parcel: Canada Post, tracking 1234 5678 9012 3456',
          { kind: 'admin', name: 'Rosa Baker' },
        ],
        ['status', 'Status Pending → Shipped', { kind: 'admin', name: 'Rosa Baker' }],
        [
          'email',
          `E-mail 'Your order is on its way (#${order.id})' to ${order.email}`,
          { kind: 'system', name: null },
        ],
      ]),
    );
  });

  it('sends the tracking number given after the order shipped, once per number', async () => {
    const order = await paidOrder();
    await setStatus(order.id, { status: 'Shipped' });
    const first = await mailsTo(order.email, `Your order is on its way (#${order.id})`);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('It is on its way with our carrier.');
    await setStatus(order.id, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    await setStatus(order.id, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    const all = await mailsTo(order.email, `Your order is on its way (#${order.id})`);
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain('https://www.ups.com/track?loc=en_CA&tracknum=1Z999AA10123456784');
  });

  it('refuses an unknown carrier or a bad tracking number with 400, changing nothing', async () => {
    const order = await paidOrder();
    expectMessage(
      await setStatus(order.id, { carrier: 'Pigeon' }),
      400,
      'carrier must be one of: Canada Post, Purolator, UPS, FedEx, Other.',
    );
    for (const bad of ['<script>', 'ab', 'x'.repeat(41), 12345]) {
      expectMessage(await setStatus(order.id, { tracking_number: bad }), 400, TRACKING_NUMBER_MESSAGE);
    }
    expectMessage(await setStatus(order.id, { carrier: 'UPS' }, owner.token), 403, messages.forbidden);
    const after = await f.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(after.json<Order>()).toMatchObject({ carrier: null, tracking_number: null, status: 'Pending' });
  });
});

describe("status dates (the order page's progress tracker)", () => {
  it('answers when the order last moved into each status, from its timeline, on every read', async () => {
    const order = await paidOrder();
    expect(order.status_dates).toEqual({});
    await setStatus(order.id, { status: 'In Progress' });
    await setStatus(order.id, { status: 'Shipped' });
    // A correction back and forth: the date is the last move in.
    await setStatus(order.id, { status: 'In Progress' });
    await setStatus(order.id, { status: 'Shipped' });
    const events = (await timeline(order.id)).filter((e) => e.kind === 'status');
    const mine = (await f.call('GET', `/api/orders/${order.id}`, { token: owner.token })).json<Order>();
    expect(mine.status_dates).toEqual({ 'In Progress': events[2]!.at, Shipped: events[3]!.at });
    // The customer's list and the admin's list say the same.
    const listed = (await f.call('GET', `/api/users/${owner.id}/orders`, { token: owner.token }))
      .json<Order[]>()
      .find((o) => o.id === order.id);
    expect(listed?.status_dates).toEqual(mine.status_dates);
    const all = (
      await f.call('GET', `/api/orders?q=${encodeURIComponent(order.email)}`, { token: admin.token })
    )
      .json<Order[]>()
      .find((o) => o.id === order.id);
    expect(all?.status_dates).toEqual(mine.status_dates);
    // The customer's cancellation and the refund that makes an order Refunded are dated too.
    const other = await paidOrder();
    const canceled = await f.call('POST', `/api/orders/${other.id}/cancel`, { token: owner.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const [cancelEvent] = (await timeline(other.id)).filter((e) => e.kind === 'status');
    expect(canceled.json<Order>().status_dates).toEqual({ Canceled: cancelEvent!.at });
  });
});

describe('status e-mails and the timeline', () => {
  it('e-mails Delivered once, and the timeline holds each step with who did it, in order', async () => {
    const order = await paidOrder();
    await setStatus(order.id, { status: 'In Progress' });
    await setStatus(order.id, { status: 'Shipped', carrier: 'FedEx', tracking_number: '123456789012' });
    await setStatus(order.id, { status: 'Delivered' });
    await setStatus(order.id, { status: 'Delivered' });
    expect(await mailsTo(order.email, `Your order has been delivered (#${order.id})`)).toHaveLength(1);
    const events = await timeline(order.id);
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      'paid',
      'email',
      'email',
      'status',
      'shipping',
      'status',
      'email',
      'status',
      'email',
    ]);
    expect(events[0]).toMatchObject({
      summary: `Order placed: $${order.total.toFixed(2)}`,
      actor: { kind: 'customer' },
    });
    expect(events[1]!.summary).toBe(`Paid $${order.total.toFixed(2)} by card (test processor)`);
    expect(events.filter((e) => e.kind === 'status').map((e) => e.summary)).toEqual([
      'Status Pending → In Progress',
      'Status In Progress → Shipped',
      'Status Shipped → Delivered',
    ]);
    // Oldest first, with times.
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("the customer's cancel: the cancellation, then the refund with its amount, each e-mailed once", async () => {
    const order = await paidOrder();
    const canceled = await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const cancelMails = await mailsTo(order.email, `Your order has been canceled (#${order.id})`);
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0]!.text).toContain('As you asked');
    const refundMails = await mailsTo(
      order.email,
      `Your refund of $${order.total.toFixed(2)} (#${order.id})`,
    );
    expect(refundMails).toHaveLength(1);
    const events = await timeline(order.id);
    expect(events.filter((e) => e.kind !== 'email').map((e) => [e.summary, e.actor.kind])).toEqual([
      [`Order placed: $${order.total.toFixed(2)}`, 'customer'],
      [`Paid $${order.total.toFixed(2)} by card (test processor)`, 'system'],
      ['Status Pending → Canceled', 'customer'],
      [`Refund of $${order.total.toFixed(2)} requested: Canceled by the customer`, 'customer'],
      [`Refund of $${order.total.toFixed(2)} completed`, 'system'],
    ]);
  });

  it('an admin refund sends one e-mail even when the provider failed and the job ran twice', async () => {
    const order = await paidOrder();
    // The refund is recorded, and its sending at once "fails": left pending for the job.
    const provider = t.app.paymentProvider;
    const refund = provider.refund.bind(provider);
    let failures = 1;
    provider.refund = async (...args) => {
      if (failures-- > 0) throw new Error('provider unavailable (test)');
      return refund(...args);
    };
    try {
      const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
        token: admin.token,
        body: { amount: 2.5, reason: 'A cookie arrived broken' },
      });
      expect(res.json<Order>().refunds).toMatchObject([{ status: 'pending' }]);
      const key = `refund-order-${order.id}-1`;
      await t.database.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.dedupeKey, key));
      await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
      await t.app.jobs.runDue();
    } finally {
      provider.refund = refund;
    }
    expect(await mailsTo(order.email, `Your refund of $2.50 (#${order.id})`)).toHaveLength(1);
    const events = await timeline(order.id);
    expect(events.filter((e) => e.kind === 'refund').map((e) => [e.summary, e.actor])).toEqual([
      ['Refund of $2.50 requested: A cookie arrived broken', { kind: 'admin', name: 'Rosa Baker' }],
      ['Refund of $2.50 completed', { kind: 'system', name: null }],
    ]);
  });

  it('records an address edit by the customer', async () => {
    const order = await paidOrder();
    await f.call('PATCH', `/api/orders/${order.id}`, {
      token: owner.token,
      body: {
        shipping_address: '9 Cambie St',
        shipping_city: 'Vancouver',
        shipping_state: 'British Columbia',
        shipping_postal_code: 'V6B 2E2',
      },
    });
    expect((await timeline(order.id)).at(-1)).toMatchObject({
      kind: 'address',
      summary: 'Address changed to 9 Cambie St, Vancouver V6B 2E2',
      actor: { kind: 'customer', name: null },
    });
  });

  it('answers the timeline to admins only', async () => {
    const order = await paidOrder();
    expectMessage(
      await f.call('GET', `/api/orders/${order.id}/timeline`, { token: owner.token }),
      403,
      messages.forbidden,
    );
    expectMessage(await f.call('GET', `/api/orders/${order.id}/timeline`), 401, messages.signInRequired);
    expectMessage(
      await f.call('GET', '/api/orders/999999/timeline', { token: admin.token }),
      404,
      'Order not found',
    );
  });
});

describe('the new-order alert', () => {
  it('e-mails ORDER_ALERT_EMAIL once per paid order: items, total, address and the dashboard link', async () => {
    const order = await paidOrder();
    // The browser's POST after the confirmation finds the same order: no second alert.
    await f.placeOrder(owner, order.payment_intent_id!);
    const alerts = await mailsTo(ALERTS, `New order #${order.id}:%`);
    expect(alerts).toHaveLength(1);
    const alert = alerts[0]!;
    expect(alert.subject).toBe(
      `New order #${order.id}: $${order.total.toFixed(2)} from ${order.first_name} ${order.last_name}`,
    );
    expect(alert.text).toContain(`1 x ${order.items[0]!.product_name}`);
    expect(alert.text).toContain(order.shipping_address);
    expect(alert.text).toContain(`https://shop.northbite.test/admin/dashboard?tab=orders&order=${order.id}`);
    expect(alert.html).toContain('Open the order');
  });

  it('two instances on one database setting Shipped at once send one e-mail', async () => {
    const other = await buildApp({
      config: testConfig({ PUBLIC_URL: 'https://shop.northbite.test' }),
      database: t.database,
    });
    await other.ready();
    try {
      const order = await paidOrder();
      const body = JSON.stringify({
        status: 'Shipped',
        carrier: 'Purolator',
        tracking_number: '329012345678',
      });
      const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
      const answers = await Promise.all(
        [t.app, other, t.app, other].map((app) =>
          app.inject({ method: 'PATCH', url: `/api/orders/${order.id}/status`, headers, payload: body }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await mailsTo(order.email, `Your order is on its way (#${order.id})`)).toHaveLength(1);
      expect((await timeline(order.id)).filter((e) => e.kind === 'status')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('names in the order e-mails', () => {
  const LURE = { firstName: 'Visit www.evil.example', lastName: 'https://evil.example/refund' };
  const allMailsTo = (to: string) => mailsTo(to, '%');
  const firstLine = (text: string) => text.split(/\r?\n/)[0];

  it('a name carrying a link is left out of every e-mail, the greeting, the address and the alert', async () => {
    const buyer = await f.person({ emailVerified: true });
    const order = await f.buy(buyer, [{ id: productId, quantity: 1 }], {
      shipping: { ...LURE, email: buyer.email },
    });
    expect((await setStatus(order.id, { status: 'Shipped' })).statusCode).toBe(200);
    expect((await setStatus(order.id, { status: 'Delivered' })).statusCode).toBe(200);
    const mails = await allMailsTo(buyer.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Your Northbite order #${order.id}`,
        `Your order is on its way (#${order.id})`,
        `Your order has been delivered (#${order.id})`,
      ].sort(),
    );
    const alerts = await mailsTo(ALERTS, `New order #${order.id}:%`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(`New order #${order.id}: $${order.total.toFixed(2)}`);
    for (const mail of [...mails, ...alerts]) {
      for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(part).not.toContain('evil');
    }
    for (const mail of mails) expect(firstLine(mail.text)).toBe('Hi,');
  });

  it('greets by name only at the confirmed address of the account that ordered', async () => {
    const name = { firstName: 'Jane', lastName: 'Doe' };
    // Confirmed, and the order's address is the account's: by name, and the name on the parcel.
    const confirmed = await f.person({ emailVerified: true });
    const mine = await f.buy(confirmed, [{ id: productId, quantity: 1 }], {
      shipping: { ...name, email: confirmed.email.toUpperCase() },
    });
    const [confirmation] = await mailsTo(mine.email, `Your Northbite order #${mine.id}`);
    expect(firstLine(confirmation!.text)).toBe('Hi Jane,');
    expect(confirmation!.text).toContain('  Jane Doe\n');
    const canceled = await f.call('POST', `/api/orders/${mine.id}/cancel`, { token: confirmed.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const statusMails = [
      ...(await mailsTo(mine.email, `Your order has been canceled (#${mine.id})`)),
      ...(await mailsTo(mine.email, `Your refund of %(#${mine.id})`)),
    ];
    expect(statusMails).toHaveLength(2);
    for (const mail of statusMails) expect(firstLine(mail.text)).toBe('Hi Jane,');

    // Not confirmed yet: whoever registered may not own the address.
    const unconfirmed = await f.person();
    const theirs = await f.buy(unconfirmed, [{ id: productId, quantity: 1 }], {
      shipping: { ...name, email: unconfirmed.email },
    });
    // Confirmed, but the order goes to another address typed at checkout.
    const elsewhere = await f.buy(confirmed, [{ id: productId, quantity: 1 }], {
      shipping: { ...name, email: 'someone.else@example.ca' },
    });
    for (const order of [theirs, elsewhere]) {
      const [mail] = await mailsTo(order.email, `Your Northbite order #${order.id}`);
      expect(firstLine(mail!.text)).toBe('Hi,');
    }
  });
});
