/**
 * Abandoned-cart recovery through the real app (decision 0016): capture at checkout (one open
 * record per signed-in shopper, repriced from the catalogue), the one reminder e-mail sent by a
 * durable job, and the single-use restore link that answers the cart and a new session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abandonedCartMessages, SKIP_CAPTURE_AFTER_ORDER_MS } from '../../../domain/abandoned-cart.js';
import { buildApp } from '../../app.js';
import { messages } from '../../../domain/messages.js';
import type { Database } from '../../db/client.js';
import {
  abandonedCarts,
  emailOutbox,
  jobs,
  marketingConsents,
  orders,
  sessions,
  users,
} from '../../db/schema.js';
import { seedDemoCatalogue } from '../../db/seed/index.js';
import { createDatabaseImageStore } from '../images/database-store.js';
import {
  checkoutFixtures,
  expectMessage,
  freshIp,
  type CatalogueProduct,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { startMailbox, unescapeHtml, type Mailbox } from '../../testing/mailbox.js';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../../testing/test-app.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { createSessionStore } from '../users/sessions.js';
import { revokeRestoreLinks } from './records.js';
import { REMINDER_JOB } from './service.js';

const SUBJECT = 'You left something in your Northbite cart';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const LINK = /http:\/\/localhost:3000\/cart\?restoreCart=true&token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const USER_KEYS = [
  'id',
  'email',
  'emailVerified',
  'pendingEmail',
  'hasPassword',
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'isAdmin',
  'isSubscribedEmail',
  'isSubscribedPhone',
  'createdAt',
];
const CART_ITEM_KEYS = [
  'id',
  'name',
  'price',
  'quantity',
  'totalPrice',
  'sku',
  'image_url',
  'size',
  'slug',
  'category',
];
const NO_PRODUCTS = 'None of these products can be ordered any more.';
const MINUTE = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');
const sorted = (keys: string[]) => [...keys].sort();

/**
 * A signed-in account that agreed to marketing e-mail: its flag (on by default) and its consent
 * record, which the outbox checks before writing the reminder (decision 0044).
 */
const consenting =
  (fixtures: ReturnType<typeof checkoutFixtures>, database: () => Database) =>
  async (values?: Parameters<ReturnType<typeof checkoutFixtures>['person']>[0]): Promise<Person> => {
    const who = await fixtures.person(values);
    await database()
      .insert(marketingConsents)
      .values({ email: who.email.toLowerCase(), channel: 'email', granted: true, userId: who.id })
      .onConflictDoNothing();
    return who;
  };

let t: TestApp;
const f = checkoutFixtures(() => t);
const person = consenting(f, () => t.database.db);
let catalogue: CatalogueProduct[];
let first: CatalogueProduct;
let second: CatalogueProduct;

beforeAll(async () => {
  // The poller stays out of the way: the tests run due jobs themselves.
  t = await createTestApp({ env: { JOBS_POLL_MS: '600000' } });
  catalogue = await f.catalogue();
  first = catalogue[0]!;
  second = catalogue[1]!;
});
afterAll(() => t?.close());

const db = () => t.database.db;

/** POST /api/abandoned-cart as `who`, with their own e-mail unless the body says otherwise. */
const capture = (
  who: Person,
  body: Record<string, unknown> = {},
  items: unknown = [{ id: first.id, quantity: 2 }],
) =>
  f.call('POST', '/api/abandoned-cart', {
    token: who.token,
    body: { email: who.email, cartItems: items, total: 12.34, ...body },
  });

/** Captures and returns the handle, expecting 200. */
async function captured(who: Person, items?: unknown): Promise<string> {
  const res = await capture(who, {}, items);
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.json() as { token: string };
  expect(token).toMatch(TOKEN);
  return token;
}

const rowsOf = (userId: number) =>
  db().select().from(abandonedCarts).where(eq(abandonedCarts.userId, userId));
const openRowOf = async (userId: number) =>
  (
    await db()
      .select()
      .from(abandonedCarts)
      .where(and(eq(abandonedCarts.userId, userId), eq(abandonedCarts.status, 'open')))
  )[0];

const jobKey = (cartId: number) => `${REMINDER_JOB}:${cartId}`;
const jobOf = async (cartId: number) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, jobKey(cartId)))
  )[0];

/** Makes the reminder of `cartId` due now (it is written 240 minutes ahead). */
const makeDue = (cartId: number) =>
  db()
    .update(jobs)
    .set({ runAt: new Date(Date.now() - MINUTE) })
    .where(eq(jobs.dedupeKey, jobKey(cartId)));

const remindersTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, SUBJECT)));

const tokenOf = (text: string) => {
  const match = LINK.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
};

