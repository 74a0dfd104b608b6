/**
 * The jobs runner on the test database (PGlite, or PostgreSQL with DATABASE_URL): two workers on one
 * database, a worker that died holding a job, backoff up to the last attempt, a wake-up during a
 * round, stopping, a payload that does not parse (parked at once), and a table job (the kind mail
 * delivery is) driven by the same runner. Each test uses job types of its own, so the runners only
 * see their own rows.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import {
  createJobRunner,
  defineJob,
  enqueueJob,
  PermanentJobError,
  type JobDefinition,
  type JobHandler,
  type JobRunner,
} from './queue.js';

const log = pino({ level: process.env.JOBS_TEST_LOG ?? 'silent' });
const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
/** A second connection pool on the same database (PostgreSQL), as another instance would have. */
let other: DatabaseHandle | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) other = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 });
});
afterAll(async () => {
  await other?.close();
  await database.destroy();
});

/** A promise the test settles by hand. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const rowsOf = (type: string) => database.db.select().from(jobs).where(eq(jobs.type, type)).orderBy(jobs.id);

/** Time passes for these jobs: their due time and lock move back by `seconds`. */
async function passTime(type: string, seconds: number) {
  const back = sql`${`${seconds} seconds`}::interval`;
  await database.db
    .update(jobs)
    .set({ runAt: sql`${jobs.runAt} - ${back}`, lockedAt: sql`${jobs.lockedAt} - ${back}` })
    .where(eq(jobs.type, type));
}

