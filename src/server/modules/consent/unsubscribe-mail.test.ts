/**
 * The unsubscribe link of a real commercial e-mail, end to end (decisions 0042 and 0044): the cart
 * reminder goes through an SMTP server on loopback, its List-Unsubscribe link is read from the
 * message, asked about (GET) and followed with a mail client's one-click POST, without a session. The
 * address is then off every list: no second reminder is written, and Klaviyo gets one suppression.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs, users } from '../../db/schema.js';
import { checkoutFixtures, uniqueEmail } from '../../testing/checkout-fixtures.js';
import { startMailbox, unescapeHtml, type Mailbox } from '../../testing/mailbox.js';
import { klaviyoStandIn } from '../../testing/klaviyo-stand-in.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { REMINDER_JOB } from '../abandoned-carts/service.js';

const SUBJECT = /You left something in your Northbite cart/;
const ADDRESS = '88 Cordova Street, Vancouver, BC V6B 1E5';
const MINUTE = 60_000;

describe('unsubscribing from a reminder e-mail', () => {
  let mailbox: Mailbox;
  let t: TestApp;
  const f = checkoutFixtures(() => t);
  const klaviyo = klaviyoStandIn();

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({
      env: {
        JOBS_POLL_MS: '600000',
        SMTP_URL: mailbox.url,
        PUBLIC_URL: 'https://shop.example.ca',
        BUSINESS_ADDRESS: ADDRESS,
        KLAVIYO_PRIVATE_KEY: 'pk_test',
        KLAVIYO_LIST_ID: 'LIST1',
      },
      app: { klaviyoFetch: klaviyo.fetch },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  /** Saves the shopper's cart at checkout and runs its reminder job now. */
  async function leaveCart(token: string, email: string) {
    const [product] = await f.catalogue();
    const saved = await f.call('POST', '/api/abandoned-cart', {
      token,
      body: { email, cartItems: [{ id: product!.id, quantity: 1 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - MINUTE) })
      .where(and(eq(jobs.type, REMINDER_JOB), sql`${jobs.completedAt} is null`));
    await t.app.jobs.runDue();
  }

  it('unsubscribes in one click without a session; no second reminder; Klaviyo suppresses once', async () => {
    const email = uniqueEmail('reader');
    const registered = await f.call('POST', '/api/users/register', {
      body: { firstName: 'Mina', lastName: 'Park', email, password: 'Maple-Crunch-2024' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json() as { token: string; user: { id: number } };
    // The owner confirms the address, so Klaviyo may have it.
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      await t.app.consent.addressConfirmed(tx, user.id);
    });

    await leaveCart(token, email);
    const mail = await mailbox.waitFor(email, SUBJECT);
    const header = mail.headers.get('list-unsubscribe') ?? '';
    const link =
      /^<(https:\/\/shop\.example\.ca\/unsubscribe\?token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+))>$/.exec(header);
    expect(link, header).not.toBeNull();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const body of [mail.text, unescapeHtml(mail.html)]) {
      expect(body).toContain(ADDRESS);
      expect(body).toContain(link![1]);
    }

    // GET: what the page shows; nothing changes.
    const asked = await f.call('GET', `/api/unsubscribe?token=${link![2]}`);
    expect(asked.json()).toMatchObject({ outcome: 'ready' });
    // The mail client's one-click POST (RFC 8058), no session.
    const done = await f.call('POST', `/api/unsubscribe?token=${link![2]}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'unsubscribed' });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.isSubscribedEmail).toBe(false);

    await t.app.jobs.runDue();
    const calls = klaviyo.calls.filter((c) => c.email === email).map((c) => c.path);
    expect(calls.filter((p) => p === 'profile-suppression-bulk-create-jobs')).toHaveLength(1);
    expect(calls.at(-1)).toBe('profile-suppression-bulk-create-jobs');

    // A cart left again: no second reminder is written, let alone sent.
    await leaveCart(token, email);
    await t.app.jobs.runDue();
    const written = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), sql`${emailOutbox.subject} like 'You left something%'`));
    expect(written).toHaveLength(1);
    expect(mailbox.to(email, SUBJECT)).toHaveLength(1);
    // And Klaviyo heard of the withdrawal once.
    expect(
      klaviyo.calls.filter((c) => c.email === email && c.path.startsWith('profile-suppression-bulk-create')),
    ).toHaveLength(1);
  });
});