/** Captures a cart for `who`, makes its reminder due, runs the jobs; returns the restore token. */
async function remind(who: Person, items?: unknown): Promise<{ token: string; cartId: number }> {
  await captured(who, items);
  const row = await openRowOf(who.id);
  await makeDue(row!.id);
  await t.app.jobs.runDue();
  const emails = await remindersTo(who.email);
  expect(emails).toHaveLength(1);
  return { token: tokenOf(emails[0]!.text), cartId: row!.id };
}

const restore = (token: string, ip?: string) =>
  f.call('GET', `/api/abandoned-cart?token=${encodeURIComponent(token)}`, ip ? { ip } : {});
const forget = (token: string) => f.call('DELETE', `/api/abandoned-cart?token=${encodeURIComponent(token)}`);

// ---------------------------------------------------------------------------------------------

describe('POST /api/abandoned-cart (capture)', () => {
  it('refuses anonymous callers with 401', async () => {
    const res = await f.call('POST', '/api/abandoned-cart', {
      body: { email: 'nobody@example.ca', cartItems: [{ id: first.id, quantity: 1 }] },
    });
    expectMessage(res, 401);
  });

  it('refuses an unknown or malformed bearer token with 401', async () => {
    for (const token of [randomToken(), 'not-a-token', 'x'.repeat(300)]) {
      const res = await f.call('POST', '/api/abandoned-cart', {
        token,
        body: { email: 'nobody@example.ca', cartItems: [{ id: first.id, quantity: 1 }] },
      });
      expectMessage(res, 401);
    }
  });

  it("refuses with 403 a cart saved under another user's or any other e-mail", async () => {
    const who = await person();
    const other = await person();
    for (const email of [other.email, 'someone.else@example.ca']) {
      expectMessage(await capture(who, { email }), 403, abandonedCartMessages.notYours);
    }
    expect(await rowsOf(who.id)).toHaveLength(0);
    expect(await rowsOf(other.id)).toHaveLength(0);
  });

  it("accepts the caller's e-mail whatever its case", async () => {
    const who = await person();
    const res = await capture(who, { email: who.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf(who.id))[0]?.email).toBe(who.email);
  });

  it('saves an open record bound to the caller, with only ids and quantities, priced by the catalogue', async () => {
    const who = await person();
    const res = await capture(who, { total: 0.01 }, [
      { id: first.id, quantity: 2, name: 'Free snacks', price: 0, totalPrice: 0, image_url: 'x' },
      { id: second.id, quantity: 1, price: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json() as object)).toEqual(['token']);
    expect((res.json() as { token: string }).token).toMatch(TOKEN);
    expect(res.headers['cache-control']).toBe('no-store');

    const rows = await rowsOf(who.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ userId: who.id, email: who.email, status: 'open' });
    expect(row.cartItems).toEqual([
      { id: first.id, quantity: 2 },
      { id: second.id, quantity: 1 },
    ]);
    expect(row.totalCents).toBe(first.priceCents * 2 + second.priceCents);
    expect(row.totalCents).not.toBe(1);
    expect(row.tokenHash).toBeNull();
    expect(row.reminderSentAt).toBeNull();
  });

  it('keeps one open record per user and one reminder job, moved later by each capture', async () => {
    const who = await person();
    await captured(who, [{ id: first.id, quantity: 1 }]);
    const [before] = await rowsOf(who.id);
    const jobBefore = (await jobOf(before!.id))!;
    expect(jobBefore).toMatchObject({ type: REMINDER_JOB, payload: { cartId: before!.id }, attempts: 0 });
    expect(jobBefore.completedAt).toBeNull();
    // The default delay is 240 minutes.
    expect(jobBefore.runAt.getTime()).toBeGreaterThan(Date.now() + 239 * MINUTE);
    expect(jobBefore.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 240 * MINUTE);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await captured(who, [
      { id: second.id, quantity: 3 },
      { id: first.id, quantity: 1 },
    ]);
    const after = await rowsOf(who.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.status).toBe('open');
    expect(after[0]!.cartItems).toEqual([
      { id: second.id, quantity: 3 },
      { id: first.id, quantity: 1 },
    ]);
    expect(after[0]!.totalCents).toBe(second.priceCents * 3 + first.priceCents);

    const reminderJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, REMINDER_JOB), sql`(${jobs.payload}->>'cartId')::int = ${before!.id}`));
    expect(reminderJobs).toHaveLength(1);
    expect(reminderJobs[0]!.dedupeKey).toBe(jobKey(before!.id));
    expect(reminderJobs[0]!.runAt.getTime()).toBeGreaterThan(jobBefore.runAt.getTime());
  });

  it.each([
    ['an empty cart', { cartItems: [] }, 'Your cart is empty'],
    ['a quantity of 0', { cartItems: [{ id: 1, quantity: 0 }] }, 'Quantities start at 1.'],
    [
      'a quantity that is a string',
      { cartItems: [{ id: 1, quantity: 'two' }] },
      'Each item needs a quantity.',
    ],
    ['an id that is a string', { cartItems: [{ id: 'one', quantity: 1 }] }, 'Each item needs a product id.'],
    ['cartItems that are not a list', { cartItems: 'lots' }, 'items must be a list of { id, quantity }.'],
    ['a total that is a string', { total: 'ten' }, 'total must be a number.'],
    ['an e-mail that is a number', { email: 42 }, 'email is required.'],
    ['no e-mail', { email: undefined }, 'email is required.'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const who = await person();
    const res = await f.call('POST', '/api/abandoned-cart', {
      token: who.token,
      body: { email: who.email, cartItems: [{ id: first.id, quantity: 1 }], ...body },
    });
    expectMessage(res, 400, message);
    expect(await rowsOf(who.id)).toHaveLength(0);
  });

  it('drops products the catalogue does not have, and refuses a cart of only those with 400', async () => {
    const who = await person();
    await captured(who, [
      { id: 999_999, quantity: 4 },
      { id: first.id, quantity: 1 },
    ]);
    const [row] = await rowsOf(who.id);
    expect(row!.cartItems).toEqual([{ id: first.id, quantity: 1 }]);
    expect(row!.totalCents).toBe(first.priceCents);

    const nobody = await person();
    expectMessage(await capture(nobody, {}, [{ id: 999_999, quantity: 1 }]), 400, NO_PRODUCTS);
    expect(await rowsOf(nobody.id)).toHaveLength(0);
  });

  it('skips administrators: 200 without a token, and nothing saved', async () => {
    const admin = await person({ isAdmin: true });
    const res = await capture(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ token: null, skipped: 'administrator' });
    expect(await rowsOf(admin.id)).toHaveLength(0);
  });

  it('skips a shopper who ordered in the last 15 minutes, and captures again after that', async () => {
    const who = await person();
    const order = await f.buy(who, [{ id: first.id, quantity: 1 }]);
    const res = await capture(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ token: null, skipped: 'recent-order' });
    expect(await rowsOf(who.id)).toHaveLength(0);

    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - SKIP_CAPTURE_AFTER_ORDER_MS - MINUTE) })
      .where(eq(orders.id, order.id));
    await captured(who);
    expect(await rowsOf(who.id)).toHaveLength(1);
  });

  it('answers a handle that never restores the cart', async () => {
    const who = await person();
    const handle = await captured(who);
    expectMessage(await restore(handle), 404, abandonedCartMessages.linkInvalid);
    // Not even once the reminder (with its own token) went out.
    const row = await openRowOf(who.id);
    await makeDue(row!.id);
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(1);
    expectMessage(await restore(handle), 404, abandonedCartMessages.linkInvalid);
    expect((await openRowOf(who.id))?.status).toBe('open');
  });
});

