/**
 * The `klaviyo.subscribe` jobs that sign-ups queued before double opt-in (decision 0042), through
 * the jobs queue (KLAVIYO_PRIVATE_KEY + KLAVIYO_LIST_ID): the request Klaviyo gets, retries through
 * an outage, a refusal that stops at once; and a sign-up today, which queues nothing for Klaviyo
 * until its link is followed (newsletter.test.ts follows it). Klaviyo is a fake fetch the tests
 * control.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, newsletterSubscribers } from '../../db/schema.js';
import { checkoutFixtures, uniqueEmail } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { enqueueJob } from '../jobs/queue.js';
import { KLAVIYO_MAX_ATTEMPTS, klaviyoSubscribeJob } from './klaviyo.js';

const ENDPOINT = 'https://a.klaviyo.com/api/profile-subscription-bulk-create-jobs';
const MINUTE = 60_000;

interface KlaviyoCall {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A stand-in for Klaviyo: records each call and answers with the next queued status (202 after). */
function fakeKlaviyo() {
  const calls: KlaviyoCall[] = [];
  const answers: number[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    calls.push({
      url: String(input),
      method: init?.method,
      headers,
      body: JSON.parse(String(init?.body)),
    });
    const status = answers.shift() ?? 202;
    const body = status < 300 ? '' : JSON.stringify({ errors: [{ status, detail: 'fake' }] });
    return new Response(status === 202 ? null : body, { status });
  }) as typeof fetch;
  return { fetch: fakeFetch, calls, answers };
}

/** The e-mail of a Bulk Subscribe Profiles request body. */
const emailOf = (body: unknown) =>
  (body as { data: { attributes: { profiles: { data: { attributes: { email: string } }[] } } } }).data
    .attributes.profiles.data[0]!.attributes.email;

describe('with KLAVIYO_PRIVATE_KEY and KLAVIYO_LIST_ID', () => {
  let t: TestApp;
  const f = checkoutFixtures(() => t);
  const klaviyo = fakeKlaviyo();
  let queued = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: { KLAVIYO_PRIVATE_KEY: 'pk_test', KLAVIYO_LIST_ID: 'LIST1', JOBS_POLL_MS: '600000' },
      app: { klaviyoFetch: klaviyo.fetch },
    });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const signup = (email: string) => f.call('POST', '/api/signup', { body: { email } });
  /** A job as a sign-up wrote it before double opt-in. */
  const queuedBefore = (email: string) =>
    enqueueJob(db(), {
      job: klaviyoSubscribeJob,
      payload: { email, source: 'Newsletter sign-up' },
      maxAttempts: KLAVIYO_MAX_ATTEMPTS,
      dedupeKey: `klaviyo-subscribe-legacy-${++queued}`,
    });
  const jobsFor = (email: string) =>
    db()
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'email' = ${email}`);
  const callsFor = (email: string) => klaviyo.calls.filter((call) => emailOf(call.body) === email);
  const makeDue = (id: number) =>
    db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - MINUTE) })
      .where(eq(jobs.id, id));

  it('still sends a job queued before double opt-in to the Klaviyo list with the private key', async () => {
    const email = uniqueEmail('news');
    await queuedBefore(email);
    await t.app.jobs.runDue();

    const calls = callsFor(email);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(ENDPOINT);
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe('Klaviyo-API-Key pk_test');
    expect(call.headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(call.headers['content-type']).toBe('application/vnd.api+json');
    expect(call.body).toMatchObject({
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          profiles: {
            data: [
              {
                type: 'profile',
                attributes: { email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
              },
            ],
          },
        },
        relationships: { list: { data: { type: 'list', id: 'LIST1' } } },
      },
    });

    const [job] = await jobsFor(email);
    expect(job).toMatchObject({ attempts: 1, maxAttempts: KLAVIYO_MAX_ATTEMPTS, lastError: null });
    expect(job!.completedAt).not.toBeNull();
  });

  it('retries through a Klaviyo outage and loses nobody', async () => {
    const email = uniqueEmail('outage');
    klaviyo.answers.push(503);
    await queuedBefore(email);
    await t.app.jobs.runDue();

    const [failed] = await jobsFor(email);
    expect(failed!.completedAt).toBeNull();
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toMatch(/503/);
    expect(failed!.lockedAt).toBeNull();
    // Retried later (backoff), not now.
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(callsFor(email)).toHaveLength(1);

    await makeDue(failed!.id);
    await t.app.jobs.runDue();
    const [done] = await jobsFor(email);
    expect(done!.completedAt).not.toBeNull();
    expect(done!.attempts).toBe(2);
    expect(done!.lastError).toBeNull();
    const calls = callsFor(email);
    expect(calls).toHaveLength(2);
    expect(emailOf(calls[1]!.body)).toBe(email);
  });

  it('stops at once when Klaviyo refuses the request with 400', async () => {
    const email = uniqueEmail('refused');
    klaviyo.answers.push(400);
    await queuedBefore(email);
    await t.app.jobs.runDue();

    const [job] = await jobsFor(email);
    expect(job!.completedAt).toBeNull();
    expect(job!.attempts).toBe(job!.maxAttempts);
    expect(job!.maxAttempts).toBe(KLAVIYO_MAX_ATTEMPTS);
    expect(job!.lastError).toMatch(/400/);
    expect(callsFor(email)).toHaveLength(1);

    // Even when due again, it is not tried another time.
    await makeDue(job!.id);
    await t.app.jobs.runDue();
    expect(callsFor(email)).toHaveLength(1);
    expect((await jobsFor(email))[0]!.completedAt).toBeNull();
  });

  it('queues nothing for Klaviyo when an address is signed up, once or twice, until its link is followed', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await signup(email)).statusCode).toBe(200);
    expect((await signup(email)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await jobsFor(email)).toEqual([]);
    expect(callsFor(email)).toEqual([]);
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(row?.status).toBe('pending');
  });
});

describe('without the Klaviyo keys', () => {
  let t: TestApp;
  const f = checkoutFixtures(() => t);
  const klaviyo = fakeKlaviyo();

  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_POLL_MS: '600000' }, app: { klaviyoFetch: klaviyo.fetch } });
  });
  afterAll(() => t?.close());

  it('signs up without writing a job', async () => {
    const email = uniqueEmail('local');
    const res = await f.call('POST', '/api/signup', { body: { email } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    const subscribers = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(subscribers).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.type} like 'klaviyo.%'`),
    ).toEqual([]);
    expect(klaviyo.calls).toHaveLength(0);
  });
});
