/**
 * Durable background jobs in the `jobs` table (ARCHITECTURE: jobs and mail). A job is written in the
 * transaction of what caused it, so it exists exactly when that was committed; every instance polls
 * for due jobs and claims them with FOR UPDATE SKIP LOCKED, so each runs on one instance at a time.
 * A failed job is retried with exponential backoff up to its max attempts; a job whose instance died
 * mid-run is claimed again once its lock is older than LOCK_TIMEOUT. Handlers must be idempotent:
 * a crash between a handler's effect and the job's completion runs it again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

/** A claimed job not finished after this long is presumed lost with its instance and runs again. */
const LOCK_TIMEOUT = '10 minutes';
const BATCH = 10;

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  /** When the job becomes due; now when omitted. */
  runAt?: Date;
  maxAttempts?: number;
  /**
   * One job per key: enqueueing the same key again moves a job that has not run yet to the new
   * `runAt` (a debounce) and leaves a finished one alone.
   */
  dedupeKey?: string;
}

/** Thrown by a handler when retrying cannot help (a refused request): the job stops at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number },
) => Promise<void>;

type Executor = Pick<Database, 'insert'>;

/** Writes a job with the caller's executor (pass the transaction that caused it). */
export async function enqueueJob(executor: Executor, job: NewJob): Promise<void> {
  const values = {
    type: job.type,
    payload: job.payload,
    runAt: job.runAt ?? new Date(),
    maxAttempts: job.maxAttempts ?? 8,
    dedupeKey: job.dedupeKey ?? null,
  };
  if (!job.dedupeKey) {
    await executor.insert(jobs).values(values);
    return;
  }
  await executor
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      set: { runAt: values.runAt, payload: values.payload },
      // Only a job that has not started: a running or finished one keeps its history.
      setWhere: and(isNull(jobs.completedAt), isNull(jobs.lockedAt), eq(jobs.attempts, 0)),
    });
}

/**
 * Marks a job that has not started yet as done: its work was done another way (e.g. at once, by the
 * request that queued it as a backstop). The row stays as the record that it was needed; a job a
 * runner has already claimed is left to finish.
 */
export async function completePendingJob(
  executor: Pick<Database, 'update'>,
  dedupeKey: string,
): Promise<void> {
  await executor
    .update(jobs)
    .set({ completedAt: new Date() })
    .where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.lockedAt), isNull(jobs.completedAt)));
}

export interface JobRunner {
  /** Runs what is due now; returns how many jobs finished. Safe to call from several instances. */
  runDue(): Promise<number>;
  /** Starts a round in the background, e.g. right after enqueueing work that is due now. */
  runSoon(): void;
  /** Polls every `intervalMs` until `stop()`. */
  start(intervalMs: number): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export function createJobRunner(options: {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
}): JobRunner {
  const { db, log, handlers } = options;
  const worker = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim() {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(jobs)
        .where(
          and(
            isNull(jobs.completedAt),
            lte(jobs.runAt, sql`now()`),
            lt(jobs.attempts, jobs.maxAttempts),
            inArray(jobs.type, Object.keys(handlers)),
            or(isNull(jobs.lockedAt), lt(jobs.lockedAt, sql`now() - ${LOCK_TIMEOUT}::interval`)),
          ),
        )
        .orderBy(jobs.runAt, jobs.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(jobs)
        .set({ lockedAt: sql`now()`, lockedBy: worker, attempts: sql`${jobs.attempts} + 1` })
        .where(
          inArray(
            jobs.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    });
  }

  async function runDue(): Promise<number> {
    let finished = 0;
    // Keeps going while full batches come back, so a backlog drains in one round.
    for (;;) {
      const claimed = await claim();
      for (const job of claimed) {
        const handler = handlers[job.type]!;
        try {
          await handler(job.payload, { id: job.id, attempts: job.attempts });
          await db
            .update(jobs)
            .set({ completedAt: sql`now()`, lockedAt: null, lockedBy: null, lastError: null })
            .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
          finished++;
        } catch (error) {
          const permanent = error instanceof PermanentJobError;
          const giveUp = permanent || job.attempts >= job.maxAttempts;
          log[giveUp ? 'error' : 'warn'](
            { err: error, jobId: job.id, type: job.type, attempts: job.attempts },
            giveUp ? 'job failed for good' : 'job failed, will retry',
          );
          await db
            .update(jobs)
            .set({
              lockedAt: null,
              lockedBy: null,
              lastError: String((error as Error).message ?? error).slice(0, 500),
              ...(permanent ? { attempts: job.maxAttempts } : {}),
              // 30 s, 1, 2, 4, 8 ... minutes, at most a day.
              runAt: sql`now() + ${`${Math.min(30 * 2 ** (job.attempts - 1), 86_400)} seconds`}::interval`,
            })
            .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
        }
      }
      if (claimed.length < BATCH || stopped) return finished;
    }
  }

  // Work enqueued while a round runs may have been looked for already: one more round follows.
  let again = false;
  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = runDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'job round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };

  return {
    async runDue() {
      // A round already under way may have looked before the caller's work was due: run another.
      await running;
      return runOnce();
    },
    runSoon() {
      if (!stopped) void runOnce();
    },
    start(intervalMs) {
      if (timer) return;
      stopped = false;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