// ---------------------------------------------------------------------------------------------

describe('the reminder job', () => {
  it('sends one e-mail with the cart and a restore link once it is due', async () => {
    const who = await person();
    await captured(who, [
      { id: first.id, quantity: 2 },
      { id: second.id, quantity: 1 },
    ]);
    const row = (await openRowOf(who.id))!;
    // Not due yet: nothing happens.
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(0);

    await makeDue(row.id);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const emails = await remindersTo(who.email);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.status).toBe('stored');
    expect(email.text).toContain(first.name);
    expect(email.text).toContain(second.name);
    const token = tokenOf(email.text);
    expect(token).toMatch(TOKEN);
    expect(email.html).toContain(`token=${token}`);

    const job = (await jobOf(row.id))!;
    expect(job.completedAt).not.toBeNull();
    expect(job.attempts).toBe(1);
    const after = (await openRowOf(who.id))!;
    expect(after.reminderSentAt).not.toBeNull();
    expect(after.tokenHash).toBe(sha256(token));
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 47 * 60 * MINUTE);
    expect(after.tokenExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 48 * 60 * MINUTE);

    // Running again, or again after a crash before the job was marked done, sends nothing more.
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(1);
    await db()
      .update(jobs)
      .set({ completedAt: null, lockedAt: null, lockedBy: null, runAt: new Date(Date.now() - MINUTE) })
      .where(eq(jobs.id, job.id));
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(1);
    expect((await jobOf(row.id))!.completedAt).not.toBeNull();
    expect((await openRowOf(who.id))!.tokenHash).toBe(sha256(token));
  });

  it('is parked when the saved cart’s items cannot be read, and the next shopper’s reminder still goes out', async () => {
    const who = await person();
    const next = await person();
    await captured(who);
    await captured(next);
    const row = (await openRowOf(who.id))!;
    const nextRow = (await openRowOf(next.id))!;
    // As another build, or a hand, might have left them (decision 0047).
    await db()
      .update(abandonedCarts)
      .set({ cartItems: [{ id: String(first.id), qty: 2 }] })
      .where(eq(abandonedCarts.id, row.id));
    await makeDue(row.id);
    await makeDue(nextRow.id);
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(0);
    expect(await remindersTo(next.email)).toHaveLength(1);
    const job = (await jobOf(row.id))!;
    // Out of attempts at once, with the reason: never tried again.
    expect(job).toMatchObject({ completedAt: null, lockedBy: null, attempts: job.maxAttempts });
    expect(job.lastError).toBe(
      `cannot read the items of abandoned cart ${row.id}: [0].id: Invalid input: expected number, received string; ` +
        '[0].quantity: Invalid input: expected number, received undefined',
    );
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - MINUTE) })
      .where(eq(jobs.id, job.id));
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(0);
    expect((await jobOf(row.id))!.lastError).toBe(job.lastError);
    expect((await openRowOf(who.id))!.reminderSentAt).toBeNull();
  });

  it('does not save again, nor remind again, the cart its link restored (the link leads to /checkout)', async () => {
    const who = await person();
    const { token } = await remind(who, [{ id: first.id, quantity: 2 }]);
    const res = await restore(token);
    expect(res.statusCode, res.body).toBe(200);
    const restoredSession = (res.json() as { authToken: string }).authToken;
    const again = await capture({ ...who, token: restoredSession });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ token: null, skipped: 'restored' });
    expect(await openRowOf(who.id)).toBeUndefined();
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(1);
    // Once the link's lifetime has passed, a new visit to checkout is a new saved cart.
    await db()
      .update(abandonedCarts)
      .set({ restoredAt: new Date(Date.now() - 49 * 60 * MINUTE) })
      .where(eq(abandonedCarts.userId, who.id));
    expect((await capture(who)).json()).toEqual({ token: expect.stringMatching(TOKEN) });
  });

  it('starts a new saved cart when the shopper comes back after the reminder, and voids the old link', async () => {
    const who = await person();
    const { token, cartId } = await remind(who, [{ id: first.id, quantity: 1 }]);
    await captured(who, [{ id: second.id, quantity: 3 }]);
    const fresh = (await openRowOf(who.id))!;
    expect(fresh.id).not.toBe(cartId);
    expect(fresh.reminderSentAt).toBeNull();
    expect(fresh.cartItems).toEqual([{ id: second.id, quantity: 3 }]);
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
    // Its own reminder, in due time.
    expect((await jobOf(fresh.id))!.completedAt).toBeNull();
    await makeDue(fresh.id);
    await t.app.jobs.runDue();
    const emails = await remindersTo(who.email);
    expect(emails).toHaveLength(2);
    const second_ = tokenOf(emails.at(-1)!.text);
    const res = await restore(second_);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { cart: { items: { id: number; quantity: number }[] } }).cart.items).toMatchObject([
      { id: second.id, quantity: 3 },
    ]);
  });

  it('is not sent when the shopper ordered after saving the cart, whose record the order removes', async () => {
    const who = await person();
    await captured(who);
    const row = (await openRowOf(who.id))!;
    await f.buy(who, [{ id: first.id, quantity: 2 }]);
    expect(await rowsOf(who.id)).toHaveLength(0);

    await makeDue(row.id);
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(0);
    expect((await jobOf(row.id))!.completedAt).not.toBeNull();
  });

  it('greets by name only at a confirmed address, and never by a name carrying a link', async () => {
    const greetingOf = async (who: Person, firstName: string) => {
      await db().update(users).set({ firstName }).where(eq(users.id, who.id));
      await remind(who);
      const [email] = await remindersTo(who.email);
      for (const part of [email!.text, email!.html ?? '']) expect(part).not.toContain('evil');
      return email!.text.split(/\r?\n/)[0];
    };
    expect(await greetingOf(await person({ emailVerified: true }), 'Jane')).toBe('Hi Jane,');
    expect(await greetingOf(await person(), 'Jane')).toBe('Hi,');
    expect(await greetingOf(await person({ emailVerified: true }), 'Go to www.evil.example')).toBe('Hi,');
  });

  it('is not sent to a shopper who does not accept marketing e-mail', async () => {
    const who = await person();
    await db().update(users).set({ isSubscribedEmail: false }).where(eq(users.id, who.id));
    await captured(who);
    const row = (await openRowOf(who.id))!;
    await makeDue(row.id);
    await t.app.jobs.runDue();
    expect(await remindersTo(who.email)).toHaveLength(0);
    expect((await openRowOf(who.id))!.tokenHash).toBeNull();
  });
});

