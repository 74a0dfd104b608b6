import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, newsletterSubscribers } from '../../db/schema.js';
import { messages } from '../../../domain/messages.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

describe('POST /api/signup', () => {
  it('writes an e-mail once, whatever its case, as pending, and asks its owner to confirm', async () => {
    const first = await post('/api/signup', { email: 'Snacker@Example.ca' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: messages.newsletterCheckInbox });
    const again = await post('/api/signup', { email: 'snacker@example.CA ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: messages.newsletterCheckInbox });
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'snacker@example.ca'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'snacker@example.ca', status: 'pending', confirmedAt: null });
    // No SMTP_URL in tests: the confirmation e-mails are kept in the outbox (newsletter.test.ts
    // follows their links through a mail server).
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'snacker@example.ca'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Please confirm your Northbite newsletter subscription',
      'Please confirm your Northbite newsletter subscription',
    ]);
    expect(mails[1]!.text).toMatch(/\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
  });

  it.each([
    [{}, 'Email is required!'],
    [{ email: '' }, 'Email is required!'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ email: 42 }, 'Email is required!'],
    [['a@b.ca'], 'Invalid input: expected object, received array'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await post('/api/signup', payload, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('limits each client to 10 sign-ups in 15 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/signup', { email: `n${i}@x.ca` }, '10.0.0.3')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await post('/api/signup', { email: 'late@x.ca' }, '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please wait a few minutes and try again.',
    });
    // Another client is not affected.
    expect((await post('/api/signup', { email: 'other@x.ca' }, '10.0.0.4')).statusCode).toBe(200);
  });
});

describe('POST /api/contact', () => {
  it('stores the message and queues an e-mail to the shop in the outbox', async () => {
    const res = await post(
      '/api/contact',
      { name: ' Priya ', email: 'Priya@Example.ca', message: 'Wholesale?' },
      '10.1.0.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you for contacting us. We will get back to you shortly!' });

    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'priya@example.ca'));
    expect(stored).toMatchObject({ name: 'Priya', message: 'Wholesale?' });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'priya@example.ca'));
    // No SMTP_URL in tests: the e-mail is kept in the outbox, not lost.
    expect(mail).toMatchObject({ to: 'hello@northbite.ca', status: 'stored' });
    expect(mail?.text).toContain('Wholesale?');
    expect(mail?.subject).toBe('Northbite contact form: message from Priya');
    expect(mail?.text).toMatch(/^Priya <priya@example.ca> wrote/);
  });

  it('writes the sender as "a visitor" when the name carries a link (the message stays as sent)', async () => {
    const res = await post(
      '/api/contact',
      { name: 'Urgent: see https://evil.example', email: 'lure@example.ca', message: 'Hello' },
      '10.1.0.2',
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'lure@example.ca'));
    expect(mail?.subject).toBe('Northbite contact form: message from a visitor');
    // Then the footer every e-mail has (decision 0044).
    expect(mail?.text).toMatch(
      /^A visitor <lure@example.ca> wrote through the contact form:\n\nHello\n\n-- \n/,
    );
  });

  it.each([
    [{ email: 'a@b.ca', message: 'hi' }, 'Please enter your name.'],
    [{ name: '   ', email: 'a@b.ca', message: 'hi' }, 'Please enter your name.'],
    [{ name: 'A', message: 'hi' }, 'Email is required!'],
    [{ name: 'A', email: 'a@', message: 'hi' }, 'Please enter a valid email address.'],
    [{ name: 'A', email: 'a@b.ca' }, 'Please enter a message.'],
    [
      { name: 'A', email: 'a@b.ca', message: 'x'.repeat(5001) },
      'Please keep your message under 5,000 characters.',
    ],
  ])('refuses bad input (case %#) with 400 and stores nothing', async (payload, message) => {
    const before = await t.database.db.select().from(contactMessages);
    const res = await post('/api/contact', payload, `10.1.1.${message.length}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('limits each client to 5 messages in 15 minutes', async () => {
    const body = { name: 'A', email: 'a@b.ca', message: 'hello' };
    for (let i = 0; i < 5; i++) expect((await post('/api/contact', body, '10.1.0.3')).statusCode).toBe(200);
    const limited = await post('/api/contact', body, '10.1.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('message');
  });
});

describe('GET /api/google-reviews', () => {
  it('serves the stored reviews when Google is not configured', async () => {
    const res = await t.app.inject('/api/google-reviews');
    expect(res.statusCode).toBe(200);
    const { reviews } = res.json() as {
      reviews: { name: string; rating: number; text: string; date: string }[];
    };
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    for (const r of reviews) {
      expect(r).toEqual({
        name: expect.any(String),
        rating: expect.any(Number),
        text: expect.any(String),
        date: expect.any(String),
        profilePhoto: null,
      });
    }
  });
});
