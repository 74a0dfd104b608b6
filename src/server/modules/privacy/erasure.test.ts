/**
 * Deleting an account (decision 0043), by its owner and by an admin through the same function: who
 * may, the proof asked, that nothing of the person stays in any table (every text and jsonb column
 * searched, found from information_schema), that the books still add up, the last e-mail through a
 * real SMTP server, and the Klaviyo deletion request through a stand-in fetch.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { ERASED, privacyMessages } from '../../../domain/privacy.js';
import {
  emailOutbox,
  jobs,
  orders,
  paymentIntents,
  savedAddresses,
  sessions,
  users,
} from '../../db/schema.js';
import { expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { startMailbox, type Mailbox } from '../../testing/mailbox.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { FAREWELL_CLEANUP_JOB } from './erasure.js';
import { KLAVIYO_DELETE_JOB } from './klaviyo-deletion.js';
import { privacyFixtures, type Footprint } from './privacy-test-kit.js';

interface KlaviyoCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
const klaviyoCalls: KlaviyoCall[] = [];
const klaviyoFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  klaviyoCalls.push({
    url: String(input),
    headers: Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    ),
    body: JSON.parse(String(init?.body)),
  });
  return new Response(null, { status: 202 });
}) as typeof fetch;

let t: TestApp;
let inbox: Mailbox;
let admin: Person;
const f = privacyFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  inbox = await startMailbox();
  t = await createTestApp({
    env: {
      SMTP_URL: inbox.url,
      KLAVIYO_PRIVATE_KEY: 'pk_privacy_test',
      KLAVIYO_LIST_ID: 'LIST1',
      JOBS_POLL_MS: '600000',
    },
    app: { klaviyoFetch },
  });
  admin = await f.person({ isAdmin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const erase = (who: Footprint | Person, body: Record<string, unknown>, userId = who.id) =>
  f.call('POST', `/api/users/${userId}/erasure`, { token: who.token, body });

/** What identifies the person: e-mail, names and phone, as the account and the order hold them. */
const identifiers = (p: Footprint) => [
  ...new Set([p.email, p.firstName, p.lastName, p.phoneNumber, p.order.phone_number]),
];

/** Runs the jobs and the outbox until nothing more is due, the cleanup of the last e-mail included. */
async function settle() {
  await t.app.jobs.runDue();
  // The cleanup waits a minute for the mail server; here the e-mail has been delivered already.
  await db()
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 60_000) })
    .where(
      sql`${jobs.completedAt} is null and ${jobs.type} in (${FAREWELL_CLEANUP_JOB}, ${KLAVIYO_DELETE_JOB})`,
    );
  await t.app.jobs.runDue();
}

/** The personal columns of the orders CSV and the overview: everything else must stay the same. */
const PERSONAL = new Set([
  'address',
  'address2',
  'phone',
  'postal_code',
  'customer',
  'first',
  'last',
  'email',
  'first_name',
  'last_name',
  'phone_number',
  'shipping_address',
  'shipping_address2',
  'shipping_postal_code',
  'name',
  'generated_at',
  'user_id',
]);
const withoutPersonal = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutPersonal)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !PERSONAL.has(key))
            .map(([key, v]) => [key, withoutPersonal(v)]),
        )
      : value;

async function adminTotals() {
  const overview = await f.call('GET', '/api/admin/overview', { token: admin.token });
  expect(overview.statusCode, overview.body).toBe(200);
  const csv = await f.call('GET', '/api/admin/exports/orders.csv', { token: admin.token });
  expect(csv.statusCode).toBe(200);
  const sums = (await db().execute(
    sql`select count(*)::int as n, sum(total_cents)::int as total, sum(tax_cents)::int as tax,
        sum(subtotal_cents)::int as subtotal from ${orders}`,
  )) as { rows: unknown[] };
  const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
  return {
    overview: withoutPersonal(overview.json()),
    csv: csv.body,
    csvRows: withoutPersonal(rows),
    sums: sums.rows[0],
  };
}