describe('the reminder and e-mail consent (decision 0044)', () => {
  /** Captures a cart for `who`, makes its reminder due and runs the jobs. */
  async function due(who: Person) {
    await captured(who);
    const row = (await openRowOf(who.id))!;
    await makeDue(row.id);
    await t.app.jobs.runDue();
    return row;
  }

  it('is not written for an address with no e-mail consent on record, whatever the account flag says', async () => {
    // f.person: the account's flag is on (the default), but no consent record exists.
    const who = await f.person();
    const row = await due(who);
    expect(await remindersTo(who.email)).toHaveLength(0);
    // Nothing to restore either: no token was made for an e-mail that was not written.
    expect((await openRowOf(who.id))!).toMatchObject({ tokenHash: null, reminderSentAt: null });
    expect((await jobOf(row.id))!.completedAt).not.toBeNull();
  });

  it('is not written once the address withdrew its e-mail consent', async () => {
    const who = await person();
    await db()
      .update(marketingConsents)
      .set({ granted: false })
      .where(eq(marketingConsents.email, who.email.toLowerCase()));
    await due(who);
    expect(await remindersTo(who.email)).toHaveLength(0);
  });

  it('is written as a commercial e-mail with its unsubscribe headers', async () => {
    const who = await person();
    await due(who);
    const [email] = await remindersTo(who.email);
    expect(email).toMatchObject({
      kind: 'commercial',
      headers: {
        'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/unsubscribe\?token=/),
      },
    });
    // PUBLIC_URL is http here: one-click POST is only for https (RFC 8058).
    expect(email!.headers).not.toHaveProperty('List-Unsubscribe-Post');
    expect(email!.text).not.toContain('/profile');
  });
});

