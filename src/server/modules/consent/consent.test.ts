/**
 * Marketing consent (decision 0042) through the real app: what registration and the profile record,
 * the rules of text-message consent, unsubscribe links (forged, expired, reused, for an address not on
 * file), the one-click POST of RFC 8058, and Klaviyo following the records through the jobs queue.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING, UNSUBSCRIBE_LINK_DAYS, UNSUBSCRIBE_MESSAGES } from '../../../domain/consent.js';
import { messages } from '../../../domain/messages.js';
import { consentEvents, jobs, marketingConsents, newsletterSubscribers, users } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, uniqueEmail } from '../../testing/checkout-fixtures.js';
import { klaviyoStandIn } from '../../testing/klaviyo-stand-in.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createLinkTokens } from './link-tokens.js';

const PASSWORD = 'Maple-Crunch-2024';
const DAY_MS = 86_400_000;

function suite(name: string, env: Record<string, string>, body: (get: () => Context) => void) {
  describe(name, () => {
    const klaviyo = klaviyoStandIn();
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        seed: false,
        env: { KLAVIYO_PRIVATE_KEY: 'pk_test', KLAVIYO_LIST_ID: 'LIST1', JOBS_POLL_MS: '600000', ...env },
        app: { klaviyoFetch: klaviyo.fetch },
      });
    });
    afterAll(() => t?.close());
    body(() => ({ t, klaviyo, f: checkoutFixtures(() => t) }));
  });
}

interface Context {
  t: TestApp;
  klaviyo: ReturnType<typeof klaviyoStandIn>;
  f: ReturnType<typeof checkoutFixtures>;
}

async function register(c: Context, values: Record<string, unknown> = {}, ip?: string) {
  const res = await c.f.call('POST', '/api/users/register', {
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('consent'),
      password: PASSWORD,
      ...values,
    },
    ...(ip ? { ip } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    token: string;
    user: { id: number; email: string; isSubscribedEmail: boolean; isSubscribedPhone: boolean };
  };
}

const eventsOf = (c: Context, email: string) =>
  c.t.database.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.email, email.toLowerCase()))
    .orderBy(asc(consentEvents.id));

const consentOf = async (c: Context, email: string, channel: 'email' | 'sms') =>
  (
    await c.t.database.db
      .select()
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email.toLowerCase()), eq(marketingConsents.channel, channel)))
  )[0];

const userOf = async (c: Context, id: number) =>
  (await c.t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Runs the due jobs (the Klaviyo ones) now. */
const runJobs = (c: Context) => c.t.app.jobs.runDue();

/** The link of an unsubscribe URL, as its token. */
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

suite('with the boxes ticked by default (the spec)', {}, (get) => {
  it('records a registration with the wording shown, the pre-ticked box and the client address', async () => {
    const c = get();
    const { user } = await register(c, { phoneNumber: '604 555 0123' }, '203.0.113.7');
    expect(user).toMatchObject({ isSubscribedEmail: true, isSubscribedPhone: true });
    const events = await eventsOf(c, user.email);
    expect(events.map((e) => [e.channel, e.granted, e.source])).toEqual([
      ['email', true, 'registration'],
      ['sms', true, 'registration'],
    ]);
    expect(events[0]).toMatchObject({
      wording: CONSENT_WORDING.registrationEmail,
      preTicked: true,
      clientAddress: '203.0.113.7',
      phoneNumber: null,
    });
    expect(events[1]).toMatchObject({
      wording: CONSENT_WORDING.registrationSms,
      phoneNumber: '+16045550123',
    });
  });

  it('never records text-message consent without a phone number', async () => {
    const c = get();
    const { user } = await register(c, { isSubscribedPhone: true });
    expect(user.isSubscribedPhone).toBe(false);
    expect(await consentOf(c, user.email, 'sms')).toBeUndefined();
  });

  it('records nothing for an unticked box, and keeps what the address agreed to elsewhere', async () => {
    const c = get();
    const { user } = await register(c, { isSubscribedEmail: false });
    expect(user.isSubscribedEmail).toBe(false);
    expect(await eventsOf(c, user.email)).toEqual([]);
  });

  it('follows the profile switches; a text-message grant needs a phone; a removed number withdraws it', async () => {
    const c = get();
    const { user, token } = await register(c, { isSubscribedEmail: false });
    const patch = (body: object) => c.f.call('PATCH', `/api/users/${user.id}`, { token, body });

    const on = await patch({ isSubscribedEmail: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await consentOf(c, user.email, 'email')).toMatchObject({ granted: true, userId: user.id });
    expectMessage(await patch({ isSubscribedPhone: true }), 400, messages.smsNeedsPhone);

    expect((await patch({ phoneNumber: '604 555 0199' })).statusCode).toBe(200);
    expect((await patch({ isSubscribedPhone: true })).statusCode).toBe(200);
    expect((await userOf(c, user.id)).isSubscribedPhone).toBe(true);
    // A switch set to what it already is records nothing.
    expect((await patch({ isSubscribedPhone: true })).statusCode).toBe(200);

    const removed = await patch({ phoneNumber: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ user: { isSubscribedPhone: false } });
    const events = await eventsOf(c, user.email);
    expect(events.map((e) => [e.channel, e.granted, e.source])).toEqual([
      ['email', true, 'profile'],
      ['sms', true, 'profile'],
      ['sms', false, 'phone-removed'],
    ]);
    expect(events[1]).toMatchObject({ wording: CONSENT_WORDING.profileSms, phoneNumber: '+16045550199' });
  });

  it('records an admin’s change as the admin’s', async () => {
    const c = get();
    const { user } = await register(c);
    const admin = await c.f.person({ isAdmin: true });
    const res = await c.f.call('PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { isSubscribedEmail: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await eventsOf(c, user.email)).at(-1)).toMatchObject({
      granted: false,
      source: 'admin',
      wording: CONSENT_WORDING.admin,
    });
  });
});

