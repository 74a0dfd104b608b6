/**
 * The review request e-mail (decision 0063) through the real app and a real SMTP server on
 * loopback: queued when an order reaches Delivered, due a week later, sent once per order even with
 * two instances running the job at once and after a restart, transactional (no unsubscribe, sent
 * without marketing consent), and its link leads to the review form that then accepts the review.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myProductReviewSchema } from '../../../domain/product-review-schemas.js';
import { REVIEW_REQUEST_DELAY_DAYS } from '../../../domain/product-reviews.js';
import { buildApp } from '../../app.js';
import { emailOutbox, jobs, orders, reviewRequests, users } from '../../db/schema.js';
import { checkoutFixtures, type Person } from '../../testing/checkout-fixtures.js';
import { startMailbox, unescapeHtml, type Mailbox } from '../../testing/mailbox.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { reviewRequestJob } from './review-request.js';

const PUBLIC_URL = 'https://shop.northbite.test';
const DAY = 86_400_000;
let mailbox: Mailbox;
let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
let admin: Person;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL, JOBS_POLL_MS: '600000' } });
  admin = await f.person({ isAdmin: true, emailVerified: true });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const jobKey = (orderId: number) => `${reviewRequestJob.type}:${orderId}`;
const jobOf = async (orderId: number) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, jobKey(orderId)))
  )[0];
const makeDue = (orderId: number) =>
  db()
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 60_000) })
    .where(eq(jobs.dedupeKey, jobKey(orderId)));
/** The order's requests in the outbox (every test order ships to the fixtures' one address). */
const requestsOf = (order: { id: number; email: string }) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, order.email), eq(emailOutbox.subject, `How was your order #${order.id}?`)));
const subjectOf = (order: { id: number }) => new RegExp(`^How was your order #${order.id}\\?$`);

async function deliveredOrder(name = 'Jane') {
  const who = await f.person({ emailVerified: true });
  // Never agreed to marketing e-mail: the request is about the order, so it goes anyway.
  await db().update(users).set({ firstName: name, isSubscribedEmail: false }).where(eq(users.id, who.id));
  const product = (await f.catalogue())[0]!;
  const order = await f.buy(who, [{ id: product.id, quantity: 2 }], {
    shipping: { email: who.email, firstName: name },
  });
  const res = await f.call('PATCH', `/api/orders/${order.id}/status`, {
    token: admin.token,
    body: { status: 'Delivered' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { who, order, product };
}

describe('the review request e-mail', () => {
  it('is due a week after delivery, goes once, and its link leads to a review that is accepted', async () => {
    const { who, order, product } = await deliveredOrder();
    const job = await jobOf(order.id);
    expect(job).toBeDefined();
    const delay = job!.runAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(REVIEW_REQUEST_DELAY_DAYS * DAY - 60_000);
    expect(delay).toBeLessThanOrEqual(REVIEW_REQUEST_DELAY_DAYS * DAY);

    // Not before it is due.
    await t.app.jobs.runDue();
    expect(await requestsOf(order)).toEqual([]);

    await makeDue(order.id);
    await t.app.jobs.runDue();
    const mail = await mailbox.waitFor(order.email, subjectOf(order));
    expect(mail.subject).toBe(`How was your order #${order.id}?`);
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Hi Jane,');
    // Transactional: no unsubscribe header or footer, nothing to buy.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(text).not.toMatch(/unsubscribe|discount|offer|shop now/i);

    const link = new URL(/^Review .+: (\S+)$/m.exec(text)![1]!);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.hash).toBe('#write-review');
    expect(unescapeHtml(mail.html)).toContain(`href="${link.href}"`);
    const slug = /^\/products\/([a-z0-9-]+)$/.exec(link.pathname)![1]!;

    // Following it: the page's form asks who may review and sends the review.
    const mine = await f.call('GET', `/api/products/${slug}/reviews/mine`, { token: who.token });
    expect(myProductReviewSchema.parse(mine.json()).eligible).toBe(true);
    const posted = await f.call('POST', `/api/products/${slug}/reviews`, {
      token: who.token,
      body: { rating: 5, title: 'Lovely', text: 'Arrived fresh and tasted great.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(slug).toBe((await f.call('GET', `/api/products/${slug}`)).json<{ slug: string }>().slug);
    expect((await f.call('GET', `/api/products/${slug}`)).json<{ id: number }>().id).toBe(product.id);

    // Delivered again (a correction): the job moves, it does not send a second e-mail.
    for (const status of ['Shipped', 'Delivered']) {
      await f.call('PATCH', `/api/orders/${order.id}/status`, { token: admin.token, body: { status } });
    }
    await makeDue(order.id);
    await t.app.jobs.runDue();
    expect(await requestsOf(order)).toHaveLength(1);
  });

  it('goes once per order with two instances running the job at once, and after a restart', async () => {
    const { order } = await deliveredOrder('Ada');
    const other = await buildApp({
      config: testConfig({ SMTP_URL: mailbox.url, PUBLIC_URL, JOBS_POLL_MS: '600000' }),
      database: t.database,
    });
    await other.ready();
    try {
      await makeDue(order.id);
      await Promise.all([t.app.jobs.runDue(), other.jobs.runDue(), t.app.jobs.runDue()]);
    } finally {
      await other.close();
    }
    // The job run again (an instance that died before marking it done): still one e-mail.
    await db()
      .update(jobs)
      .set({ completedAt: null, lockedAt: null, runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, jobKey(order.id)));
    const restarted = await buildApp({
      config: testConfig({ SMTP_URL: mailbox.url, PUBLIC_URL, JOBS_POLL_MS: '600000' }),
      database: t.database,
    });
    await restarted.ready();
    try {
      await restarted.jobs.runDue();
    } finally {
      await restarted.close();
    }
    await mailbox.waitFor(order.email, subjectOf(order));
    expect(await requestsOf(order)).toHaveLength(1);
    expect(await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, order.id))).toHaveLength(
      1,
    );
    expect(mailbox.to(order.email, subjectOf(order))).toHaveLength(1);
  });

  it('is not sent for an order canceled or refunded before it was due', async () => {
    const { order } = await deliveredOrder();
    await db().update(orders).set({ status: 'Refunded' }).where(eq(orders.id, order.id));
    await makeDue(order.id);
    await t.app.jobs.runDue();
    expect(await requestsOf(order)).toEqual([]);
  });

  it('writes names and titles as text in its HTML', async () => {
    const { order } = await deliveredOrder('<img src=x onerror=alert(1)>');
    await makeDue(order.id);
    await t.app.jobs.runDue();
    const [row] = await requestsOf(order);
    expect(row!.html).not.toContain('<img src=x');
    // The name is not one (domain/email-names.ts): the greeting goes without it.
    expect(row!.text).toContain('Hi,');
  });
});