describe('the reminder through the mail server (CASL, decision 0044)', () => {
  const ADDRESS = '1234 Main Street, Vancouver, BC V6A 1A1';
  let mailbox: Mailbox;
  let m: TestApp;
  const g = checkoutFixtures(() => m);
  beforeAll(async () => {
    mailbox = await startMailbox();
    m = await createTestApp({
      env: {
        JOBS_POLL_MS: '600000',
        SMTP_URL: mailbox.url,
        PUBLIC_URL: 'https://shop.example.ca',
        BUSINESS_ADDRESS: ADDRESS,
        CONTACT_EMAIL: 'care@shop.example.ca',
      },
    });
  });
  afterAll(async () => {
    await m?.close();
    await mailbox?.close();
  });

  it('arrives with the sender, its mailing address and contact e-mail, and one-click unsubscribe', async () => {
    const who = await consenting(g, () => m.database.db)();
    const [product] = await g.catalogue();
    const res = await g.call('POST', '/api/abandoned-cart', {
      token: who.token,
      body: { email: who.email, cartItems: [{ id: product!.id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await m.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - MINUTE) })
      .where(eq(jobs.type, REMINDER_JOB));
    await m.app.jobs.runDue();
    const mail = await mailbox.waitFor(who.email, /You left something in your Northbite cart/);

    const unsubscribe = /^<(https:\/\/shop\.example\.ca\/unsubscribe\?token=[^>\s]+)>$/.exec(
      mail.headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(unsubscribe, mail.headers.get('list-unsubscribe')).toBeDefined();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const html = unescapeHtml(mail.html);
    for (const body of [mail.text, html]) {
      expect(body).toContain('Northbite');
      expect(body).toContain(ADDRESS);
      expect(body).toContain('care@shop.example.ca');
      expect(body).toContain(unsubscribe);
      expect(body).toContain('takes effect at once');
      expect(body).not.toContain('/profile');
    }
    expect(html).toContain(`<a href="${unsubscribe}"`);
    expect(html).toMatch(/>Unsubscribe<\/a>/);
  });

  it('leaves a transactional e-mail without List-Unsubscribe, with the mailing address', async () => {
    const who = await g.person();
    const order = await g.buy(who, [{ id: (await g.catalogue())[0]!.id, quantity: 1 }]);
    // The customer's confirmation (text only) and the owner's alert (branded HTML).
    const confirmation = await mailbox.waitFor(order.email, new RegExp(`Your Northbite order #${order.id}$`));
    const alert = await mailbox.waitFor('care@shop.example.ca', new RegExp(`New order #${order.id}:`));
    for (const mail of [confirmation, alert]) {
      expect(mail.headers.has('list-unsubscribe')).toBe(false);
      expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
      for (const body of [mail.text, unescapeHtml(mail.html)].filter(Boolean)) {
        expect(body).toContain(ADDRESS);
        expect(body).toContain('care@shop.example.ca');
        expect(body).not.toMatch(/unsubscribe/i);
      }
    }
    expect(alert.html).toContain(ADDRESS);
  });
});

describe('the reminder job across a restart', () => {
  it('is sent by an app started after the one that saved the cart', async () => {
    const config = testConfig({ JOBS_POLL_MS: '600000' });
    const database = await createTestDatabase();
    let current: FastifyInstance | undefined;
    const start = async () => {
      current = await buildApp({ config, database });
      await current.ready();
      return current;
    };
    const stop = async () => {
      const app = current;
      current = undefined;
      await app?.close();
    };
    try {
      await seedDemoCatalogue(database.db, createDatabaseImageStore(database.db));
      const appA = await start();
      const g = checkoutFixtures(() => ({ app: appA, database, config, close: async () => {} }));
      const who = await consenting(g, () => database.db)();
      const [product] = await g.catalogue();
      const res = await g.call('POST', '/api/abandoned-cart', {
        token: who.token,
        body: { email: who.email, cartItems: [{ id: product!.id, quantity: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      // App A stops (its jobs with it); the database stays.
      await stop();

      const appB = await start();
      const [row] = await database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, who.id));
      await database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - MINUTE) })
        .where(eq(jobs.dedupeKey, jobKey(row!.id)));
      // App B's own first round (started when it became ready) may be the one that sends it.
      await appB.jobs.runDue();
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, jobKey(row!.id)));
      expect(job!.completedAt).not.toBeNull();
      const emails = await database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.subject, SUBJECT)));
      expect(emails).toHaveLength(1);
      expect(emails[0]!.text).toMatch(LINK);
    } finally {
      await stop();
      await database.destroy();
    }
  });
});

