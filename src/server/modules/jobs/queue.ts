/**
 * The one background engine (decisions 0016, 0025). It works two kinds of job types:
 *
 * - Row jobs, one row of the `jobs` table each (reminders, refunds, Klaviyo sign-ups, housekeeping).
 *   A job is written in the transaction of what caused it, so it exists exactly when that was
 *   committed. A failed job is retried with exponential backoff up to its max attempts; a job whose
 *   instance died mid-run is claimed again once its lock is older than LOCK_TIMEOUT. Handlers must be
 *   idempotent: a crash between a handler's effect and the job's completion runs it again.
 * - Table jobs, whose work is the rows of a table of their own with its own states: mail delivery
 *   over the outbox (mail/mailer.ts, decision 0009). They are added with `add()`.
 *
 * A row job's type is declared once, with `defineJob`, by its name and the schema of its payload
 * (src/domain/stored/job-payloads.ts, decision 0047): `enqueueJob` takes only a payload of that
 * schema, and the runner parses the stored payload before the handler gets it. A payload that does
 * not parse (written by another build, or by hand) is parked: logged once with the zod issues and
 * stopped at once, like a PermanentJobError, and the round goes on with the next job.
 *
 * Both claim with `claimDue` (FOR UPDATE SKIP LOCKED, the claim committed before any work), so each
 * row is worked by one instance at a time. Every job type runs in a lane of its own (the row jobs
 * are one lane), so a backlog of e-mails does not hold a refund back: one round at a time, a wake-up
 * that arrives during a round brings one more round after it, polling is the backstop, and `stop()`
 * claims nothing more and waits for the rounds under way.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { describeIssues, StoredRecordError } from '../../../domain/stored/versions.js';
import type { Database } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import type { JobDefinition, JobHandler, JobPayloadInput } from './definition.js';
import { currentSpanFailed, inSpan, untraced } from '../../observability/tracing.js';

export {
  defineJob,
  type JobDefinition,
  type JobHandler,
  type JobPayload,
  type JobPayloadInput,
  type JobPayloadSchema,
} from './definition.js';

/** A claimed job not finished after this long is presumed lost with its instance and runs again. */
const LOCK_TIMEOUT = '10 minutes';
const BATCH = 10;

interface JobOptions {
  /** When the job becomes due; now when omitted. */
  runAt?: Date;
  maxAttempts?: number;
  /**
   * One job per key: enqueueing the same key again moves a job that has not run yet to the new
   * `runAt` (a debounce) and leaves a finished one alone.
   */
  dedupeKey?: string;
}

export interface NewJob<Job extends JobDefinition> extends JobOptions {
  job: Job;
  payload: JobPayloadInput<Job>;
}

/** Thrown by a handler when retrying cannot help (a refused request): the job stops at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** A job type whose work is the rows of its own table (see the top of this file). */
export interface TableJob {
  /**
   * One round: claims due rows with `claimDue` and works them, batch after batch while full ones come
   * back, claiming nothing more once `stopping()` is true. Answers how many were done.
   */
  runDue(stopping: () => boolean): Promise<number>;
  /** How often it is polled once started; the runner's interval when omitted. */
  pollMs?: number;
  /** After `stop()`, once its last round ended: gives back what it holds (connections). */
  close?(): void;
}

type Executor = Pick<Database, 'insert'>;

/**
 * Writes a job with the caller's executor (pass the transaction that caused it). The payload is
 * checked against its schema first: what the runner would park is never written.
 */
