/**
 * Newsletter double opt-in (decision 0042) through the real app and a real SMTP server on loopback:
 * the banner's sign-up e-mails a link, only following it confirms the sign-up, records the consent
 * and lets Klaviyo have the address; re-sending within a daily limit; used, replaced, expired and
 * forged links changing nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '../../../domain/consent.js';
import { messages } from '../../../domain/messages.js';
import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_LINKS_PER_DAY } from '../../../domain/newsletter.js';
import {
  consentEvents,
  emailOutbox,
  jobs,
  marketingConsents,
  newsletterSubscribers,
  users,
} from '../../db/schema.js';
import { checkoutFixtures, expectMessage, uniqueEmail } from '../../testing/checkout-fixtures.js';
import { linkTo, startMailbox, type Mailbox, type ReceivedMail } from '../../testing/mailbox.js';
import { klaviyoStandIn } from '../../testing/klaviyo-stand-in.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const PUBLIC_URL = 'https://shop.northbite.test';
const CONFIRM_SUBJECT = /^Please confirm your Northbite newsletter subscription$/;
const DAY_MS = 86_400_000;

let inbox: Mailbox;
let t: TestApp;
const f = checkoutFixtures(() => t);
const klaviyo = klaviyoStandIn();
const db = () => t.database.db;

beforeAll(async () => {
  inbox = await startMailbox();
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: inbox.url,
      PUBLIC_URL,
      KLAVIYO_PRIVATE_KEY: 'pk_test',
      KLAVIYO_LIST_ID: 'LIST1',
      JOBS_POLL_MS: '600000',
    },
    app: { klaviyoFetch: klaviyo.fetch },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const signup = (email: string, ip?: string) =>
  f.call('POST', '/api/signup', { body: { email }, ...(ip ? { ip } : {}) });
const confirm = (token: string, ip?: string) =>
  f.call('POST', '/api/signup/confirm', { body: { token }, ...(ip ? { ip } : {}) });

/** The confirmation link of an e-mail, the same in its text and HTML parts. */
function linkFrom(email: ReceivedMail): { url: URL; token: string } {
  const { link, token } = linkTo('/newsletter/confirm', email.text);
  expect(email.html).toContain(link);
  const url = new URL(link);
  expect(url.origin).toBe(PUBLIC_URL);
  return { url, token };
}

const signupOf = async (email: string) =>
  (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const eventsOf = (email: string) =>
  db()
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.email, email), eq(consentEvents.channel, 'email')));
/** Every e-mail written to the address (the outbox is where a sent one would be, before SMTP). */
const outboxTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
const callsFor = (email: string) =>
  klaviyo.calls.filter((call) => call.email === email).map((call) => call.path);

