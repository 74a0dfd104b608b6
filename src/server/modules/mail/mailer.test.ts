/**
 * The mailer against a real SMTP server (smtp-server on loopback) and the test database (PGlite, or
 * PostgreSQL with DATABASE_URL). Faults are made on purpose: the server answers 4xx, holds a
 * command or drops the connection at a chosen point, a fault hook fails the handoff mark, a row lock
 * is held from another connection, and a worker process is killed with SIGKILL at a known point.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.js';
import { emailOutbox, marketingConsents } from '../../db/schema.js';
import { pruneOldRecords } from '../maintenance/housekeeping.js';
import { readMessage, unescapeHtml } from '../../testing/mailbox.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { createJobRunner, type JobRunner } from '../jobs/queue.js';
import { createMailer, MAX_ATTEMPTS, type MailerOptions } from './mailer.js';
import { brandedHtml } from './layout.js';
import { enqueueEmail, type CommercialEmail, type OutgoingEmail } from './outbox.js';

const log = pino({ level: process.env.MAIL_TEST_LOG ?? 'silent' });
const FROM = 'Shop <orders@b.ca>';
const SENDER = { mailingAddress: '1234 Main Street, Vancouver, BC V6A 1A1', contactEmail: 'hello@b.ca' };
const WORKER = fileURLToPath(new URL('../../testing/mail-worker.ts', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

// ---------------------------------------------------------------------------------------------
// A real SMTP server on loopback that records every message it received whole (the final dot
// arrived), whether or not it then accepted it.

interface Received {
  session: string;
  to: string[];
  messageId: string;
  raw: string;
}

type Step = (session: SMTPServerSession, message?: Received) => void | Promise<void>;

async function startSmtp() {
  const received: Received[] = [];
  const rcpts: string[] = [];
  /** Hooks: before the answer to RCPT TO or to the message (hold it, or throw an SMTP error). */
  const on: { rcpt?: Step; data?: Step; close?: Step } = {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onClose(session) {
      void on.close?.(session);
    },
    onRcptTo(address, session, callback) {
      rcpts.push(address.address);
      Promise.resolve()
        .then(() => on.rcpt?.(session))
        .then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const message = {
          session: session.id,
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '',
          raw,
        };
        received.push(message);
        // After the whole message was read, before the answer.
        Promise.resolve()
          .then(() => on.data?.(session, message))
          .then(() => callback(), callback);
      });
    },
  });
  // A client cut off mid-message (a mailer killed on purpose, a shop stopped) is reported here as an
  // 'error' event (ECONNRESET); without a listener it would be an uncaught exception in the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rcpts,
    on,
    /** Cuts the connection of a session as a network failure would. */
    drop(session: SMTPServerSession) {
      const connections = (
        server as unknown as { connections: Set<{ session?: { id: string }; _socket: { destroy(): void } }> }
      ).connections;
      for (const connection of connections) {
        if (connection.session?.id === session.id) connection._socket.destroy();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

const waitFor = async (
  what: string | (() => string),
  check: () => boolean | Promise<boolean>,
  ms = 20_000,
) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// ---------------------------------------------------------------------------------------------

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  await database.destroy();
  await smtp.close();
});

const rowOf = async (id: number, db: Database = database.db) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

/**
 * A mailer on the test SMTP server and the job runner that delivers for it, as the app wires them:
 * the runner's `runDue()` delivers what is due, its `stop()` closes the mailer's pool.
 */
function mailerOn(db: Database, options: Partial<MailerOptions> = {}) {
  const jobs = createJobRunner({ db, log });
  const mailer = createMailer({ db, from: FROM, sender: SENDER, log, transport: smtp.url, jobs, ...options });
  return { mailer, jobs };
}

/** A mailer on the test SMTP server, stopped (its pool closed) after `use`. */
async function withMailer<T>(
  use: (mailer: ReturnType<typeof createMailer>, jobs: JobRunner) => Promise<T>,
  options: Partial<MailerOptions> = {},
): Promise<T> {
  const { mailer, jobs } = mailerOn(database.db, options);
  try {
    return await use(mailer, jobs);
  } finally {
    await jobs.stop();
  }
}

