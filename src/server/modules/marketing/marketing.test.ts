import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const signup = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/signup', payload: payload as object });

describe('POST /api/signup', () => {
  it('subscribes an e-mail once, whatever its case', async () => {
    const first = await signup({ email: 'Snacker@Example.ca' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: expect.stringContaining('Thanks for subscribing') });
    const again = await signup({ email: 'snacker@example.CA ' });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'snacker@example.ca'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{}, 'Email is required!'],
    [{ email: '' }, 'Email is required!'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ email: 42 }, 'Email is required!'],
    [['a@b.ca'], 'Invalid input: expected object, received array'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});
