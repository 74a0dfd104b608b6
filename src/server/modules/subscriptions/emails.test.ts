/**
 * The subscription e-mails through a real SMTP server on loopback (decision 0056; docs/product.md,
 * E-mails), on PGlite and on PostgreSQL, with the renewal engine run on a clock of the test's own:
 * a declined renewal at each try, then past due, with the link to the subscription's page read from
 * the message and followed; a renewal that needs the customer to confirm; the reminder 3 days ahead,
 * once per cycle whatever the runners, with its skip and edit links and the price-change notice;
 * products left out, all sold out (once) and the skipped cycle; cancel and pause confirmations.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../../domain/money.js';
import type { Order } from '../../../domain/orders.js';
import { checkoutTotals } from '../../../domain/pricing.js';
import type { ApiSubscription } from '../../../domain/subscription-schemas.js';
import { emailOutbox, products, subscriptions } from '../../db/schema.js';
import { TEST_CARDS } from '../payments/test-processor.js';
import { checkoutFixtures, shippingInfo, testCard, type Person } from '../../testing/checkout-fixtures.js';
import { startMailbox, unescapeHtml, type Mailbox, type ReceivedMail } from '../../testing/mailbox.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const PUBLIC_URL = 'https://shop.northbite.test';
const DAY = 86_400_000;
const DECLINED = /^Your Northbite subscription payment was declined$/;
const PAST_DUE = /^Your Northbite subscription is past due: please update your card$/;
const CONFIRM = /^Please confirm your Northbite subscription payment$/;
const REMINDER = /^Your next Northbite delivery is on /;
const LEFT_OUT = /^Sold out: not in this Northbite delivery$/;
const WAITING = /^Your Northbite delivery is waiting: everything is sold out$/;
const SKIPPED = /^We skipped this Northbite delivery: everything stayed sold out$/;

let mailbox: Mailbox;
let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  // The job poller stays out of the way: each commit wakes delivery, and the tests flush it.
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL, JOBS_POLL_MS: '600000' } });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** A Vancouver day as a reader reads it, written here apart from the shop's code. */
const vancouverDay = (instant: Date) =>
  instant.toLocaleDateString('en-CA', {
    timeZone: 'America/Vancouver',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });

/** A product of the test's own at $10.00 with a subscribe-and-save percentage. */
async function product(percent = 10, stock: number | null = null, name?: string) {
  const row = await f.stocked(stock, name);
  await db().update(products).set({ subscribeSavePercent: percent }).where(eq(products.id, row.id));
  return { ...row, subscribeSavePercent: percent };
}

