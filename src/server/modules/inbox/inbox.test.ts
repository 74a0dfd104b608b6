/**
 * The admin's inbox through the real app: contact messages newest first with a read state,
 * newsletter sign-ups with their status and Klaviyo sync state, both paged and searchable by e-mail,
 * admins only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage, NewsletterSignup } from '../../../domain/inbox.js';
import { CONSENT_WORDING } from '../../../domain/consent.js';
import { messages } from '../../../domain/messages.js';
import { contactMessages, emailOutbox, jobs } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let customer: Person;
/** Klaviyo answers 202 to the first sign-up's job, and 500 to the second's until it gives up. */
const klaviyoFetch = (async (_url: string, init?: RequestInit) => {
  const body = String(init?.body ?? '');
  return new Response(body.includes('fails@') ? '{"errors":[]}' : '', {
    status: body.includes('fails@') ? 500 : 202,
  });
}) as typeof fetch;

beforeAll(async () => {
  t = await createTestApp({
    env: { KLAVIYO_PRIVATE_KEY: 'pk_test', KLAVIYO_LIST_ID: 'LIST1', JOBS_POLL_MS: '600000' },
    app: { klaviyoFetch },
  });
  admin = await f.person({ isAdmin: true });
  customer = await f.person();
  for (const [name, email] of [
    ['Ada Maple', 'ada@example.ca'],
    ['Ben Oak', 'ben@example.ca'],
    ['Cy Birch', 'cy_50@example.ca'],
  ]) {
    const res = await f.call('POST', '/api/contact', {
      body: { name, email, message: `Hello from ${name}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Two sign-ups confirmed through their links (read from the outbox: no mail server here), one not.
  for (const email of ['first@example.ca', 'fails@example.ca', 'unconfirmed@example.ca']) {
    expect((await f.call('POST', '/api/signup', { body: { email } })).statusCode).toBe(200);
    if (email === 'unconfirmed@example.ca') continue;
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const confirmed = await f.call('POST', '/api/signup/confirm', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
});
afterAll(() => t?.close());

const get = (url: string, token = admin.token) => f.call('GET', url, { token });

describe('GET /api/admin/messages', () => {
  it('lists contact messages newest first, unread, with totals, paged and searchable by e-mail', async () => {
    const all = await get('/api/admin/messages');
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<ContactMessage[]>();
    expect(list.map((m) => m.email)).toEqual(['cy_50@example.ca', 'ben@example.ca', 'ada@example.ca']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Cy Birch',
      email: 'cy_50@example.ca',
      message: 'Hello from Cy Birch',
      created_at: expect.any(String),
      read_at: null,
    });
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.headers['x-unread-count']).toBe('3');
    const page2 = await get('/api/admin/messages?page=2&pageSize=2');
    expect(page2.json<ContactMessage[]>().map((m) => m.email)).toEqual(['ada@example.ca']);
    expect((await get('/api/admin/messages?q=BEN')).json<ContactMessage[]>().map((m) => m.name)).toEqual([
      'Ben Oak',
    ]);
    // % and _ are plain characters.
    expect((await get('/api/admin/messages?q=%25')).json<ContactMessage[]>()).toHaveLength(0);
    expect((await get('/api/admin/messages?q=_')).json<ContactMessage[]>()).toHaveLength(1);
  });

  it('marks a message read and unread', async () => {
    const [first] = (await get('/api/admin/messages?q=ada')).json<ContactMessage[]>();
    const read = await f.call('PATCH', `/api/admin/messages/${first!.id}`, {
      token: admin.token,
      body: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ContactMessage>().read_at).toEqual(expect.any(String));
    expect((await get('/api/admin/messages')).headers['x-unread-count']).toBe('2');
    const again = await f.call('PATCH', `/api/admin/messages/${first!.id}`, {
      token: admin.token,
      body: { read: true },
    });
    expect(again.json<ContactMessage>().read_at).toBe(read.json<ContactMessage>().read_at);
    const unread = await f.call('PATCH', `/api/admin/messages/${first!.id}`, {
      token: admin.token,
      body: { read: false },
    });
    expect(unread.json<ContactMessage>().read_at).toBeNull();
    expectMessage(
      await f.call('PATCH', `/api/admin/messages/${first!.id}`, {
        token: admin.token,
        body: { read: 'yes' },
      }),
      400,
      'read must be true or false.',
    );
    expectMessage(
      await f.call('PATCH', '/api/admin/messages/999999', { token: admin.token, body: { read: true } }),
      404,
      'Message not found',
    );
  });

  it('refuses bad paging with 400', async () => {
    expectMessage(await get('/api/admin/messages?page=0'), 400, 'page must be a whole number from 1.');
    expectMessage(
      await get('/api/admin/messages?pageSize=201'),
      400,
      'pageSize must be a whole number from 1 to 200.',
    );
    expectMessage(
      await get(`/api/admin/messages?q=${'x'.repeat(201)}`),
      400,
      'q must be at most 200 characters.',
    );
  });
});

describe('GET /api/admin/newsletter-signups', () => {
  it('lists sign-ups newest first with their status and where Klaviyo stands with their consent', async () => {
    const before = (await get('/api/admin/newsletter-signups')).json<NewsletterSignup[]>();
    expect(before.map((s) => [s.email, s.status])).toEqual([
      ['unconfirmed@example.ca', 'pending'],
      ['fails@example.ca', 'confirmed'],
      ['first@example.ca', 'confirmed'],
    ]);
    // Nothing of an unconfirmed address goes to Klaviyo; Klaviyo refused the second: it waits for
    // its retry (the confirmations started their jobs already).
    expect(before[0]!.klaviyo).toBeNull();
    expect(before[1]!.klaviyo).toBe('pending');
    // The jobs run: the first reaches Klaviyo; the second fails until it gives up.
    await t.app.jobs.runDue();
    await t.database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.maxAttempts}` })
      .where(sql`${jobs.type} = 'klaviyo.consent' and ${jobs.payload}->>'email' = 'fails@example.ca'`);
    const after = await get('/api/admin/newsletter-signups');
    expect(after.json<NewsletterSignup[]>().map((s) => [s.email, s.klaviyo])).toEqual([
      ['unconfirmed@example.ca', null],
      ['fails@example.ca', 'failed'],
      ['first@example.ca', 'synced'],
    ]);
    expect(after.headers['x-total-count']).toBe('3');
    expect(after.json<NewsletterSignup[]>()[1]).toEqual({
      id: expect.any(Number),
      email: 'fails@example.ca',
      source: 'website',
      created_at: expect.any(String),
      status: 'confirmed',
      klaviyo: 'failed',
    });
    expect((await get('/api/admin/newsletter-signups?q=FIRST')).json<NewsletterSignup[]>()).toHaveLength(1);
  });

  it("follows the address's latest consent change: a withdrawal shows as unsubscribed, with its own job", async () => {
    await t.database.db.transaction((tx) =>
      t.app.consent.record(tx, {
        email: 'first@example.ca',
        channel: 'email',
        granted: false,
        source: 'unsubscribe-link',
        wording: CONSENT_WORDING.unsubscribeLink,
      }),
    );
    const withdrawn = (await get('/api/admin/newsletter-signups?q=first')).json<NewsletterSignup[]>();
    expect(withdrawn.map((s) => [s.status, s.klaviyo])).toEqual([['unsubscribed', 'pending']]);
    await t.app.jobs.runDue();
    const synced = (await get('/api/admin/newsletter-signups?q=first')).json<NewsletterSignup[]>();
    expect(synced.map((s) => [s.status, s.klaviyo])).toEqual([['unsubscribed', 'synced']]);
  });
});

describe('who may read the inbox', () => {
  it.each(['/api/admin/messages', '/api/admin/newsletter-signups'])(
    '%s: 401 anonymous, 403 customer',
    async (url) => {
      expectMessage(await f.call('GET', url), 401, messages.signInRequired);
      expectMessage(await get(url, customer.token), 403, messages.forbidden);
    },
  );

  it('PATCH /api/admin/messages/:id: 401 anonymous, 403 customer, nothing changed', async () => {
    const [row] = await t.database.db.select().from(contactMessages).limit(1);
    expectMessage(
      await f.call('PATCH', `/api/admin/messages/${row!.id}`, { body: { read: true } }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await f.call('PATCH', `/api/admin/messages/${row!.id}`, {
        token: customer.token,
        body: { read: true },
      }),
      403,
      messages.forbidden,
    );
    const [after] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(after!.readAt).toEqual(row!.readAt);
  });
});
