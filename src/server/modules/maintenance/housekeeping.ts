/**
 * Daily housekeeping: deletes the records that have done their work once they are older than
 * src/domain/retention.ts allows (expired sessions and account links, applied provider events,
 * finished e-mails and jobs, newsletter sign-ups never confirmed), and anonymises orders past
 * ORDER_RETENTION_YEARS (decision 0043). It is a job like any other, so one instance runs it, a
 * failure is retried, and each run queues the next. Every start queues the next run too, under a key
 * naming its time, so restarts and several instances still make one job per day.
 */
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FINISHED_EMAIL_STATUSES, nextHousekeepingRun, RETENTION_DAYS } from '../../../domain/retention.js';
import { housekeepingJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import type { Database } from '../../db/client.js';
import {
  accountTokens,
  emailOutbox,
  jobs,
  newsletterSubscribers,
  processedEvents,
  sessions,
  webVitalBuckets,
} from '../../db/schema.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/queue.js';
import { REFUND_JOB } from '../orders/service.js';
import { anonymiseExpiredOrders } from '../privacy/retention.js';

export const housekeepingJob = defineJob('maintenance.housekeeping', housekeepingJobPayloadSchema);
export const HOUSEKEEPING_JOB = housekeepingJob.type;

export interface HousekeepingResult {
  expiredSessions: number;
  expiredAccountLinks: number;
  processedEvents: number;
  finishedEmails: number;
  finishedJobs: number;
  pendingSignups: number;
  webVitalDays: number;
}

const olderThan = (days: number) => sql`now() - ${`${days} days`}::interval`;

/** Queues the run after `after` (idempotent: one job per run time, whoever queues it). */
export async function scheduleHousekeeping(db: Pick<Database, 'insert'>, after = new Date()): Promise<void> {
  const runAt = nextHousekeepingRun(after);
  await enqueueJob(db, {
    job: housekeepingJob,
    payload: { runAt: runAt.toISOString() },
    runAt,
    maxAttempts: 5,
    dedupeKey: `${HOUSEKEEPING_JOB}:${runAt.toISOString()}`,
  });
}

export async function pruneOldRecords(db: Database): Promise<HousekeepingResult> {
  const expired = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, olderThan(RETENTION_DAYS.expiredSessions)))
    .returning({ id: sessions.tokenHash });
  const links = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, olderThan(RETENTION_DAYS.expiredAccountLinks)))
    .returning({ id: accountTokens.id });
  const events = await db
    .delete(processedEvents)
    .where(lt(processedEvents.receivedAt, olderThan(RETENTION_DAYS.processedEvents)))
    .returning({ id: processedEvents.id });
  // Only finished e-mails: pending and sending ones are never pruned, however old.
  const emails = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, [...FINISHED_EMAIL_STATUSES]),
        lt(emailOutbox.createdAt, olderThan(RETENTION_DAYS.finishedEmails)),
      ),
    )
    .returning({ id: emailOutbox.id });
  const finishedJobs = await db
    .delete(jobs)
    .where(
      and(
        ne(jobs.type, REFUND_JOB),
        // Counted from when it finished (a given-up job's run_at is its last attempt), not from when
        // it was queued: a job queued long ago that ran today is kept for the whole period.
        lt(sql`coalesce(${jobs.completedAt}, ${jobs.runAt})`, olderThan(RETENTION_DAYS.finishedJobs)),
        or(
          isNotNull(jobs.completedAt),
          // Given up on: out of attempts and not running.
          and(isNull(jobs.lockedAt), sql`${jobs.attempts} >= ${jobs.maxAttempts}`),
        ),
      ),
    )
    .returning({ id: jobs.id });
  // A pending sign-up's created_at is when its latest link was sent (marketing/service.ts).
  const pendingSignups = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        lt(newsletterSubscribers.createdAt, olderThan(RETENTION_DAYS.pendingNewsletterSignups)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  // Histogram days past the window (a run usually finds one: yesterday's 91st day).
  const vitalRows = await db
    .delete(webVitalBuckets)
    .where(lt(webVitalBuckets.day, sql`(current_date - ${RETENTION_DAYS.webVitalDays}::int)`))
    .returning({ day: webVitalBuckets.day });
  return {
    expiredSessions: expired.length,
    expiredAccountLinks: links.length,
    processedEvents: events.length,
    finishedEmails: emails.length,
    finishedJobs: finishedJobs.length,
    pendingSignups: pendingSignups.length,
    webVitalDays: new Set(vitalRows.map((row) => row.day)).size,
  };
}

export function housekeepingHandler(
  db: Database,
  log: FastifyBaseLogger,
  orderRetentionYears: number,
): JobHandler<typeof housekeepingJob> {
  return async ({ runAt: scheduled }) => {
    // The next run first, so that a run failing for good does not end the daily chain. It comes
    // after this one's time too: were this host's clock behind the database's, "after now" could
    // name this very run, whose key is taken.
    const now = new Date();
    await scheduleHousekeeping(db, scheduled > now ? scheduled : now);
    const pruned = await pruneOldRecords(db);
    const anonymisedOrders = await anonymiseExpiredOrders(db, orderRetentionYears);
    log.info({ pruned, anonymisedOrders }, 'housekeeping done');
  };
}