/** Pays a cart of subscription lines (every 4 weeks) with a test card; answers the first order. */
async function subscribe(who: Person, items: { id: number; quantity: number }[], card: string) {
  const rows = await db().select().from(products);
  const subtotal = items.reduce((sum, item) => {
    const p = rows.find((r) => r.id === item.id)!;
    return sum + Math.round((p.priceCents * (100 - p.subscribeSavePercent)) / 100) * item.quantity;
  }, 0);
  const expected = checkoutTotals([{ priceCents: subtotal, quantity: 1 }], {
    city: 'Vancouver',
    postalCode: String(shippingInfo().postalCode),
  });
  const intent = await f.call('POST', '/api/payments/create-payment-intent', {
    token: who.token,
    body: {
      amount: expected.totalCents,
      shippingInfo: shippingInfo({ email: who.email }),
      items: items.map((item) => ({ ...item, subscription: { interval_weeks: 4 } })),
      subscription_terms_accepted: true,
    },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await f.call('POST', '/api/payments/test/confirm', {
    token: who.token,
    body: { client_secret: intent.json().client_secret, card: testCard(card) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const res = await f.call('GET', '/api/subscriptions', { token: who.token });
  const [sub] = res.json<ApiSubscription[]>();
  return { order: confirmed.json<{ order: Order }>().order, sub: sub! };
}

const nextOrderAt = async (id: number) =>
  (
    await db().select({ at: subscriptions.nextOrderAt }).from(subscriptions).where(eq(subscriptions.id, id))
  )[0]!.at;

/** Every e-mail written to an address with a subject like this one, sent or not. */
const written = async (address: string, subject: RegExp) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.to, address))).filter((row) =>
    subject.test(row.subject),
  );

/** Delivers what is left in the outbox, so that a count of received messages is final. */
async function flush() {
  await t.app.jobs.runDue();
  const left = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending')));
  expect(left).toEqual([]);
}

/** The message's plain text with its lines ended by \n (SMTP ends them with \r\n). */
const textOf = (mail: ReceivedMail) => mail.text.replace(/\r\n/g, '\n');

/**
 * The one link to the subscription's page in a message, the same in its text and HTML parts, with
 * nothing that signs in (no token, no query).
 */
function pageLink(mail: ReceivedMail, label: string): URL {
  const inText = new RegExp(`^${label}: (\\S+)$`, 'm').exec(textOf(mail))?.[1];
  expect(inText, mail.text).toBeDefined();
  const link = new URL(inText!);
  const html = unescapeHtml(mail.html);
  expect(html).toContain(`<a href="${link.href}"`);
  expect(html).toMatch(new RegExp(`>${label}</a>`));
  expect(link.origin).toBe(PUBLIC_URL);
  expect(link.search).toBe('');
  expect(mail.raw).not.toMatch(/token=/i);
  return link;
}

/** Opens the linked page's subscription as the page does: only signed in, only for its owner. */
async function follow(link: URL, owner: Person) {
  const id = /^\/subscriptions\/(\d+)$/.exec(link.pathname)?.[1];
  expect(id, link.pathname).toBeDefined();
  expect((await f.call('GET', `/api/subscriptions/${id}`)).statusCode).toBe(401);
  const stranger = await f.person();
  expect((await f.call('GET', `/api/subscriptions/${id}`, { token: stranger.token })).statusCode).toBe(404);
  const res = await f.call('GET', `/api/subscriptions/${id}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiSubscription>();
}

describe('a renewal that fails', () => {
  it('a card declined later: an e-mail at each try with the next date, then past due, linking to the page', async () => {
    // Not confirmed: the e-mail does not name the account.
    const who = await f.person();
    const p = await product(10);
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 2 }], TEST_CARDS.declinesLater);
    const due = new Date(sub.next_order_at!);

    await t.app.renewals.runDue(due);
    const retryAt = await nextOrderAt(sub.id);
    const first = await mailbox.waitFor(who.email, DECLINED);
    expect(textOf(first)).toMatch(/^Hi,$/m);
    expect(textOf(first)).not.toContain('Test');
    expect(textOf(first)).toContain('Visa ending in 0341');
    expect(textOf(first)).toContain('Nothing was charged and no order was placed.');
    expect(textOf(first)).toContain(`We will try again on ${vancouverDay(retryAt)}.`);
    expect(vancouverDay(retryAt)).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    const link = pageLink(first, 'Update your card');
    expect(link.href).toBe(`${PUBLIC_URL}/subscriptions/${sub.id}`);
    expect(await follow(link, who)).toMatchObject({ id: sub.id, status: 'active', failed_attempts: 1 });

    // The three retries: two more declines with their dates, then the last, which makes it past due.
    let at = retryAt;
    for (let i = 0; i < 3; i++) {
      await t.app.renewals.runDue(at);
      at = await nextOrderAt(sub.id);
    }
    const past = await mailbox.waitFor(who.email, PAST_DUE);
    expect(textOf(past)).toContain('That was our last try, so your subscription is now past due');
    expect(textOf(past)).not.toContain('We will try again');
    expect(await follow(pageLink(past, 'Update your card'), who)).toMatchObject({ status: 'past_due' });
    await flush();
    expect(mailbox.to(who.email, DECLINED)).toHaveLength(3);
    expect(mailbox.to(who.email, PAST_DUE)).toHaveLength(1);
    // Past due: the next pass writes nothing.
    await t.app.renewals.runDue(new Date(at.getTime() + 2 * DAY));
    expect(await written(who.email, /subscription/)).toHaveLength(4);
  });

  it('a card that needs the customer: "Confirm your payment", to the page', async () => {
    const who = await f.person({ emailVerified: true });
    const p = await product();
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 1 }], TEST_CARDS.authenticateEachTime);
    await t.app.renewals.runDue(new Date(sub.next_order_at!));
    const mail = await mailbox.waitFor(who.email, CONFIRM);
    expect(textOf(mail)).toMatch(/^Hi Test,$/m);
    expect(textOf(mail)).toContain('Your bank asks you to confirm the payment of');
    expect(textOf(mail)).toContain(`We will try again on ${vancouverDay(await nextOrderAt(sub.id))}.`);
    expect(pageLink(mail, 'Confirm your payment').pathname).toBe(`/subscriptions/${sub.id}`);
  });
});

describe('the reminder before each renewal', () => {
  it('arrives once 3 days ahead, however often and however many runners run, then once the next cycle', async () => {
    const who = await f.person({ emailVerified: true });
    const p = await product(10);
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 2 }], TEST_CARDS.success);
    const due = new Date(sub.next_order_at!);

    // Four days ahead: too early.
    await t.app.renewals.runDue(new Date(due.getTime() - 4 * DAY));
    expect(await written(who.email, REMINDER)).toEqual([]);

    // Three days ahead: two runners at once, then one twice, then again the next day.
    const threeDays = new Date(due.getTime() - 3 * DAY);
    await Promise.all([t.app.renewals.runDue(threeDays), t.app.renewals.runDue(threeDays)]);
    await t.app.renewals.runDue(new Date(threeDays.getTime() + 60_000));
    await t.app.renewals.runDue(new Date(threeDays.getTime() + 60_000));
    await t.app.renewals.runDue(new Date(due.getTime() - DAY));
    const mail = await mailbox.waitFor(who.email, REMINDER);
    await flush();
    expect(mailbox.to(who.email, REMINDER)).toHaveLength(1);
    expect(await written(who.email, REMINDER)).toHaveLength(1);

    expect(mail.subject).toBe(`Your next Northbite delivery is on ${vancouverDay(due)}`);
    expect(textOf(mail)).toMatch(/^Hi Test,$/m);
    // Two at $9.00 (10% off $10.00), and the total the renewal will charge.
    const totals = checkoutTotals([{ priceCents: 900, quantity: 2 }], {
      city: 'Vancouver',
      postalCode: String(shippingInfo().postalCode),
    });
    expect(textOf(mail)).toContain(`2 x ${p.name}  $18.00`);
    expect(textOf(mail)).toContain(`Total: ${formatPrice(totals.totalCents)} CAD`);
    expect(textOf(mail)).toContain(`charge ${formatPrice(totals.totalCents)} to your Visa ending in 4242`);
    // Same prices as the first order: no notice.
    expect(textOf(mail)).not.toContain('has changed');
    const skip = pageLink(mail, 'Skip this delivery');
    const edit = pageLink(mail, 'Edit subscription');
    expect(skip.href).toBe(`${PUBLIC_URL}/subscriptions/${sub.id}`);
    expect(edit.href).toBe(skip.href);
    expect(await follow(skip, who)).toMatchObject({ id: sub.id, next_order_at: due.toISOString() });

    // The renewal completes the cycle: the next one is reminded once, 3 days before its date.
    await t.app.renewals.runDue(due);
    const next = await nextOrderAt(sub.id);
    expect(next.getTime()).toBeGreaterThan(due.getTime());
    await t.app.renewals.runDue(new Date(next.getTime() - 3 * DAY));
    await t.app.renewals.runDue(new Date(next.getTime() - 2 * DAY));
    const second = await mailbox.waitFor(who.email, REMINDER, { count: 2 });
    await flush();
    expect(mailbox.to(who.email, REMINDER)).toHaveLength(2);
    expect(second.subject).toBe(`Your next Northbite delivery is on ${vancouverDay(next)}`);
  });

  it('says so when the price of the next delivery differs from the last order', async () => {
    const who = await f.person({ emailVerified: true });
    const p = await product(10);
    const { order, sub } = await subscribe(who, [{ id: p.id, quantity: 2 }], TEST_CARDS.success);
    // $10.00 becomes $12.00: $10.80 a unit with 10% off.
    await db().update(products).set({ priceCents: 1200 }).where(eq(products.id, p.id));
    const due = new Date(sub.next_order_at!);
    await t.app.renewals.runDue(new Date(due.getTime() - 3 * DAY));
    const mail = await mailbox.waitFor(who.email, REMINDER);
    const now = checkoutTotals([{ priceCents: 1080, quantity: 2 }], {
      city: 'Vancouver',
      postalCode: String(shippingInfo().postalCode),
    });
    const was = formatPrice(Math.round(order.total * 100));
    expect(was).not.toBe(formatPrice(now.totalCents));
    expect(textOf(mail)).toContain(
      `The price of your next delivery has changed from ${was} to ${formatPrice(now.totalCents)}.`,
    );
    expect(unescapeHtml(mail.html)).toContain(
      `The price of your next delivery has changed from ${was} to ${formatPrice(now.totalCents)}.`,
    );
    expect(textOf(mail)).toContain(`2 x ${p.name}  $21.60`);
    pageLink(mail, 'Skip this delivery');
    pageLink(mail, 'Edit subscription');
  });

  it('skipping a reminded delivery reminds the next one', async () => {
    const who = await f.person();
    const p = await product();
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 1 }], TEST_CARDS.success);
    const due = new Date(sub.next_order_at!);
    await t.app.renewals.runDue(new Date(due.getTime() - 3 * DAY));
    await mailbox.waitFor(who.email, REMINDER);
    const skipped = await f.call('POST', `/api/subscriptions/${sub.id}/skip`, { token: who.token });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const next = new Date(skipped.json<ApiSubscription>().next_order_at!);
    await t.app.renewals.runDue(new Date(next.getTime() - 3 * DAY));
    const second = await mailbox.waitFor(who.email, REMINDER, { count: 2 });
    expect(second.subject).toBe(`Your next Northbite delivery is on ${vancouverDay(next)}`);
  });
});

describe('sold out', () => {
  it('names the products left out, once, even when the card is declined and retried', async () => {
    const who = await f.person();
    const a = await product(0, 10, 'Oat Crisps');
    const b = await product(0, 10, 'Maple Bites');
    const { sub } = await subscribe(
      who,
      [
        { id: a.id, quantity: 1 },
        { id: b.id, quantity: 1 },
      ],
      TEST_CARDS.declinesLater,
    );
    await db().update(products).set({ stock: 0 }).where(eq(products.id, b.id));
    await t.app.renewals.runDue(new Date(sub.next_order_at!));
    const mail = await mailbox.waitFor(who.email, LEFT_OUT);
    expect(textOf(mail)).toContain(`${b.name} is sold out, so it is left out of this delivery`);
    expect(textOf(mail)).not.toContain(a.name);
    expect(pageLink(mail, 'See your subscription').pathname).toBe(`/subscriptions/${sub.id}`);
    // The retry after the decline leaves out the same product: nothing new to tell.
    await t.app.renewals.runDue(await nextOrderAt(sub.id));
    await mailbox.waitFor(who.email, DECLINED, { count: 2 });
    await flush();
    expect(mailbox.to(who.email, LEFT_OUT)).toHaveLength(1);
  });

  it('waits with one e-mail when everything is sold out, and tells when the cycle is skipped', async () => {
    const who = await f.person();
    const p = await product(0, 10);
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 1 }], TEST_CARDS.success);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, p.id));
    const due = new Date(sub.next_order_at!);
    await t.app.renewals.runDue(due);
    const waiting = await mailbox.waitFor(who.email, WAITING);
    expect(textOf(waiting)).toContain('we have not sent this delivery or charged you');
    const ifSkipped = new Date(due.getTime() + 28 * DAY);
    expect(textOf(waiting)).toContain(`your next one comes on ${vancouverDay(ifSkipped)}`);
    // Each morning of the wait: no new e-mail, until the seventh day, which skips the cycle (the
    // eighth when a clock change made the wait an hour short).
    for (let day = 1; day <= 8 && (await written(who.email, SKIPPED)).length === 0; day++) {
      await t.app.renewals.runDue(await nextOrderAt(sub.id));
    }
    const skipped = await mailbox.waitFor(who.email, SKIPPED);
    const next = await nextOrderAt(sub.id);
    expect(vancouverDay(next)).toBe(vancouverDay(ifSkipped));
    expect(textOf(skipped)).toContain(`Your next delivery is on ${vancouverDay(next)}.`);
    expect(textOf(skipped)).toContain('Nothing was charged.');
    await flush();
    expect(mailbox.to(who.email, WAITING)).toHaveLength(1);
    expect(mailbox.to(who.email, SKIPPED)).toHaveLength(1);
  });
});

describe('the confirmations', () => {
  it('of a pause until a day, and of a cancel', async () => {
    const who = await f.person({ emailVerified: true });
    const p = await product();
    const { sub } = await subscribe(who, [{ id: p.id, quantity: 1 }], TEST_CARDS.success);
    const until = new Date(Date.parse(sub.next_order_at!) + 20 * DAY).toISOString().slice(0, 10);
    const paused = await f.call('POST', `/api/subscriptions/${sub.id}/pause`, {
      token: who.token,
      body: { until },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const pausedMail = await mailbox.waitFor(who.email, /^Your Northbite subscription is paused$/);
    const resumesOn = vancouverDay(new Date(paused.json<ApiSubscription>().next_order_at!));
    expect(textOf(pausedMail)).toContain(`paused until ${resumesOn}`);
    expect(textOf(pausedMail)).toContain('and your next delivery is that day.');
    pageLink(pausedMail, 'Resume or change your subscription');

    const cancelled = await f.call('POST', `/api/subscriptions/${sub.id}/cancel`, {
      token: who.token,
      body: { reason: 'Too many cookies' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await mailbox.waitFor(who.email, /^Your Northbite subscription is cancelled$/);
    expect(textOf(mail)).toMatch(/^Hi Test,$/m);
    expect(textOf(mail)).toContain('As you asked, we have cancelled your subscription');
    expect(pageLink(mail, 'See your subscription').pathname).toBe(`/subscriptions/${sub.id}`);
    // A refused change writes nothing.
    const again = await f.call('POST', `/api/subscriptions/${sub.id}/cancel`, { token: who.token });
    expect(again.statusCode).toBe(409);
    expect(await written(who.email, /cancelled/)).toHaveLength(1);
  });
});