/** Seconds from now until the job is due again. */
async function secondsUntilDue(type: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select extract(epoch from ${jobs.runAt} - now())::float as s from ${jobs} where ${jobs.type} = ${type}`,
  )) as unknown as { rows: { s: number }[] };
  return result.rows[0]!.s;
}

/** The test job types, each with the payload its tests write. */
const empty = z.object({});
const numbered = z.object({ n: z.number() });
const named = z.object({ name: z.string() });
const raceJob = defineJob('test.race', numbered);
const heldJob = defineJob('test.held', numbered);
const crashJob = defineJob('test.crash', empty);
const backoffJob = defineJob('test.backoff', empty);
const permanentJob = defineJob('test.permanent', empty);
const wakeJob = defineJob('test.wake', named);
const stopJob = defineJob('test.stop', named);
const rowsJob = defineJob('test.rows', empty);

const runners: JobRunner[] = [];
/** A runner (stopped after the file) working `definition`'s jobs with `handler`. */
function runner<Job extends JobDefinition>(
  definition: Job,
  handler: JobHandler<Job>,
  db: Database = database.db,
): JobRunner {
  const created = createJobRunner({ db, log });
  created.handle(definition, handler);
  runners.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

describe('jobs runner', () => {
  it('two workers on one database run each job exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handler =
      (name: string): JobHandler<typeof raceJob> =>
      async ({ n }) => {
        runs.set(n, [...(runs.get(n) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
    for (let n = 0; n < 45; n++) await enqueueJob(database.db, { job: raceJob, payload: { n } });
    const a = runner(raceJob, handler('a'));
    const b = runner(raceJob, handler('b'), other?.db ?? database.db);
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(45);
    // Both took a share: they claimed side by side, not one after the other.
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 45 }, (_, n) => n));
    for (const [, by] of runs) expect(by).toHaveLength(1);
    const rows = await rowsOf('test.race');
    expect(rows.every((row) => row.completedAt && row.attempts === 1 && row.lockedBy === null)).toBe(true);
  });

  it.runIf(onPostgres)('skips a job another transaction holds, without waiting for it', async () => {
    for (const n of [1, 2, 3]) await enqueueJob(database.db, { job: heldJob, payload: { n } });
    const [held] = await rowsOf('test.held');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const ran: number[] = [];
    const worker = runner(heldJob, async ({ n }) => void ran.push(n));
    try {
      await client.query('begin');
      await client.query('select id from jobs where id = $1 for update', [held!.id]);
      // Waiting for the lock would have met the 2 s lock_timeout and failed the whole round.
      expect(await worker.runDue()).toBe(2);
      expect(ran.sort()).toEqual([2, 3]);
      await client.query('rollback');
      expect(await worker.runDue()).toBe(1);
      expect(ran.sort()).toEqual([1, 2, 3]);
    } finally {
      await client.end();
    }
  });

  it("claims a dead worker's job again once its lock has expired, and the dead one cannot finish it", async () => {
    await enqueueJob(database.db, { job: crashJob, payload: {} });
    const hung = gate();
    const attempts: number[] = [];
    // The first worker claims the job and never comes back from it (its process died).
    const dead = createJobRunner({ db: database.db, log });
    dead.handle(crashJob, async (_payload, job) => {
      attempts.push(job.attempts);
      await hung.opened;
    });
    dead.runSoon();
    await waitFor('the first claim', () => attempts.length === 1);
    const [claimed] = await rowsOf('test.crash');
    expect(claimed).toMatchObject({ attempts: 1, completedAt: null });
    expect(claimed!.lockedBy).not.toBeNull();

    const alive = runner(crashJob, async (_payload, job) => void attempts.push(job.attempts));
    // Not while the lock is fresh: the first worker may only be slow.
    expect(await alive.runDue()).toBe(0);
    await passTime('test.crash', 9 * 60);
    expect(await alive.runDue()).toBe(0);
    // Past the 10-minute lock: it runs again, as a second attempt.
    await passTime('test.crash', 2 * 60);
    expect(await alive.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2]);
    const [done] = await rowsOf('test.crash');
    expect(done).toMatchObject({ attempts: 2, lockedBy: null, lockedAt: null });
    expect(done!.completedAt).toBeInstanceOf(Date);

    // The first worker was only slow after all: its late end changes nothing.
    hung.open();
    await dead.stop();
    expect((await rowsOf('test.crash'))[0]).toEqual(done);
  });

  it('retries a failed job later and later, up to its max attempts', async () => {
    const tried: number[] = [];
    const worker = runner(backoffJob, async (_payload, job) => {
      tried.push(job.attempts);
      throw new Error(`down #${job.attempts}`);
    });
    await enqueueJob(database.db, { job: backoffJob, payload: {}, maxAttempts: 4 });
    // 30 s, 1 minute, 2 minutes after the 1st, 2nd and 3rd failures.
    for (const [attempt, delay] of [
      [1, 30],
      [2, 60],
      [3, 120],
    ] as const) {
      expect(await worker.runDue()).toBe(0);
      const [row] = await rowsOf('test.backoff');
      expect(row).toMatchObject({ attempts: attempt, completedAt: null, lockedBy: null });
      expect(row!.lastError).toBe(`down #${attempt}`);
      const wait = await secondsUntilDue('test.backoff');
      expect(wait).toBeGreaterThan(delay - 10);
      expect(wait).toBeLessThanOrEqual(delay);
      // Not due yet: it is left alone until then.
      expect(await worker.runDue()).toBe(0);
      expect(tried).toHaveLength(attempt);
      await passTime('test.backoff', delay);
    }
    // The 4th and last attempt fails too: the job is never tried again.
    await worker.runDue();
    expect(tried).toEqual([1, 2, 3, 4]);
    await passTime('test.backoff', 86_400);
    expect(await worker.runDue()).toBe(0);
    expect(tried).toHaveLength(4);
    expect((await rowsOf('test.backoff'))[0]).toMatchObject({ attempts: 4, completedAt: null });
  });

  it('stops a job at once on a PermanentJobError', async () => {
    let calls = 0;
    const worker = runner(permanentJob, async () => {
      calls++;
      throw new PermanentJobError('refused');
    });
    await enqueueJob(database.db, { job: permanentJob, payload: {}, maxAttempts: 8 });
    await worker.runDue();
    await passTime('test.permanent', 86_400);
    expect(await worker.runDue()).toBe(0);
    expect(calls).toBe(1);
    expect((await rowsOf('test.permanent'))[0]).toMatchObject({ attempts: 8, lastError: 'refused' });
  });

  it('a wake-up that arrives during a round brings one more round', async () => {
    const first = gate();
    const ran: string[] = [];
    const worker = runner(wakeJob, async ({ name }) => {
      ran.push(name);
      if (name === 'first') await first.opened;
    });
    await enqueueJob(database.db, { job: wakeJob, payload: { name: 'first' } });
    worker.runSoon();
    // The round has claimed what was due and is working on it...
    await waitFor('the first job', () => ran.includes('first'));
    // ...when another job is committed and the runner woken. Nothing else will run it: the runner
    // was never started, so it does not poll.
    await enqueueJob(database.db, { job: wakeJob, payload: { name: 'second' } });
    worker.runSoon();
    first.open();
    await waitFor('the second job', () => ran.includes('second'), 5_000);
    expect(ran).toEqual(['first', 'second']);
  });

  it('stop() waits for the job under way, and nothing is claimed after it', async () => {
    const busy = gate();
    const ran: string[] = [];
    const worker = createJobRunner({ db: database.db, log });
    worker.handle(stopJob, async ({ name }) => {
      ran.push(name);
      if (name === 'busy') await busy.opened;
    });
    worker.start(60_000);
    await enqueueJob(database.db, { job: stopJob, payload: { name: 'busy' } });
    worker.runSoon();
    await waitFor('the busy job', () => ran.includes('busy'));

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // Work that arrives while it stops is left for another instance (or the next start).
    await enqueueJob(database.db, { job: stopJob, payload: { name: 'late' } });
    worker.runSoon();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    busy.open();
    await stopping;
    const [busyRow, lateRow] = await rowsOf('test.stop');
    expect(busyRow!.completedAt).toBeInstanceOf(Date);
    expect(lateRow).toMatchObject({ attempts: 0, completedAt: null, lockedBy: null });

    expect(await worker.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual(['busy']);
    expect((await rowsOf('test.stop'))[1]).toMatchObject({ attempts: 0, lockedBy: null });
  });
});