describe('the reminder job with ABANDONED_CART_REMINDER_MINUTES=0', () => {
  let z: TestApp;
  const g = checkoutFixtures(() => z);
  beforeAll(async () => {
    z = await createTestApp({ env: { JOBS_POLL_MS: '600000', ABANDONED_CART_REMINDER_MINUTES: '0' } });
  });
  afterAll(() => z?.close());

  it('is due at once', async () => {
    const who = await consenting(g, () => z.database.db)();
    const [product] = await g.catalogue();
    const before = Date.now();
    const res = await g.call('POST', '/api/abandoned-cart', {
      token: who.token,
      body: { email: who.email, cartItems: [{ id: product!.id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await z.database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, who.id));
    const [job] = await z.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, jobKey(row!.id)));
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The capture started a round itself; runDue waits for it and looks again.
    await z.app.jobs.runDue();
    const emails = await z.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.subject, SUBJECT)));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toMatch(LINK);
  });
});

// ---------------------------------------------------------------------------------------------

describe('restore tokens', () => {
  it('are stored only as their SHA-256', async () => {
    const who = await person();
    const handle = await captured(who);
    await makeDue((await openRowOf(who.id))!.id);
    await t.app.jobs.runDue();
    const token = tokenOf((await remindersTo(who.email))[0]!.text);
    const rows = await rowsOf(who.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.handleHash).toBe(sha256(handle));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(handle);
  });

  it('are 256 random bits: 43 base64url characters, 50 of them all different', async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => person()));
    const handles: string[] = [];
    for (const who of people) handles.push(await captured(who));
    const saved = await db()
      .select({ id: abandonedCarts.id })
      .from(abandonedCarts)
      .where(
        inArray(
          abandonedCarts.userId,
          people.map((p) => p.id),
        ),
      );
    expect(saved).toHaveLength(50);
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - MINUTE) })
      .where(
        inArray(
          jobs.dedupeKey,
          saved.map((row) => jobKey(row.id)),
        ),
      );
    await t.app.jobs.runDue();
    const tokens: string[] = [];
    for (const who of people) {
      const emails = await remindersTo(who.email);
      expect(emails).toHaveLength(1);
      tokens.push(tokenOf(emails[0]!.text));
    }
    for (const token of [...tokens, ...handles]) {
      expect(token).toMatch(TOKEN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(50);
    expect(new Set(handles).size).toBe(50);
    expect(new Set([...tokens, ...handles]).size).toBe(100);
  });
});