suite('with MARKETING_OPT_IN_DEFAULT=unchecked', { MARKETING_OPT_IN_DEFAULT: 'unchecked' }, (get) => {
  it('takes an absent box as unticked, and records a ticked one as not pre-ticked', async () => {
    const c = get();
    const silent = await register(c, { phoneNumber: '604 555 0123' });
    expect(silent.user).toMatchObject({ isSubscribedEmail: false, isSubscribedPhone: false });
    expect(await eventsOf(c, silent.user.email)).toEqual([]);

    const ticked = await register(c, { isSubscribedEmail: true });
    expect(ticked.user.isSubscribedEmail).toBe(true);
    expect(await eventsOf(c, ticked.user.email)).toMatchObject([{ granted: true, preTicked: false }]);
  });
});

suite('unsubscribe links', {}, (get) => {
  /** An account that agreed to e-mail, its address confirmed, on the newsletter list too. */
  async function subscriber(c: Context) {
    const { user } = await register(c);
    await c.t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await c.t.database.db.insert(newsletterSubscribers).values({ email: user.email, status: 'confirmed' });
    return user;
  }
  const links = (c: Context) => createLinkTokens(c.t.database.db);
  const inspect = (c: Context, token: string) => c.f.call('GET', `/api/unsubscribe?token=${token}`);
  const oneClick = (c: Context, token: string, ip?: string) =>
    c.f.call('POST', `/api/unsubscribe?token=${token}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(ip ? { ip } : {}),
    });
  const press = (c: Context, token: string) =>
    c.f.call('POST', `/api/unsubscribe?token=${token}`, { body: {} });

  it('asks first (GET changes nothing), then unsubscribes at once in one click without a session', async () => {
    const c = get();
    const user = await subscriber(c);
    const token = await links(c).sign(user.email);

    const asked = await inspect(c, token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      outcome: 'ready',
      message: UNSUBSCRIBE_MESSAGES.ready,
      email: `c•••@example.ca`,
    });
    expect((await userOf(c, user.id)).isSubscribedEmail).toBe(true);

    const done = await oneClick(c, token, '198.51.100.4');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      outcome: 'unsubscribed',
      message: UNSUBSCRIBE_MESSAGES.unsubscribed,
    });
    expect(done.headers['cache-control']).toBe('no-store');
    expect((await userOf(c, user.id)).isSubscribedEmail).toBe(false);
    expect(await consentOf(c, user.email, 'email')).toMatchObject({ granted: false });
    const [signup] = await c.t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, user.email));
    expect(signup!.status).toBe('unsubscribed');
    expect((await eventsOf(c, user.email)).at(-1)).toMatchObject({
      granted: false,
      source: 'one-click',
      wording: CONSENT_WORDING.oneClick,
      clientAddress: '198.51.100.4',
    });
  });

  it('says a reused link changed nothing; a second link says the address is already unsubscribed', async () => {
    const c = get();
    const user = await subscriber(c);
    const token = await links(c).sign(user.email);
    expect((await press(c, token)).json()).toMatchObject({ outcome: 'unsubscribed' });
    expect((await eventsOf(c, user.email)).at(-1)).toMatchObject({ source: 'unsubscribe-link' });
    const count = (await eventsOf(c, user.email)).length;

    expect((await press(c, token)).json()).toMatchObject({
      outcome: 'used',
      message: UNSUBSCRIBE_MESSAGES.used,
    });
    expect((await inspect(c, token)).json()).toMatchObject({ outcome: 'used' });
    const another = await links(c).sign(user.email);
    expect((await press(c, another)).json()).toMatchObject({ outcome: 'already' });
    expect(await eventsOf(c, user.email)).toHaveLength(count);
  });

  it('refuses forged and damaged links, and says so', async () => {
    const c = get();
    const user = await subscriber(c);
    const real = await links(c).sign(user.email);
    const [body] = real.split('.');
    const otherAddress = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), e: 'victim@example.ca' }),
    ).toString('base64url');
    for (const token of [`${otherAddress}.${real.split('.')[1]}`, `${body}.AAAA`, 'abc.def']) {
      const res = await press(c, token);
      expect(res.statusCode, token).toBe(200);
      expect(res.json()).toEqual({ outcome: 'invalid', message: UNSUBSCRIBE_MESSAGES.invalid, email: null });
    }
    expectMessage(await press(c, 'no-dot-here'), 400, 'token is not an unsubscribe token.');
    expectMessage(await c.f.call('POST', '/api/unsubscribe', { body: {} }), 400, 'token is required.');
    expect((await userOf(c, user.id)).isSubscribedEmail).toBe(true);
    expect(await eventsOf(c, user.email)).toHaveLength(1);
  });

  it(`refuses a link older than ${UNSUBSCRIBE_LINK_DAYS} days and says what to do instead`, async () => {
    const c = get();
    const user = await subscriber(c);
    const old = await links(c).sign(user.email, new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS));
    expect((await press(c, old)).json()).toMatchObject({
      outcome: 'expired',
      message: UNSUBSCRIBE_MESSAGES.expired,
    });
    const recent = await links(c).sign(
      user.email,
      new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS - 1) * DAY_MS),
    );
    expect((await press(c, recent)).json()).toMatchObject({ outcome: 'unsubscribed' });
  });

  it('answers for an address not on file exactly as for one that is, and writes nothing', async () => {
    const c = get();
    const user = await subscriber(c);
    const stranger = uniqueEmail('stranger');
    const known = await links(c).sign(user.email);
    const unknown = await links(c).sign(stranger);
    const strip = (body: Record<string, unknown>) => ({ ...body, email: undefined });
    expect(strip((await inspect(c, unknown)).json())).toEqual(strip((await inspect(c, known)).json()));
    expect(strip((await press(c, unknown)).json())).toEqual(strip((await press(c, known)).json()));
    expect(await eventsOf(c, stranger)).toEqual([]);
    expect(await consentOf(c, stranger, 'email')).toBeUndefined();
  });

  it('records one withdrawal when the same link is followed twice at once', async () => {
    const c = get();
    const user = await subscriber(c);
    const token = await links(c).sign(user.email);
    const answers = await Promise.all([press(c, token), oneClick(c, token), press(c, token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const outcomes = answers.map((a) => (a.json() as { outcome: string }).outcome).sort();
    expect(outcomes.filter((o) => o === 'unsubscribed')).toHaveLength(1);
    expect((await eventsOf(c, user.email)).filter((e) => !e.granted)).toHaveLength(1);
  });
});

suite('Klaviyo follows the records', {}, (get) => {
  const callsFor = (c: Context, email: string) =>
    c.klaviyo.calls.filter((call) => call.email === email.toLowerCase()).map((call) => call.path);

  it('suppresses an address once when it unsubscribes, and subscribes it again when it agrees again', async () => {
    const c = get();
    const { user, token } = await register(c);
    await runJobs(c);
    // Registered before the address was confirmed: nothing went to Klaviyo for it.
    expect(callsFor(c, user.email)).toEqual([]);
    await c.t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));

    const consent = c.t.app.consent;
    const link = await consent.unsubscribeUrl(user.email);
    expect(link).toMatch(/^http.*\/unsubscribe\?token=/);
    await c.f.call('POST', `/api/unsubscribe?token=${tokenOf(link)}`, { body: {} });
    await runJobs(c);
    await runJobs(c);
    expect(callsFor(c, user.email)).toEqual(['profile-suppression-bulk-create-jobs']);

    const back = await c.f.call('PATCH', `/api/users/${user.id}`, {
      token,
      body: { isSubscribedEmail: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    await runJobs(c);
    expect(callsFor(c, user.email)).toEqual([
      'profile-suppression-bulk-create-jobs',
      'profile-suppression-bulk-delete-jobs',
      'profile-subscription-bulk-create-jobs',
    ]);
  });

  it('sends an address that agreed at registration once its owner confirms it', async () => {
    const c = get();
    const { user } = await register(c);
    await runJobs(c);
    expect(callsFor(c, user.email)).toEqual([]);
    const consent = c.t.app.consent;
    await c.t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      await consent.addressConfirmed(tx, user.id);
    });
    await runJobs(c);
    expect(callsFor(c, user.email)).toEqual([
      'profile-suppression-bulk-delete-jobs',
      'profile-subscription-bulk-create-jobs',
    ]);
    const queued = await c.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.completedAt} is null and ${jobs.type} = 'klaviyo.consent'`);
    expect(queued[0]!.n).toBe(0);
  });
});