/** Time passes for these rows: every timestamp of theirs moves back by `minutes`. */
async function passTime(db: Database, ids: number[], minutes: number) {
  const back = sql`${`${minutes} minutes`}::interval`;
  await db
    .update(emailOutbox)
    .set({
      claimedAt: sql`${emailOutbox.claimedAt} - ${back}`,
      handedOffAt: sql`${emailOutbox.handedOffAt} - ${back}`,
      nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - ${back}`,
    })
    .where(inArray(emailOutbox.id, ids));
}

const receivedFor = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('mailer', () => {
  it('keeps e-mails in the outbox as stored when no mail server is configured', async () => {
    const jobs = createJobRunner({ db: database.db, log });
    const mailer = createMailer({ db: database.db, from: FROM, sender: SENDER, log, jobs });
    expect(mailer.delivers).toBe(false);
    const id = await mailer.enqueue(database.db, {
      kind: 'transactional',
      to: 'x@y.ca',
      subject: 'Hi',
      text: 'Body',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'stored', sentAt: null });
    // The Message-ID is fixed when the e-mail is written, in the sender's domain.
    expect((await rowOf(id)).messageId).toMatch(/^<[0-9a-f-]{36}@b\.ca>$/);
    expect(await jobs.runDue()).toBe(0);
  });

  it('delivers each pending e-mail exactly once, even with two workers', async () => {
    const a = mailerOn(database.db);
    const b = mailerOn(database.db);
    const ids = [];
    for (let i = 0; i < 45; i++) {
      ids.push(
        await a.mailer.enqueue(database.db, {
          kind: 'transactional',
          to: `c${i}@two.ca`,
          replyTo: 'r@y.ca',
          subject: `S${i}`,
          text: 'T',
        }),
      );
    }
    // Two workers racing over the same rows, batch after batch.
    const [byA, byB] = await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);
    expect(byA + byB).toBe(45);
    const got = smtp.received.filter((m) => m.to[0]!.endsWith('@two.ca'));
    expect(got.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `c${i}@two.ca`).sort());
    expect(got[0]!.raw).toMatch(/^From: Shop <orders@b\.ca>$/m);
    expect(got[0]!.raw).toMatch(/^Reply-To: r@y\.ca$/m);
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      expect(got.find((m) => m.messageId === row.messageId)).toBeDefined();
      expect(row.handedOffAt).toBeInstanceOf(Date);
    }
  });

  it('deliverSoon() wakes it, and a wake during a round brings one more round', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    smtp.on.data = (_session, message) => (message?.to.includes('wake1@y.ca') ? held : undefined);
    try {
      await withMailer(async (mailer) => {
        await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'wake1@y.ca',
          subject: 'W1',
          text: 'T',
        });
        mailer.deliverSoon();
        // The round has claimed what was due and is sending it...
        await waitFor('the first e-mail', () => receivedFor('wake1@y.ca').length === 1);
        // ...when another e-mail is committed and the mailer woken.
        await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'wake2@y.ca',
          subject: 'W2',
          text: 'T',
        });
        mailer.deliverSoon();
        release();
        await waitFor('the second e-mail', () => receivedFor('wake2@y.ca').length === 1, 5_000);
      });
    } finally {
      smtp.on.data = undefined;
      release();
    }
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    let failing = true;
    smtp.on.data = () => {
      if (failing) throw smtpError(451, 'try later');
    };
    try {
      await withMailer(async (mailer, jobs) => {
        const id = await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'retry@y.ca',
          subject: 'Retry',
          text: 'T',
        });
        await jobs.runDue();
        const failedOnce = await rowOf(id);
        expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, handedOffAt: null });
        expect(failedOnce.lastError).toMatch(/451 try later/);
        expect(failedOnce.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

        // Not due yet: nothing happens.
        failing = false;
        expect(await jobs.runDue()).toBe(0);

        // Due again: it goes out.
        await passTime(database.db, [id], 2);
        expect(await jobs.runDue()).toBe(1);
        expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });

        const doomed = await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'doomed@y.ca',
          subject: 'No',
          text: 'T',
        });
        failing = true;
        for (let i = 0; i < MAX_ATTEMPTS; i++) {
          await passTime(database.db, [doomed], 60);
          await jobs.runDue();
        }
        expect(await rowOf(doomed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      });
    } finally {
      smtp.on.data = undefined;
    }
  });

  it('sends the same Message-ID again after a 4xx', async () => {
    let refuse = true;
    smtp.on.data = () => {
      if (refuse) {
        refuse = false;
        throw smtpError(451, 'greylisted');
      }
    };
    try {
      await withMailer(async (mailer, jobs) => {
        const id = await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'grey@y.ca',
          subject: 'Grey',
          text: 'T',
        });
        await jobs.runDue();
        expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
        await passTime(database.db, [id], 2);
        expect(await jobs.runDue()).toBe(1);
        const [refused, accepted] = receivedFor('grey@y.ca').map((m) => m.messageId);
        expect(accepted).toBe(refused);
        expect(accepted).toBe((await rowOf(id)).messageId);
      });
    } finally {
      smtp.on.data = undefined;
    }
  });

  it('gives a row written before Message-IDs existed one at its first claim', async () => {
    const [row] = await database.db
      .insert(emailOutbox)
      .values({ to: 'legacy@y.ca', subject: 'Old row', text: 'T' })
      .returning({ id: emailOutbox.id });
    await withMailer((_mailer, jobs) => jobs.runDue());
    const { messageId } = await rowOf(row!.id);
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@b\.ca>$/);
    expect(receivedFor('legacy@y.ca').map((m) => m.messageId)).toEqual([messageId]);
  });

  it('drains a backlog of 200 in one runDue() call', async () => {
    for (let i = 0; i < 200; i++) {
      await enqueueEmail(
        database.db,
        { kind: 'transactional', to: `b${i}@backlog.ca`, subject: `B${i}`, text: 'T' },
        { deliver: true, domain: 'b.ca', sender: SENDER },
      );
    }
    await withMailer(async (mailer, jobs) => {
      expect(await jobs.runDue()).toBe(200);
    });
    expect(smtp.received.filter((m) => m.to[0]!.endsWith('@backlog.ca'))).toHaveLength(200);
  });

  it('a handoff mark that cannot be written stops the message before its end (fault hook)', async () => {
    let failMark = true;
    await withMailer(
      async (mailer, jobs) => {
        const id = await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'nomark@y.ca',
          subject: 'M',
          text: 'T',
        });
        expect(await jobs.runDue()).toBe(0);
        // The server was asked for DATA, and never got the end of the message.
        expect(smtp.rcpts).toContain('nomark@y.ca');
        expect(receivedFor('nomark@y.ca')).toHaveLength(0);
        expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, handedOffAt: null });
        expect((await rowOf(id)).lastError).toMatch(/mark refused/);

        failMark = false;
        await passTime(database.db, [id], 2);
        expect(await jobs.runDue()).toBe(1);
        expect(receivedFor('nomark@y.ca')).toHaveLength(1);
      },
      {
        beforeHandoffMark: () => {
          if (failMark) throw new Error('mark refused');
        },
      },
    );
  });

  it.runIf(onPostgres)(
    'a row lock held from another connection: the mark gives up and nothing is accepted',
    async () => {
      const id = await enqueueEmail(
        database.db,
        { kind: 'transactional', to: 'locked@y.ca', subject: 'L', text: 'T' },
        { deliver: true, domain: 'b.ca', sender: SENDER },
      );
      const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: [{ name: string }];
      };
      const other = new pg.Client({ connectionString: databaseUrl(current.rows[0].name) });
      await other.connect();
      try {
        // Taken when the server has been asked for the message: the handoff mark then waits on it.
        smtp.on.rcpt = async () => {
          smtp.on.rcpt = undefined;
          await other.query('begin');
          await other.query('select id from email_outbox where id = $1 for update', [id]);
        };
        // Given back once the client has dropped the connection without the end of the message.
        smtp.on.close = async () => {
          smtp.on.close = undefined;
          await other.query('rollback');
        };
        await withMailer(async (mailer, jobs) => {
          expect(await jobs.runDue()).toBe(0);
        });
        expect(receivedFor('locked@y.ca')).toHaveLength(0);
        const row = await rowOf(id);
        expect(row).toMatchObject({ attempts: 1, handedOffAt: null });
        // Back to pending, or still `sending` if recording the outcome met the lock too (the
        // database's own lock_timeout): then recovery puts it back.
        expect(['pending', 'sending']).toContain(row.status);
        await passTime(database.db, [id], 3);
        await withMailer(async (mailer, jobs) => {
          expect(await jobs.runDue()).toBe(1);
        });
        expect(receivedFor('locked@y.ca')).toHaveLength(1);
      } finally {
        smtp.on.rcpt = undefined;
        smtp.on.close = undefined;
        await other.end();
      }
    },
  );

  it('a connection lost after the final dot leaves the e-mail unconfirmed, never resent', async () => {
    smtp.on.data = (session, message) => {
      if (message?.to.includes('cut@y.ca')) {
        smtp.drop(session);
        return new Promise(() => {});
      }
    };
    try {
      await withMailer(async (mailer, jobs) => {
        const id = await mailer.enqueue(database.db, {
          kind: 'transactional',
          to: 'cut@y.ca',
          subject: 'Cut',
          text: 'T',
        });
        expect(await jobs.runDue()).toBe(0);
        const row = await rowOf(id);
        expect(row).toMatchObject({ status: 'unconfirmed', attempts: 1 });
        expect(row.handedOffAt).toBeInstanceOf(Date);
        await passTime(database.db, [id], 60);
        await jobs.runDue();
        expect(receivedFor('cut@y.ca')).toHaveLength(1);
        expect(await rowOf(id)).toMatchObject({ status: 'unconfirmed', attempts: 1 });
      });
    } finally {
      smtp.on.data = undefined;
    }
  });
});

describe('housekeeping and the outbox', () => {
  it('prunes old unconfirmed e-mails like other finished ones, never one being sent', async () => {
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    const rows = await database.db
      .insert(emailOutbox)
      .values(
        ['unconfirmed', 'sending', 'pending', 'sent'].map((status) => ({
          to: `${status}@prune.ca`,
          subject: 'Old',
          text: 'T',
          status,
          createdAt: longAgo,
        })),
      )
      .returning({ id: emailOutbox.id, status: emailOutbox.status });
    await pruneOldRecords(database.db);
    const left = await database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.status).sort()).toEqual(['pending', 'sending']);
  });
});

// ---------------------------------------------------------------------------------------------
// A worker in a child process, killed with SIGKILL at a known point of a send.

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * A database that a child process can open too: a PGlite data directory (only one process at a
 * time: the test closes its handle while the worker runs) or a PostgreSQL database (both at once).
 */
async function sharedDatabase() {
  if (!onPostgres) {
    const dir = mkdtempSync(join(tmpdir(), 'northbite-mail-kill-'));
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    let handle: DatabaseHandle | undefined = await openDatabase({ kind: 'pglite', dir, snapshot });
    return {
      target: dir,
      db: () => handle!.db,
      /** Before the worker starts: PGlite allows one process on a data directory. */
      release: async () => {
        await handle?.close();
        handle = undefined;
      },
      reopen: async () => {
        handle = await openDatabase({ kind: 'pglite', dir });
      },
      destroy: async () => {
        await handle?.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `shop_test_mailkill_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = databaseUrl(name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  return {
    target: url,
    db: () => handle.db,
    release: async () => {},
    reopen: async () => {},
    destroy: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function startWorker(target: string, smtpUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, target, smtpUrl], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  return {
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('mailer, with a worker killed at a known point', () => {
  it(
    'killed before the end of the message went out: sent exactly once after recovery',
    { timeout: 60_000 },
    async () => {
      const shared = await sharedDatabase();
      try {
        const id = await enqueueEmail(
          shared.db(),
          { kind: 'transactional', to: 'killed-before@y.ca', subject: 'K', text: 'T' },
          { deliver: true, domain: 'b.ca', sender: SENDER },
        );
        await shared.release();
        // The worker's session is held at RCPT TO: the message itself has not been asked for.
        let held = false;
        smtp.on.rcpt = () => {
          held = true;
          return new Promise(() => {});
        };
        const worker = startWorker(shared.target, smtp.url);
        try {
          await waitFor(
            () => `the worker's RCPT TO (${worker.output()})`,
            () => held,
          );
          if (onPostgres) {
            await waitFor('the claim', async () => (await rowOf(id, shared.db())).attempts === 1);
          }
        } finally {
          smtp.on.rcpt = undefined;
          await worker.kill();
        }
        await shared.reopen();
        expect(await rowOf(id, shared.db())).toMatchObject({
          status: 'sending',
          handedOffAt: null,
          attempts: 1,
        });
        expect(receivedFor('killed-before@y.ca')).toHaveLength(0);

        // Not before the claim has expired (the worker might be alive and slow)...
        const mailer = () => mailerOn(shared.db()).jobs;
        const early = mailer();
        await early.runDue();
        await early.stop();
        expect(await rowOf(id, shared.db())).toMatchObject({ status: 'sending' });
        // ...then back to pending and sent once, with the same Message-ID.
        await passTime(shared.db(), [id], 3);
        const late = mailer();
        expect(await late.runDue()).toBe(1);
        await late.stop();
        const row = await rowOf(id, shared.db());
        expect(row).toMatchObject({ status: 'sent', attempts: 2 });
        expect(receivedFor('killed-before@y.ca').map((m) => m.messageId)).toEqual([row.messageId]);
      } finally {
        await shared.destroy();
      }
    },
  );

  it(
    'killed after the handoff, before the answer: unconfirmed, and the server has it once',
    { timeout: 60_000 },
    async () => {
      const shared = await sharedDatabase();
      try {
        const id = await enqueueEmail(
          shared.db(),
          { kind: 'transactional', to: 'killed-after@y.ca', subject: 'K', text: 'T' },
          { deliver: true, domain: 'b.ca', sender: SENDER },
        );
        await shared.release();
        // The server has read the whole message (the final dot) and does not answer.
        smtp.on.data = (_session, message) => {
          if (message?.to.includes('killed-after@y.ca')) return new Promise(() => {});
        };
        const worker = startWorker(shared.target, smtp.url);
        try {
          await waitFor(
            () => `the whole message (${worker.output()})`,
            () => receivedFor('killed-after@y.ca').length > 0,
          );
          if (onPostgres) {
            await waitFor('the claim', async () => (await rowOf(id, shared.db())).attempts === 1);
          }
        } finally {
          smtp.on.data = undefined;
          await worker.kill();
        }
        await shared.reopen();
        const before = await rowOf(id, shared.db());

        // Long after: recovery finds the dead worker's claim; the e-mail is not sent again.
        await passTime(shared.db(), [id], 10);
        const { jobs } = mailerOn(shared.db());
        await jobs.runDue();
        await jobs.runDue();
        await jobs.stop();
        expect(receivedFor('killed-after@y.ca')).toHaveLength(1);
        // The worker had recorded the handoff before the server could have the end of the message.
        expect(before).toMatchObject({ status: 'sending', attempts: 1 });
        expect(before.handedOffAt).toBeInstanceOf(Date);
        expect(await rowOf(id, shared.db())).toMatchObject({ status: 'unconfirmed', attempts: 1 });
      } finally {
        await shared.destroy();
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Transactional and commercial e-mail (CASL, decision 0044).

describe('e-mail kinds', () => {
  const UNSUBSCRIBE = 'https://shop.example.ca/unsubscribe?token=abc_DEF-123';

  /** Where `email` stands on e-mail marketing: granted, withdrawn, or no record at all. */
  async function consent(email: string, granted: boolean | null) {
    await database.db
      .delete(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, 'email')));
    if (granted !== null) {
      await database.db.insert(marketingConsents).values({ email, channel: 'email', granted });
    }
  }

  const commercial = (to: string): CommercialEmail => ({
    kind: 'commercial',
    to,
    subject: 'Snacks on sale',
    text: 'Our cookies are on sale.',
    html: '<!doctype html><html><body><p>Our cookies are on sale.</p></body></html>',
    unsubscribeUrl: UNSUBSCRIBE,
  });

  const received = (to: string) => {
    const [message] = smtp.received.filter((m) => m.to.some((rcpt) => rcpt.toLowerCase() === to));
    expect(message, `an e-mail to ${to}`).toBeDefined();
    return readMessage(message!.raw);
  };

  it('sends a commercial e-mail with one-click unsubscribe headers and the sender in its footer', async () => {
    await consent('buyer@kinds.ca', true);
    await withMailer(async (mailer, jobs) => {
      // The address is compared lower-cased, as the consent record keeps it.
      const id = await mailer.enqueue(database.db, commercial('Buyer@Kinds.ca'));
      expect(id).not.toBeNull();
      expect(await rowOf(id!)).toMatchObject({
        kind: 'commercial',
        headers: {
          'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await jobs.runDue();
    });
    const { headers, text, html } = received('buyer@kinds.ca');
    // Exactly as RFC 8058 writes them.
    expect(headers.get('list-unsubscribe')).toBe(`<${UNSUBSCRIBE}>`);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const body of [text, unescapeHtml(html)]) {
      expect(body).toContain('Our cookies are on sale.');
      expect(body).toContain('Northbite');
      expect(body).toContain(SENDER.mailingAddress);
      expect(body).toContain(SENDER.contactEmail);
      expect(body).toContain('takes effect at once');
    }
    expect(text).toContain(`Unsubscribe with one click; it takes effect at once: ${UNSUBSCRIBE}`);
    expect(unescapeHtml(html)).toContain(`<a href="${UNSUBSCRIBE}"`);
    expect(html).toMatch(/>Unsubscribe<\/a>/);
  });

  it('sends a transactional e-mail with the mailing address and no unsubscribe link or header', async () => {
    await withMailer(async (mailer, jobs) => {
      const id = await mailer.enqueue(database.db, {
        kind: 'transactional',
        to: 'receipt@kinds.ca',
        subject: 'Your order',
        text: 'Thank you for your order.',
        html: brandedHtml({ paragraphs: ['Thank you for your order.'] }),
      });
      expect(await rowOf(id)).toMatchObject({ kind: 'transactional', headers: null });
      await jobs.runDue();
    });
    const { headers, text, html } = received('receipt@kinds.ca');
    expect(headers.has('list-unsubscribe')).toBe(false);
    expect(headers.has('list-unsubscribe-post')).toBe(false);
    for (const body of [text, unescapeHtml(html)]) {
      expect(body).toContain(SENDER.mailingAddress);
      expect(body).toContain(SENDER.contactEmail);
      expect(body).not.toMatch(/unsubscribe/i);
    }
    // In the layout's small print, inside its column.
    expect(html.indexOf(SENDER.contactEmail)).toBeLessThan(html.indexOf('</div></body>'));
  });

  it('does not write a commercial e-mail to an address without granted e-mail consent', async () => {
    await consent('withdrew@kinds.ca', false);
    await consent('never@kinds.ca', null);
    await consent('agreed@kinds.ca', true);
    const jobs = createJobRunner({ db: database.db, log });
    const mailer = createMailer({ db: database.db, from: FROM, sender: SENDER, log, jobs });
    expect(await mailer.enqueue(database.db, commercial('withdrew@kinds.ca'))).toBeNull();
    expect(await mailer.enqueue(database.db, commercial('never@kinds.ca'))).toBeNull();
    // A text-message consent is not an e-mail consent.
    await database.db
      .insert(marketingConsents)
      .values({ email: 'never@kinds.ca', channel: 'sms', granted: true, phoneNumber: '+16045550100' });
    const ids = await mailer.enqueueAll(database.db, [
      commercial('never@kinds.ca'),
      { kind: 'transactional', to: 'never@kinds.ca', subject: 'Your order', text: 'T' },
      commercial('agreed@kinds.ca'),
    ]);
    expect(ids[0]).toBeNull();
    expect(ids[1]).toEqual(expect.any(Number));
    expect(ids[2]).toEqual(expect.any(Number));
    const written = await database.db
      .select({ to: emailOutbox.to, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ['withdrew@kinds.ca', 'never@kinds.ca', 'agreed@kinds.ca']));
    expect(written.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: 'agreed@kinds.ca', kind: 'commercial' },
      { to: 'never@kinds.ca', kind: 'transactional' },
    ]);
  });

  it('never sends a commercial e-mail whose address withdrew consent after it was written', async () => {
    await consent('changed-mind@kinds.ca', true);
    await withMailer(async (mailer, jobs) => {
      const id = await mailer.enqueue(database.db, commercial('changed-mind@kinds.ca'));
      await consent('changed-mind@kinds.ca', false);
      await jobs.runDue();
      expect(await rowOf(id!)).toMatchObject({ status: 'withdrawn', attempts: 0 });
    });
    expect(receivedFor('changed-mind@kinds.ca')).toHaveLength(0);
  });

  it('fails at once, unsent and logged, an e-mail whose stored headers do not parse, and sends the next', async () => {
    await consent('garbled@kinds.ca', true);
    await consent('next@kinds.ca', true);
    const lines: Record<string, unknown>[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    await withMailer(
      async (mailer, jobs) => {
        const garbled = await mailer.enqueue(database.db, commercial('garbled@kinds.ca'));
        const next = await mailer.enqueue(database.db, commercial('next@kinds.ca'));
        // As another build, or a hand, might have left them: a header that would smuggle in another.
        await database.db
          .update(emailOutbox)
          .set({ headers: { 'List-Unsubscribe': `<${UNSUBSCRIBE}>\r\nBcc: everyone@kinds.ca` } })
          .where(eq(emailOutbox.id, garbled!));
        expect(await jobs.runDue()).toBe(1);
        expect(await rowOf(garbled!)).toMatchObject({
          status: 'failed',
          attempts: 1,
          lastError: 'headers do not parse: List-Unsubscribe: must be one http(s) link in angle brackets',
        });
        expect(await rowOf(next!)).toMatchObject({ status: 'sent', attempts: 1 });
        const errors = lines.filter((line) => line.level === 50);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatchObject({
          msg: 'e-mail headers do not parse: failed, not sent',
          emailId: garbled,
          issues: [{ path: ['List-Unsubscribe'], message: 'must be one http(s) link in angle brackets' }],
        });
        // Never tried again, and logged once.
        await passTime(database.db, [garbled!], 60);
        expect(await jobs.runDue()).toBe(0);
        expect(await rowOf(garbled!)).toMatchObject({ status: 'failed', attempts: 1 });
        expect(lines.filter((line) => line.level === 50)).toHaveLength(1);
      },
      { log: logged },
    );
    expect(receivedFor('garbled@kinds.ca')).toHaveLength(0);
    expect(receivedFor('next@kinds.ca')).toHaveLength(1);
  });

  it('refuses to type an e-mail without a kind, or a transactional one with an unsubscribe link', () => {
    // @ts-expect-error: every e-mail says whether it is transactional or commercial.
    const noKind: OutgoingEmail = { to: 'a@b.ca', subject: 'S', text: 'T' };
    // @ts-expect-error: a commercial e-mail needs its unsubscribe link.
    const noLink: OutgoingEmail = { kind: 'commercial', to: 'a@b.ca', subject: 'S', text: 'T' };
    // @ts-expect-error: only commercial e-mail has an unsubscribe link.
    const linked: OutgoingEmail = {
      kind: 'transactional',
      to: 'a@b.ca',
      subject: 'S',
      text: 'T',
      unsubscribeUrl: UNSUBSCRIBE,
    };
    expect([noKind, noLink, linked]).toHaveLength(3);
  });
});