describe('GET /api/abandoned-cart (restore)', () => {
  it('answers the cart, a new session and the user, once', async () => {
    const who = await person();
    const { token } = await remind(who, [
      { id: first.id, quantity: 2 },
      { id: second.id, quantity: 1 },
    ]);
    const res = await restore(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      cart: { items: Record<string, unknown>[]; totalQuantity: number; totalPrice: number };
      authToken: string;
      user: Record<string, unknown>;
    };
    expect(sorted(Object.keys(body))).toEqual(['authToken', 'cart', 'user']);
    expect(sorted(Object.keys(body.cart))).toEqual(['items', 'totalPrice', 'totalQuantity']);
    expect(body.cart.items).toHaveLength(2);
    for (const item of body.cart.items) expect(sorted(Object.keys(item))).toEqual(sorted(CART_ITEM_KEYS));
    expect(body.cart.items[0]).toMatchObject({
      id: first.id,
      name: first.name,
      quantity: 2,
      price: first.priceCents / 100,
      totalPrice: (first.priceCents * 2) / 100,
    });
    expect(body.cart.items[1]).toMatchObject({ id: second.id, name: second.name, quantity: 1 });
    expect(body.cart.totalQuantity).toBe(3);
    expect(body.cart.totalPrice).toBe((first.priceCents * 2 + second.priceCents) / 100);

    expect(sorted(Object.keys(body.user))).toEqual(sorted(USER_KEYS));
    expect(body.user).toMatchObject({ id: who.id, email: who.email, isAdmin: false });
    expect(body.authToken).toMatch(TOKEN);
    const orders = await f.call('GET', `/api/users/${who.id}/orders`, { token: body.authToken });
    expect(orders.statusCode, orders.body).toBe(200);

    const row = (await rowsOf(who.id))[0]!;
    expect(row.status).toBe('restored');
    expect(row.restoredAt).not.toBeNull();

    const again = await restore(token);
    expectMessage(again, 404, abandonedCartMessages.linkInvalid);
    expect(again.headers['referrer-policy']).toBe('no-referrer');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('answers 500 for a cart whose items cannot be read, and spends neither the link nor a session', async () => {
    const who = await person();
    const { token, cartId } = await remind(who);
    await db()
      .update(abandonedCarts)
      .set({ cartItems: ['two bars'] })
      .where(eq(abandonedCarts.id, cartId));
    const sessionsBefore = await db().select().from(sessions).where(eq(sessions.userId, who.id));
    expectMessage(await restore(token), 500);
    expect((await rowsOf(who.id))[0]).toMatchObject({ status: 'open', restoredAt: null });
    expect(await db().select().from(sessions).where(eq(sessions.userId, who.id))).toHaveLength(
      sessionsBefore.length,
    );
  });

  it('lets exactly one of 10 simultaneous requests with the same token through', async () => {
    const who = await person();
    const { token } = await remind(who);
    const answers = await Promise.all(Array.from({ length: 10 }, () => restore(token)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
  });

  it('answers 404 for a guessed or malformed token', async () => {
    for (const token of [randomToken(), 'abc', `${randomToken()}=`, 'a'.repeat(44)]) {
      expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
    }
  });

  it('answers 404, privately, for a 300-character token', async () => {
    const res = await restore('a'.repeat(300));
    expectMessage(res, 404, abandonedCartMessages.linkInvalid);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 without a token', async () => {
    expectMessage(await f.call('GET', '/api/abandoned-cart'), 400, abandonedCartMessages.tokenRequired);
    expectMessage(
      await f.call('GET', '/api/abandoned-cart?token='),
      400,
      abandonedCartMessages.tokenRequired,
    );
  });

  it('answers 404 for an expired token', async () => {
    const who = await person();
    const { token, cartId } = await remind(who);
    await db()
      .update(abandonedCarts)
      .set({ tokenExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(abandonedCarts.id, cartId));
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
    expect((await openRowOf(who.id))?.status).toBe('open');
  });

  it("answers 404 once the user's e-mail changed", async () => {
    const who = await person();
    const { token } = await remind(who);
    await db()
      .update(users)
      .set({ email: `moved.${who.email}` })
      .where(eq(users.id, who.id));
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
    expect((await openRowOf(who.id))?.status).toBe('open');
  });

  it('answers 404 once the user changed their password', async () => {
    const who = await person();
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword('Maple-Crunch-2024') })
      .where(eq(users.id, who.id));
    const { token } = await remind(who);
    // A password change asks for the current one (decision 0040).
    const res = await f.call('POST', `/api/users/${who.id}/password`, {
      token: who.token,
      body: { currentPassword: 'Maple-Crunch-2024', newPassword: 'Maple-Syrup-Crunch-2049' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
  });

  it('answers 404 once all sessions of the user were revoked', async () => {
    const who = await person();
    const { token } = await remind(who);
    await createSessionStore(db(), 30, revokeRestoreLinks).revokeAll(who.id);
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
  });

  it('answers 404 once the user lost admin rights given after the e-mail (every session ends)', async () => {
    const who = await person();
    const admin = await person({ isAdmin: true });
    const { token } = await remind(who);
    for (const isAdmin of [true, false]) {
      const res = await f.call('PATCH', `/api/users/${who.id}`, { token: admin.token, body: { isAdmin } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
  });

  it('limits each client to 20 attempts in 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await restore(randomToken(), ip)).statusCode).toBe(404);
    const limited = await restore(randomToken(), ip);
    expectMessage(limited, 429);
    // Another client is not affected.
    expect((await restore(randomToken(), freshIp())).statusCode).toBe(404);
  });
});

describe('the session a restore link starts (decision 0040)', () => {
  const PASSWORD = 'Maple-Crunch-2024';

  /** A shopper with a password, signed in by the restore link of their reminder. */
  async function restored() {
    const who = await person();
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, who.id));
    const { token } = await remind(who);
    const res = await restore(token);
    expect(res.statusCode, res.body).toBe(200);
    const { authToken } = res.json() as { authToken: string };
    return { who, restoredAs: { ...who, token: authToken } };
  }

  it('is recorded as a restore session', async () => {
    const { who, restoredAs } = await restored();
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(restoredAs.token)));
    expect(row).toMatchObject({ userId: who.id, kind: 'restore' });
  });

  it('can shop and pay: its account, its orders, a payment intent, its name and address', async () => {
    const { who, restoredAs } = await restored();
    expect((await f.call('GET', `/api/users/${who.id}`, { token: restoredAs.token })).statusCode).toBe(200);
    expect((await f.call('GET', `/api/users/${who.id}/orders`, { token: restoredAs.token })).statusCode).toBe(
      200,
    );
    const intent = await f.createIntent(restoredAs, [{ id: first.id, quantity: 1 }]);
    expect(intent.payment_intent_id).toBeTruthy();
    const res = await f.call('PATCH', `/api/users/${who.id}`, {
      token: restoredAs.token,
      body: { firstName: 'Restored', address: '1 Maple Road' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('cannot change the e-mail or the password, even with the right password, nor delete the account: 403', async () => {
    const { who, restoredAs } = await restored();
    const thief = `thief.${who.email}`;
    for (const body of [{ email: thief }, { email: thief, currentPassword: PASSWORD }]) {
      const res = await f.call('PATCH', `/api/users/${who.id}`, { token: restoredAs.token, body });
      expectMessage(res, 403, messages.fullSessionRequired);
    }
    const password = await f.call('POST', `/api/users/${who.id}/password`, {
      token: restoredAs.token,
      body: { currentPassword: PASSWORD, newPassword: 'Maple-Syrup-Crunch-2049' },
    });
    expectMessage(password, 403, messages.fullSessionRequired);
    const deleted = await f.call('DELETE', `/api/users/${who.id}`, { token: restoredAs.token });
    expect(deleted.statusCode, deleted.body).toBe(403);
    const [row] = await db().select().from(users).where(eq(users.id, who.id));
    expect(row).toMatchObject({ email: who.email, pendingEmail: null });
    expect(await verifyPassword(row!.passwordHash!, PASSWORD)).toBe(true);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, thief));
    expect(mail).toEqual([]);
    // The shopper's own sign-in can, with the password.
    const signedIn = await f.call('PATCH', `/api/users/${who.id}`, {
      token: who.token,
      body: { email: thief, currentPassword: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('gets no admin powers if the shopper is made an admin later', async () => {
    const { who, restoredAs } = await restored();
    const admin = await person({ isAdmin: true });
    const promoted = await f.call('PATCH', `/api/users/${who.id}`, {
      token: admin.token,
      body: { isAdmin: true },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expectMessage(
      await f.call('GET', '/api/users', { token: restoredAs.token }),
      403,
      messages.fullSessionRequired,
    );
    const victim = await person();
    expectMessage(
      await f.call('DELETE', `/api/users/${victim.id}`, { token: restoredAs.token }),
      403,
      messages.fullSessionRequired,
    );
    expect((await f.call('GET', '/api/users', { token: who.token })).statusCode).toBe(200);
  });
});

describe('DELETE /api/abandoned-cart', () => {
  it('deletes the record of a restore token with 204', async () => {
    const who = await person();
    const { token } = await remind(who);
    const res = await forget(token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await rowsOf(who.id)).toHaveLength(0);
    expectMessage(await restore(token), 404, abandonedCartMessages.linkInvalid);
  });

  it('deletes the record of a capture handle with 204', async () => {
    const who = await person();
    const handle = await captured(who);
    expect((await forget(handle)).statusCode).toBe(204);
    expect(await rowsOf(who.id)).toHaveLength(0);
  });

  it('answers 204 for an unknown token and leaves other records alone', async () => {
    const who = await person();
    await captured(who);
    for (const token of [randomToken(), 'abc']) {
      const res = await forget(token);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await rowsOf(who.id)).toHaveLength(1);
  });

  it('answers 400 without a token', async () => {
    expectMessage(await f.call('DELETE', '/api/abandoned-cart'), 400, abandonedCartMessages.tokenRequired);
  });
});