describe('double opt-in', () => {
  it('e-mails a link; following it confirms the sign-up, records the consent and lets Klaviyo have the address once', async () => {
    const email = uniqueEmail('opt-in');
    const res = await signup(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.newsletterCheckInbox });

    const pending = await signupOf(email);
    expect(pending).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(pending!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const mail = await inbox.waitFor(email, CONFIRM_SUBJECT);
    const { url, token } = linkFrom(mail);
    expect(url.pathname).toBe('/newsletter/confirm');
    // Only the hash is kept.
    expect(pending!.confirmTokenHash).not.toContain(token);
    // It asks, and markets nothing: the address has agreed to nothing yet.
    expect(mail.text).toMatch(/^Hi,\r?\n/);
    expect(mail.text).toContain(`works once, for ${NEWSLETTER_CONFIRM_DAYS} days`);
    expect(mail.text).not.toMatch(/offer|discount|sale|%|shop now|new flavour|recipe/i);

    // Nothing reaches Klaviyo before the link is followed.
    await t.app.jobs.runDue();
    expect(callsFor(email)).toEqual([]);

    const confirmed = await confirm(token, '203.0.113.7');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: messages.newsletterThanks });

    const after = await signupOf(email);
    expect(after).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    expect(after!.confirmedAt).toBeInstanceOf(Date);
    const events = await eventsOf(email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      granted: true,
      source: 'newsletter',
      wording: CONSENT_WORDING.newsletter,
      clientAddress: '203.0.113.7',
      preTicked: null,
    });
    const [record] = await db()
      .select()
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, 'email')));
    expect(record).toMatchObject({ granted: true, userId: null });

    await t.app.jobs.runDue();
    expect(callsFor(email)).toEqual([
      'profile-suppression-bulk-delete-jobs',
      'profile-subscription-bulk-create-jobs',
    ]);
    await t.app.jobs.runDue();
    expect(callsFor(email)).toHaveLength(2);

    // The link worked once.
    expectMessage(await confirm(token), 400, messages.newsletterLinkInvalid);
    expect(await eventsOf(email)).toHaveLength(1);
  });

  it('never lets Klaviyo have an address nobody confirmed', async () => {
    const email = uniqueEmail('typed-by-someone-else');
    expect((await signup(email)).statusCode).toBe(200);
    await inbox.waitFor(email, CONFIRM_SUBJECT);
    await t.app.jobs.runDue();
    expect(callsFor(email)).toEqual([]);
    expect(await eventsOf(email)).toEqual([]);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'email' = ${email}`),
    ).toEqual([]);
    expect((await signupOf(email))?.status).toBe('pending');
  });

  it("records the account's id, and tells Klaviyo even when the account had agreed already", async () => {
    const email = uniqueEmail('account');
    const registered = await f.call('POST', '/api/users/register', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        phoneNumber: null,
        password: 'Maple-Crunch-2024',
        isSubscribedEmail: true,
        isSubscribedPhone: false,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    // Agreed at registration, but the address is not confirmed: Klaviyo does not have it.
    await t.app.jobs.runDue();
    expect(callsFor(email)).toEqual([]);

    expect((await signup(email)).statusCode).toBe(200);
    const { token } = linkFrom(await inbox.waitFor(email, CONFIRM_SUBJECT));
    expect((await confirm(token)).statusCode).toBe(200);
    const events = await eventsOf(email);
    expect(events.map((event) => event.source)).toEqual(['registration', 'newsletter']);
    const [record] = await db()
      .select()
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, 'email')));
    expect(record).toMatchObject({ granted: true, userId: account!.id });

    await t.app.jobs.runDue();
    expect(callsFor(email)).toEqual([
      'profile-suppression-bulk-delete-jobs',
      'profile-subscription-bulk-create-jobs',
    ]);
  });
});

describe('signing up again', () => {
  it(`re-sends a pending address a new link, at most ${NEWSLETTER_LINKS_PER_DAY} a day, and only the newest works`, async () => {
    const email = uniqueEmail('again');
    for (let i = 1; i <= NEWSLETTER_LINKS_PER_DAY + 2; i++) {
      const res = await signup(email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.newsletterCheckInbox });
    }
    const last = await inbox.waitFor(email, CONFIRM_SUBJECT, { count: NEWSLETTER_LINKS_PER_DAY });
    const first = await inbox.waitFor(email, CONFIRM_SUBJECT);
    expect(await outboxTo(email)).toHaveLength(NEWSLETTER_LINKS_PER_DAY);

    expectMessage(await confirm(linkFrom(first).token), 400, messages.newsletterLinkInvalid);
    expect((await signupOf(email))?.status).toBe('pending');
    expect((await confirm(linkFrom(last).token)).statusCode).toBe(200);
    expect((await signupOf(email))?.status).toBe('confirmed');
  });

  it('sends a confirmed address nothing, with the same answer', async () => {
    const email = uniqueEmail('confirmed');
    await signup(email);
    expect((await confirm(linkFrom(await inbox.waitFor(email, CONFIRM_SUBJECT)).token)).statusCode).toBe(200);
    const again = await signup(email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: messages.newsletterCheckInbox });
    expect(await outboxTo(email)).toHaveLength(1);
    expect((await signupOf(email))?.status).toBe('confirmed');
  });

  it('lets an unsubscribed address confirm again through a new link', async () => {
    const email = uniqueEmail('comeback');
    await signup(email);
    await confirm(linkFrom(await inbox.waitFor(email, CONFIRM_SUBJECT)).token);
    await db().transaction((tx) =>
      t.app.consent.record(tx, {
        email,
        channel: 'email',
        granted: false,
        source: 'unsubscribe-link',
        wording: CONSENT_WORDING.unsubscribeLink,
      }),
    );
    expect((await signupOf(email))?.status).toBe('unsubscribed');

    const res = await signup(email);
    expect(res.json()).toEqual({ message: messages.newsletterCheckInbox });
    // Still not on the list: it waits for its owner like a new sign-up.
    expect((await signupOf(email))?.status).toBe('pending');
    const { token } = linkFrom(await inbox.waitFor(email, CONFIRM_SUBJECT, { count: 2 }));
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await signupOf(email))?.status).toBe('confirmed');
    expect((await eventsOf(email)).map((event) => [event.source, event.granted])).toEqual([
      ['newsletter', true],
      ['unsubscribe-link', false],
      ['newsletter', true],
    ]);
  });
});

describe('links that do not work', () => {
  it('refuses an expired link, naming the problem, and changes nothing', async () => {
    const email = uniqueEmail('late');
    await signup(email);
    const { token } = linkFrom(await inbox.waitFor(email, CONFIRM_SUBJECT));
    await db()
      .update(newsletterSubscribers)
      .set({ createdAt: new Date(Date.now() - NEWSLETTER_CONFIRM_DAYS * DAY_MS - 60_000) })
      .where(eq(newsletterSubscribers.email, email));
    const before = await signupOf(email);
    expectMessage(await confirm(token), 400, messages.newsletterLinkExpired);
    expect(await signupOf(email)).toEqual(before);
    expect(await eventsOf(email)).toEqual([]);
  });

  it.each([
    ['forged', 'A'.repeat(43)],
    ['malformed', 'not-a-token'],
    ['empty', ''],
  ])('refuses a %s token with 400 and changes nothing', async (_name, token) => {
    const before = await db().select().from(consentEvents);
    expectMessage(await confirm(token), 400, messages.newsletterLinkInvalid);
    expect(await db().select().from(consentEvents)).toHaveLength(before.length);
  });
});