describe('job payloads (decision 0047)', () => {
  const parkedJob = defineJob('test.parked', z.object({ n: z.number().int() }));

  it('TypeScript and enqueueJob refuse a payload its job type cannot read', async () => {
    await expect(
      // @ts-expect-error: n is a number in test.parked's payload
      enqueueJob(database.db, { job: parkedJob, payload: { n: 'one' } }),
    ).rejects.toThrow(
      'cannot read the job payload of test.parked: n: Invalid input: expected number, received string',
    );
    expect(await rowsOf('test.parked')).toEqual([]);
    const worker = createJobRunner({ db: database.db, log });
    worker.handle(parkedJob, async () => {});
    expect(() => worker.handle(parkedJob, async () => {})).toThrow('job type test.parked is already handled');
  });

  it('parks a job whose payload does not parse after one attempt, logs it once, and runs the next', async () => {
    // As another build (or a hand) might have written them: straight to the table, in this order.
    await database.db.insert(jobs).values([
      { type: 'test.parked', payload: { n: 'one' }, maxAttempts: 8 },
      { type: 'test.parked', payload: { n: 2 }, maxAttempts: 8 },
    ]);
    const [bad, good] = await rowsOf('test.parked');
    const lines: Record<string, unknown>[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const ran: number[] = [];
    const worker = createJobRunner({ db: database.db, log: logged });
    runners.push(worker);
    worker.handle(parkedJob, async ({ n }) => void ran.push(n));

    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    const [parked, done] = await rowsOf('test.parked');
    expect(done).toMatchObject({ id: good!.id, attempts: 1, lastError: null });
    expect(done!.completedAt).toBeInstanceOf(Date);
    // Out of attempts at once, like a PermanentJobError: never claimed again, kept with the reason.
    expect(parked).toMatchObject({
      id: bad!.id,
      attempts: 8,
      completedAt: null,
      lockedBy: null,
      lockedAt: null,
      lastError: 'payload does not parse: n: Invalid input: expected number, received string',
    });
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'job payload does not parse: parked, not retried',
      jobId: bad!.id,
      type: 'test.parked',
      attempts: 1,
      issues: [
        { code: 'invalid_type', path: ['n'], message: 'Invalid input: expected number, received string' },
      ],
    });

    // A day later: nothing runs again, nothing more is logged.
    await passTime('test.parked', 86_400);
    expect(await worker.runDue()).toBe(0);
    expect(ran).toEqual([2]);
    expect(lines.filter((line) => line.level === 50)).toHaveLength(1);
    expect((await rowsOf('test.parked'))[0]).toMatchObject({
      attempts: 8,
      completedAt: null,
      lockedBy: null,
      lastError: parked!.lastError,
    });
  });
});

describe('table jobs (the mail outbox) in the same runner', () => {
  it('wakes a table job alone, and a wake during its round brings one more', async () => {
    const held = gate();
    let rounds = 0;
    let rowRuns = 0;
    const worker = runner(rowsJob, async () => void rowRuns++);
    worker.add('test.table', {
      async runDue() {
        rounds++;
        if (rounds === 1) await held.opened;
        return 1;
      },
    });
    await enqueueJob(database.db, { job: rowsJob, payload: {} });
    worker.runSoon('test.table');
    await waitFor('the first round', () => rounds === 1);
    // Woken twice while its round runs: one more round follows, not two.
    worker.runSoon('test.table');
    worker.runSoon('test.table');
    held.open();
    await waitFor('the second round', () => rounds === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(2);
    // The row jobs were not woken...
    expect(rowRuns).toBe(0);
    // ...and runDue() runs every job type: the row job and a round of the table job.
    expect(await worker.runDue()).toBe(2);
    expect([rowRuns, rounds]).toEqual([1, 3]);
  });

  it('polls a table job at its own interval; stop() waits for its round, then closes it', async () => {
    const held = gate();
    const events: string[] = [];
    let rounds = 0;
    let stoppingSeen: boolean | undefined;
    const worker = createJobRunner({ db: database.db, log });
    worker.add('test.polled', {
      pollMs: 30,
      async runDue(stopping) {
        const round = ++rounds;
        if (round === 3) {
          await held.opened;
          stoppingSeen = stopping();
        }
        events.push(`round ${round}`);
        return 0;
      },
      close: () => void events.push('closed'),
    });
    // The row jobs poll once a minute; the table job every 30 ms.
    worker.start(60_000);
    await waitFor('three polls', () => rounds === 3);
    const stopped = worker.stop();
    held.open();
    await stopped;
    // The round under way was told to claim nothing more, and ended before the close.
    expect(stoppingSeen).toBe(true);
    expect(events).toEqual(['round 1', 'round 2', 'round 3', 'closed']);
    worker.runSoon();
    expect(await worker.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(3);
  });
});