describe('deleting one’s own account', () => {
  it('refuses anonymous callers, another customer, an admin for someone else, and a restore session', async () => {
    const owner = await f.footprint();
    const other = await f.person();
    expectMessage(
      await f.call('POST', `/api/users/${owner.id}/erasure`, { body: { currentPassword: owner.password } }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await erase(other, { currentPassword: owner.password }, owner.id),
      403,
      privacyMessages.ownAccountOnly,
    );
    expectMessage(
      await erase(admin, { currentPassword: owner.password }, owner.id),
      403,
      privacyMessages.ownAccountOnly,
    );
    // A session from a cart restore link (decision 0040) cannot delete the account.
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, owner.id));
    await db().update(sessions).set({ kind: 'restore' }).where(eq(sessions.tokenHash, session!.tokenHash));
    expectMessage(await erase(owner, { currentPassword: owner.password }), 403, messages.fullSessionRequired);
    expect(await db().select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
  });

  it('asks for the password, refuses a wrong one with 400 { message }, and changes nothing then', async () => {
    const owner = await f.footprint();
    expectMessage(await erase(owner, {}), 400, privacyMessages.currentPasswordForDeletion);
    expectMessage(
      await erase(owner, { currentPassword: 'not-my-password-1' }),
      400,
      messages.currentPasswordWrong,
    );
    expect(await db().select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    expect((await f.call('GET', `/api/users/${owner.id}`, { token: owner.token })).statusCode).toBe(200);
  });

  it('refuses an admin deleting their own account from the profile', async () => {
    const res = await erase(admin, { currentPassword: 'whatever it is' });
    expectMessage(res, 403, privacyMessages.adminCannotDeleteSelf);
  });

  it('is rate limited per client', async () => {
    const owner = await f.footprint();
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await f.call('POST', `/api/users/${owner.id}/erasure`, {
        token: owner.token,
        body: {},
        ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('leaves nothing of the person in any table, keeps the other customer, and the books add up', async () => {
    const person = await f.footprint({ admin });
    const other = await f.footprint({ admin });
    await settle();
    // Before: the search finds the person, so it would find what a deletion left behind.
    expect(await f.findAnywhere(identifiers(person))).not.toEqual([]);
    const before = await adminTotals();
    klaviyoCalls.length = 0;

    const res = await erase(person, { currentPassword: person.password });
    expect(res.statusCode, res.body).toBe(204);

    // Signed out everywhere.
    expectMessage(await f.call('GET', `/api/users/${person.id}`, { token: person.token }), 401);

    // Until the last e-mail has gone and Klaviyo has the request, only those two hold the address.
    // (the Klaviyo job may have run already: it starts as soon as the deletion commits).
    const waiting = await f.findAnywhere([person.email]);
    expect(waiting).toContain(`email_outbox.to: ${person.email} (1)`);
    expect([`email_outbox.to: ${person.email} (1)`, `jobs.payload: ${person.email} (1)`]).toEqual(
      expect.arrayContaining(waiting),
    );

    const farewell = await inbox.waitFor(person.email, /account has been deleted/);
    expect(farewell.text).toContain('deleted your Northbite account');
    expect(farewell.text).not.toContain(person.firstName);
    await settle();
    expect(await f.findAnywhere(identifiers(person))).toEqual([]);
    // The address book went with the account (decision 0049); the other customer's stays.
    const book = (userId: number) =>
      db().select().from(savedAddresses).where(eq(savedAddresses.userId, userId));
    expect(await book(person.id)).toEqual([]);
    expect(await book(other.id)).toHaveLength(1);
    // The password opens nothing any more (a failed sign-in is recorded by its address from now on).
    expectMessage(
      await f.call('POST', '/api/users/login', { body: { email: person.email, password: person.password } }),
      401,
      messages.invalidCredentials,
    );

    // Klaviyo was asked once, with the documented body.
    expect(klaviyoCalls).toHaveLength(1);
    expect(klaviyoCalls[0]).toMatchObject({
      url: 'https://a.klaviyo.com/api/data-privacy-deletion-jobs',
      headers: {
        authorization: 'Klaviyo-API-Key pk_privacy_test',
        revision: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
        'content-type': 'application/vnd.api+json',
      },
      body: {
        data: {
          type: 'data-privacy-deletion-job',
          attributes: { profile: { data: { type: 'profile', attributes: { email: person.email } } } },
        },
      },
    });
    const deletionJobs = await db().select().from(jobs).where(eq(jobs.type, KLAVIYO_DELETE_JOB));
    expect(deletionJobs).toHaveLength(1);
    expect(deletionJobs[0]!.completedAt).not.toBeNull();

    // The order is kept for the tax record: amounts, items, province; personal fields replaced.
    const [kept] = await db().select().from(orders).where(eq(orders.id, person.order.id));
    expect(kept).toMatchObject({
      userId: null,
      firstName: ERASED,
      lastName: ERASED,
      email: ERASED,
      phoneNumber: ERASED,
      shippingAddress: ERASED,
      shippingState: 'British Columbia',
      shippingCity: person.order.shipping_city,
      shippingPostalCode: person.order.shipping_postal_code.replace(/\s/g, '').slice(0, 3),
      totalCents: Math.round(person.order.total * 100),
    });
    expect(kept!.anonymisedAt).not.toBeNull();
    const after = await adminTotals();
    expect(after.sums).toEqual(before.sums);
    expect(after.overview).toEqual(before.overview);
    expect(after.csvRows).toEqual(before.csvRows);
    expect(after.csv).not.toContain(person.email);

    // The other customer keeps everything.
    expect(await f.findAnywhere([other.email, other.firstName, other.lastName])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users\.email/),
        expect.stringMatching(/^orders\.email/),
      ]),
    );
    expect((await f.call('GET', `/api/users/${other.id}`, { token: other.token })).statusCode).toBe(200);
  });

  it('an admin deleting an account erases exactly the same', async () => {
    const person = await f.footprint({ admin });
    await settle();
    const res = await f.call('DELETE', `/api/users/${person.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(204);
    const farewell = await inbox.waitFor(person.email, /account has been deleted/);
    expect(farewell.text).toContain('deleted by the shop');
    await settle();
    expect(await f.findAnywhere(identifiers(person))).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, person.order.id));
    expect(kept).toMatchObject({ email: ERASED, firstName: ERASED });
    const [intent] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, person.order.payment_intent_id!));
    expect(intent!.clientAddress).toBeNull();
    expect(JSON.stringify(intent!.checkout)).not.toContain(person.lastName);
  });

  it('writes nothing when a step fails: the transaction rolls everything back', async () => {
    const person = await f.footprint();
    await settle();
    // A trigger that makes the last write (the farewell e-mail) fail, as a database error would.
    await db().execute(sql`create function privacy_test_fail() returns trigger language plpgsql as
      $$ begin raise exception 'outbox unavailable'; end $$`);
    await db().execute(sql`create trigger privacy_test_fail before insert on email_outbox
      for each row execute function privacy_test_fail()`);
    try {
      const res = await erase(person, { currentPassword: person.password });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db().execute(sql`drop trigger privacy_test_fail on email_outbox`);
      await db().execute(sql`drop function privacy_test_fail()`);
    }
    const [row] = await db().select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ email: person.email, firstName: person.firstName });
    const [order] = await db().select().from(orders).where(eq(orders.id, person.order.id));
    expect(order).toMatchObject({ email: person.email, anonymisedAt: null });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, person.email))).not.toEqual([]);
  });
});
