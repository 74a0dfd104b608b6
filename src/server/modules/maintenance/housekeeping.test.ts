import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextHousekeepingRun } from '../../../domain/retention.js';
import {
  accountTokens,
  emailOutbox,
  jobs,
  newsletterSubscribers,
  processedEvents,
  sessions,
  webVitalBuckets,
} from '../../db/schema.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { IMAGE_GC_JOB } from '../images/garbage.js';
import { REFUND_JOB } from '../orders/service.js';
import { HOUSEKEEPING_JOB, scheduleHousekeeping } from './housekeeping.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  // No polling: the test runs the jobs itself.
  t = await createTestApp({ seed: false, env: { JOBS_POLL_MS: '600000' } });
});
afterAll(() => t?.close());

const queuedRuns = () =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, HOUSEKEEPING_JOB), isNull(jobs.completedAt)));

describe('housekeeping', () => {
  it('is queued once for the next 08:00 UTC by the start, however often it is queued again', async () => {
    const runAt = nextHousekeepingRun(new Date());
    await scheduleHousekeeping(db());
    await scheduleHousekeeping(db());
    const queued = await queuedRuns();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.toISOString()).toBe(runAt.toISOString());
    expect(queued[0]!.dedupeKey).toBe(`${HOUSEKEEPING_JOB}:${runAt.toISOString()}`);
  });

  it('deletes what has done its work past its retention, keeps everything else, and queues the next day', async () => {
    const shopper = await f.person();
    const token = (name: string) => `housekeeping-${name}-${shopper.id}`;
    await db()
      .insert(sessions)
      .values([
        { tokenHash: token('expired-8-days'), userId: shopper.id, expiresAt: daysAgo(8) },
        { tokenHash: token('expired-6-days'), userId: shopper.id, expiresAt: daysAgo(6) },
      ]);
    const link = (tokenHash: string, expiredDaysAgo: number) => ({
      userId: shopper.id,
      purpose: 'reset-password' as const,
      tokenHash,
      email: shopper.email,
      expiresAt: daysAgo(expiredDaysAgo),
    });
    await db()
      .insert(accountTokens)
      .values([link('link-expired-8-days', 8), link('link-expired-6-days', 6), link('link-live', -1)]);
    await db()
      .insert(processedEvents)
      .values([
        { id: 'evt_old', provider: 'stripe', type: 'payment_intent.succeeded', receivedAt: daysAgo(31) },
        { id: 'evt_recent', provider: 'stripe', type: 'payment_intent.succeeded', receivedAt: daysAgo(29) },
      ]);
    const mail = (subject: string, status: string, days: number) => ({
      to: 'shopper@example.com',
      subject,
      text: 'Hello',
      status,
      createdAt: daysAgo(days),
    });
    await db()
      .insert(emailOutbox)
      .values([
        mail('sent long ago', 'sent', 91),
        mail('stored long ago', 'stored', 91),
        mail('failed long ago', 'failed', 91),
        mail('pending long ago', 'pending', 91),
        mail('sent lately', 'sent', 89),
      ]);
    // Each queued `queued` days ago; `finished` days ago it completed, or ran its last attempt.
    const job = (dedupeKey: string, type: string, queued: number, finished: number, state: object) => ({
      type,
      payload: {},
      dedupeKey,
      createdAt: daysAgo(queued),
      runAt: daysAgo(finished),
      ...state,
    });
    const done = (days: number) => ({ completedAt: daysAgo(days), attempts: 1 });
    const givenUp = { attempts: 5, maxAttempts: 5 };
    await db()
      .insert(jobs)
      .values([
        job('done-long-ago', 'klaviyo.subscribe', 95, 91, done(91)),
        job('given-up-long-ago', 'klaviyo.subscribe', 95, 91, givenUp),
        job('refund-long-ago', REFUND_JOB, 400, 400, done(400)),
        job('refund-given-up', REFUND_JOB, 400, 400, { attempts: 20, maxAttempts: 20 }),
        // On its last attempt and running now: not given up yet.
        job('running-last-attempt', 'klaviyo.subscribe', 95, 91, { ...givenUp, lockedAt: new Date() }),
        job('retrying', 'klaviyo.subscribe', 95, 91, { attempts: 2, maxAttempts: 5 }),
        // Queued long ago, finished lately: kept for the whole period from when it finished.
        job('queued-long-ago-done-lately', 'klaviyo.subscribe', 200, 89, done(89)),
        job('given-up-lately', 'klaviyo.subscribe', 200, 89, givenUp),
      ]);

    // Newsletter sign-ups: one never confirmed whose last link went out 8 days ago is deleted; a
    // pending one from 6 days ago, and confirmed and unsubscribed ones however old, stay.
    const signup = (email: string, status: string, days: number) => ({
      email,
      status,
      confirmTokenHash: status === 'pending' ? `hash-${email}` : null,
      createdAt: daysAgo(days),
    });
    await db()
      .insert(newsletterSubscribers)
      .values([
        signup('pending-8-days@example.ca', 'pending', 8),
        signup('pending-6-days@example.ca', 'pending', 6),
        signup('confirmed-400-days@example.ca', 'confirmed', 400),
        signup('unsubscribed-400-days@example.ca', 'unsubscribed', 400),
      ]);

    // Web Vitals' histograms of 92 and 88 days ago (decision 0072): the first is past 90 days.
    const day = (days: number) => daysAgo(days).toISOString().slice(0, 10);
    const vital = {
      route: '/shop',
      device: 'mobile',
      connection: '4g',
      metric: 'LCP',
      bucket: 150,
      count: 3,
    } as const;
    await db()
      .insert(webVitalBuckets)
      .values([
        { ...vital, day: day(92) },
        { ...vital, day: day(88) },
      ]);

    // The run queued at start, made due now.
    const [queued] = await queuedRuns();
    await db()
      .update(jobs)
      .set({ runAt: daysAgo(0) })
      .where(eq(jobs.id, queued!.id));
    await t.app.jobs.runDue();

    const tokens = await db().select({ id: sessions.tokenHash }).from(sessions);
    expect(tokens.map((row) => row.id)).not.toContain(token('expired-8-days'));
    expect(tokens.map((row) => row.id)).toContain(token('expired-6-days'));
    // The shopper's live session stays.
    expect(tokens.length).toBe(2);
    expect((await db().select().from(processedEvents)).map((row) => row.id)).toEqual(['evt_recent']);
    expect(
      (await db().select().from(accountTokens).where(eq(accountTokens.userId, shopper.id)))
        .map((row) => row.tokenHash)
        .sort(),
    ).toEqual(['link-expired-6-days', 'link-live']);
    expect((await db().select().from(emailOutbox)).map((row) => row.subject).sort()).toEqual([
      'pending long ago',
      'sent lately',
    ]);
    expect((await db().select().from(newsletterSubscribers)).map((row) => row.email).sort()).toEqual([
      'confirmed-400-days@example.ca',
      'pending-6-days@example.ca',
      'unsubscribed-400-days@example.ca',
    ]);
    expect((await db().select().from(webVitalBuckets)).map((row) => row.day)).toEqual([day(88)]);
    const left = await db().select().from(jobs);
    expect(
      left
        // The daily runs themselves (image garbage collection is queued by every start too).
        .filter((row) => row.type !== HOUSEKEEPING_JOB && row.type !== IMAGE_GC_JOB)
        .map((row) => row.dedupeKey)
        .sort(),
    ).toEqual([
      'given-up-lately',
      'queued-long-ago-done-lately',
      'refund-given-up',
      'refund-long-ago',
      'retrying',
      'running-last-attempt',
    ]);

    // This run is done, and the next is queued for the day after it.
    const runs = left.filter((row) => row.type === HOUSEKEEPING_JOB);
    expect(runs.find((row) => row.id === queued!.id)?.completedAt).toBeInstanceOf(Date);
    const next = runs.filter((row) => row.completedAt === null);
    expect(next.map((row) => row.runAt.toISOString())).toEqual([
      new Date(queued!.runAt.getTime() + 86_400_000).toISOString(),
    ]);
  });
});