export async function enqueueJob<Job extends JobDefinition>(
  executor: Executor,
  job: NewJob<Job>,
): Promise<void> {
  const definition: JobDefinition = job.job;
  const checked = definition.schema.safeParse(job.payload);
  if (!checked.success) {
    throw new StoredRecordError(`the job payload of ${definition.type}`, checked.error.issues);
  }
  const values = {
    type: definition.type,
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

/**
 * The claim of every job type: in one transaction, up to `limit` rows of `table` matching `due` that
 * no other transaction holds (FOR UPDATE SKIP LOCKED: another instance's claim is skipped, not
 * waited for) are given `set`, and that is committed before any work starts. Answers the rows as
 * they are after `set`, in `orderBy` order.
 */
export async function claimDue<T extends PgTable & { id: PgColumn }>(
  db: Database,
  table: T,
  options: { due: SQL | undefined; orderBy: (PgColumn | SQL)[]; limit: number; set: PgUpdateSetSource<T> },
): Promise<T['$inferSelect'][]> {
  return db.transaction(async (tx) => {
    const due = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(options.due)
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .for('update', { skipLocked: true })) as { id: number }[];
    if (due.length === 0) return [];
    const order = new Map(due.map((row, i) => [row.id, i]));
    const claimed = (await tx
      .update(table)
      .set(options.set)
      .where(inArray(table.id, [...order.keys()]))
      .returning()) as (T['$inferSelect'] & { id: number })[];
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  });
}

export interface JobRunner {
  /** Runs the jobs of this row job type with `handler`, from the next round on. */
  handle<Job extends JobDefinition>(definition: Job, handler: JobHandler<Job>): void;
  /** Adds a table job (mail delivery) under its type. */
  add(type: string, job: TableJob): void;
  /**
   * Runs what is due now, of every job type, after any round under way; returns how many jobs (and
   * table job rows) finished. Safe to call from several instances. Nothing after `stop()`.
   */
  runDue(): Promise<number>;
  /**
   * Starts a round in the background right after committing work that is due now: of that table
   * job, or of the row jobs (all of one lane) when `type` is not one. During a round, one more
   * round follows it.
   */
  runSoon(type?: string): void;
  /** Polls every `intervalMs` (a table job at its own `pollMs`) until `stop()`. */
  start(intervalMs: number): void;
  /** Claims nothing more, waits for the rounds in progress, then closes the table jobs. */
  stop(): Promise<void>;
}

/** One job type's rounds: one at a time, and a wake during a round brings one more after it. */
interface Lane {
  run(): Promise<number>;
  /** The round under way, if any. */
  current(): Promise<number> | undefined;
}

/**
 * A row job type's handler behind its parser: the stored payload parsed, with the handler to run on
 * it, or why it does not parse.
 */
type ParsingHandler = (
  payload: unknown,
) => { run: (job: { id: number; attempts: number }) => Promise<void> } | { issues: z.core.$ZodIssue[] };

export function createJobRunner(options: { db: Database; log: FastifyBaseLogger }): JobRunner {
  const { db, log } = options;
  const handlers = new Map<string, ParsingHandler>();
  const worker = randomUUID();
  let stopped = false;
  let pollingEvery: number | undefined;
  const timers: NodeJS.Timeout[] = [];
  const tableJobs = new Map<string, { job: TableJob; lane: Lane }>();

  function lane(type: string, round: () => Promise<number>): Lane {
    let running: Promise<number> | undefined;
    let again = false;
    const run = (): Promise<number> => {
      if (running) {
        // The round under way may have looked for work already: the new work gets a round of its own.
        again = true;
        return running;
      }
      again = false;
      // A round asked for by a request (runSoon) is not part of that request's trace.
      running = untraced(round)
        .catch((error: unknown) => {
          log.error({ err: error, type }, 'job round failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
          if (again && !stopped) void run();
        });
      return running;
    };
    return { run, current: () => running };
  }

  const rowJobs = lane('jobs', async () => {
    const types = [...handlers.keys()];
    let finished = 0;
    // Keeps going while full batches come back, so a backlog drains in one round.
    while (types.length > 0 && !stopped) {
      const claimed = await claimDue(db, jobs, {
        due: and(
          isNull(jobs.completedAt),
          lte(jobs.runAt, sql`now()`),
          lt(jobs.attempts, jobs.maxAttempts),
          inArray(jobs.type, types),
          or(isNull(jobs.lockedAt), lt(jobs.lockedAt, sql`now() - ${LOCK_TIMEOUT}::interval`)),
        ),
        orderBy: [jobs.runAt, jobs.id],
        limit: BATCH,
        set: { lockedAt: sql`now()`, lockedBy: worker, attempts: sql`${jobs.attempts} + 1` },
      });
      for (const job of claimed) {
        // Each job a trace of its own, its statements and calls its children (decision 0074).
        const done = await inSpan(
          `job ${job.type}`,
          { root: true, attributes: { 'job.type': job.type, 'job.id': job.id, 'job.attempt': job.attempts } },
          () => runJob(job),
        );
        if (done) finished++;
      }
      if (claimed.length < BATCH) break;
    }
    return finished;
  });

  /** Runs one claimed job and records how it went; true when it finished. */
  async function runJob(job: typeof jobs.$inferSelect): Promise<boolean> {
    const parsed = handlers.get(job.type)!(job.payload);
    // Every write after the claim is guarded by it: a job taken over from this worker is left alone.
    const ours = and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker));
    if ('issues' in parsed) {
      // Parked: no retry can make it parse. Stopped at once, as a PermanentJobError stops a job, and
      // kept (until housekeeping) with the reason as its last error (decision 0047).
      log.error(
        { jobId: job.id, type: job.type, attempts: job.attempts, issues: parsed.issues },
        'job payload does not parse: parked, not retried',
      );
      await db
        .update(jobs)
        .set({
          lockedAt: null,
          lockedBy: null,
          lastError: `payload does not parse: ${describeIssues(parsed.issues)}`.slice(0, 500),
          attempts: job.maxAttempts,
          runAt: sql`now()`,
        })
        .where(ours);
      return false;
    }
    try {
      await parsed.run({ id: job.id, attempts: job.attempts });
      await db
        .update(jobs)
        .set({ completedAt: sql`now()`, lockedAt: null, lockedBy: null, lastError: null })
        .where(ours);
      return true;
    } catch (error) {
      currentSpanFailed(error);
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
        .where(ours);
      return false;
    }
  }

  const lanes = () => [rowJobs, ...[...tableJobs.values()].map((entry) => entry.lane)];

  function poll(run: () => Promise<number>, intervalMs: number) {
    void run();
    const timer = setInterval(() => void run(), intervalMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    handle<Job extends JobDefinition>(definition: Job, handler: JobHandler<Job>) {
      const { type } = definition;
      if (tableJobs.has(type) || handlers.has(type)) throw new Error(`job type ${type} is already handled`);
      handlers.set(type, (payload) => {
        const parsed = z.safeParse<Job['schema']>(definition.schema, payload);
        if (!parsed.success) return { issues: parsed.error.issues };
        return { run: (job) => handler(parsed.data, job) };
      });
    },
    add(type, job) {
      if (tableJobs.has(type) || handlers.has(type)) throw new Error(`job type ${type} is already handled`);
      const entry = { job, lane: lane(type, () => job.runDue(() => stopped)) };
      tableJobs.set(type, entry);
      if (pollingEvery !== undefined) poll(entry.lane.run, job.pollMs ?? pollingEvery);
    },
    async runDue() {
      const counts = lanes().map(async (each) => {
        // A round already under way may have looked before the caller's work was due: run another.
        await each.current();
        return stopped ? 0 : each.run();
      });
      return (await Promise.all(counts)).reduce((sum, count) => sum + count, 0);
    },
    runSoon(type) {
      if (stopped) return;
      const table = type === undefined ? undefined : tableJobs.get(type);
      void (table?.lane ?? rowJobs).run();
    },
    start(intervalMs) {
      if (pollingEvery !== undefined) return;
      stopped = false;
      pollingEvery = intervalMs;
      poll(rowJobs.run, intervalMs);
      for (const { job, lane: each } of tableJobs.values()) poll(each.run, job.pollMs ?? intervalMs);
    },
    async stop() {
      stopped = true;
      pollingEvery = undefined;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(lanes().map((each) => each.current()));
      for (const { job } of tableJobs.values()) job.close?.();
    },
  };
}
