/**
 * Delivers the outbox (decision 0009). Without SMTP_URL e-mails stay `stored` and are logged when
 * written. With it, each e-mail goes to the mail server once:
 *
 * 1. Claim. A transaction takes due `pending` rows FOR UPDATE SKIP LOCKED and commits them as
 *    `sending` (claimed_at, attempts + 1). Several instances share the outbox; (id, attempts)
 *    names one claim, and every later write for the row is guarded by it. Just before, pending
 *    commercial e-mails whose address withdrew its consent become `withdrawn` (decision 0044).
 * 2. Handoff. The message leaves through nodemailer's SMTP client, which writes the final "." only
 *    when the message stream ends (see `handoffGate`). The stream ends only after `handed_off_at`
 *    was committed for the claim, so before that mark the server cannot have accepted the message.
 *    If the mark cannot be written (or the claim was taken over), the stream is destroyed with the
 *    error: nodemailer drops the connection without the dot and the server discards the message.
 * 3. Outcome. The server's 250 makes the row `sent`. An answer with an SMTP code (4xx, 5xx) means it
 *    was not accepted: back to `pending` with backoff, `failed` after MAX_ATTEMPTS. An error with
 *    no answer after the end went out (connection lost after the dot) makes it `unconfirmed`:
 *    logged, never sent again.
 * 4. Recovery. A claim older than CLAIM_TIMEOUT belongs to a dead worker (every send is bounded
 *    by the SMTP timeouts below): without handed_off_at the server never got the end of the
 *    message, so it goes back to `pending` (same Message-ID); with it, `unconfirmed`.
 *
 * The limit, by design: a crash (or lost connection) between the final dot and recording the 250
 * leaves the e-mail `unconfirmed`. The server may or may not have it; it is never sent twice.
 * An operator checks the mail server's log for its Message-ID (decision 0009).
 *
 * Speed: a pooled transport (CONCURRENCY connections); CONCURRENCY senders take claimed rows, and
 * the next batch of BATCH is claimed as soon as the last one is used up, while full ones come back.
 *
 * Delivery is a job type of the one background engine (jobs/queue.ts, decision 0025): a table job,
 * MAIL_DELIVERY_JOB, whose rounds the job runner starts. `deliverSoon()` wakes it after a commit (a
 * wake during a round brings one more round), and the runner polls it every POLL_MS as a backstop.
 */
import { Readable } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { and, eq, inArray, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { outboxHeadersColumnSchema } from '../../../domain/stored/outbox-headers.js';
import { describeIssues } from '../../../domain/stored/versions.js';
import type { Database } from '../../db/client.js';
import { emailOutbox, marketingConsents } from '../../db/schema.js';
import { currentSpanFailed, inSpan } from '../../observability/tracing.js';
import { claimDue, type JobRunner } from '../jobs/queue.js';
import type { Sender } from './layout.js';
import { enqueueEmails, messageIdDomain, type OutgoingEmail, type TransactionalEmail } from './outbox.js';

/** The job type under which the job runner delivers the outbox. */
export const MAIL_DELIVERY_JOB = 'mail.deliver';

export const MAX_ATTEMPTS = 6;
/** Rows claimed at once. A full batch means more may be due: the next one follows at once. */
export const BATCH = 20;
/** Messages in flight at once, one per pooled SMTP connection. */
export const CONCURRENCY = 5;
/** Polling is the backstop for `deliverSoon()`: retries coming due, another instance's rows. */
const POLL_MS = 5_000;
/**
 * Bounds of one send, so that CLAIM_TIMEOUT is known to be longer: connecting and the greeting
 * within 10 s, then at most 30 s of silence per step (EHLO, AUTH, MAIL, RCPT, DATA, the message,
 * the final answer), plus MARK_LOCK_TIMEOUT for the handoff mark.
 */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};
/**
 * A claim older than this was left by a worker that died (see the recovery step above). Were a
 * living worker slower than this, nothing goes twice: its mark or outcome no longer matches the
 * claim (the mark then fails and its message is dropped before the dot), or, once handed off, a
 * late 250 still turns `unconfirmed` into `sent`.
 */
export const CLAIM_TIMEOUT = '2 minutes';
/** Recovery is a scan of the outbox: no more often than this per mailer. */
const RECOVER_EVERY_MS = 30_000;
/**
 * The handoff mark waits this long for a lock on its row (meanwhile the server waits for the end
 * of the message), then the send is abandoned.
 */
const MARK_LOCK_TIMEOUT = '2s';

/**
 * What services use. Delivering is the job runner's: its `runDue()` sends everything due, batch
 * after batch, and its `stop()` waits for the round in progress, then closes the SMTP connections
 * this mailer opened.
 */
export interface Mailer {
  /** True when e-mails are actually delivered (SMTP configured). */
  readonly delivers: boolean;
  /**
   * Writes an e-mail to the outbox with the caller's executor (pass a transaction to make it atomic);
   * call `deliverSoon()` once that transaction has committed. A commercial e-mail is written only
   * when its address has granted e-mail consent, read in that transaction; otherwise nothing is
   * written, it is logged, and the answer is null (outbox.ts, decision 0044).
   */
  enqueue(db: Executor, email: TransactionalEmail): Promise<number>;
  enqueue(db: Executor, email: OutgoingEmail): Promise<number | null>;
  /** `enqueue` for several e-mails in one statement (in the given order); answers their ids. */
  enqueueAll(db: Executor, emails: readonly TransactionalEmail[]): Promise<number[]>;
  enqueueAll(db: Executor, emails: readonly OutgoingEmail[]): Promise<(number | null)[]>;
  /** Starts a delivery round in the background, or one more after the one under way (no-op without SMTP). */
  deliverSoon(): void;
}

type Executor = Pick<Database, 'insert' | 'select'>;

export interface MailerOptions {
  db: Database;
  from: string;
  /** The name, mailing address and contact e-mail every e-mail's footer carries. */
  sender: Sender;
  log: FastifyBaseLogger;
  /**
   * An SMTP URL (a pool of CONCURRENCY connections is made from it), or a transporter made by
   * nodemailer.createTransport with SMTP options (tests); undefined keeps e-mails in the outbox.
   */
  transport?: string | Transporter;
  /** The job runner that delivers (with a transport, the mailer adds MAIL_DELIVERY_JOB to it). */
  jobs: Pick<JobRunner, 'add' | 'runSoon'>;
  /**
   * Fault hook for tests: runs just before the handoff is recorded; a throw stands for a mark that
   * could not be written.
   */
  beforeHandoffMark?: (emailId: number) => void | Promise<void>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;
type Claimed = OutboxRow & { messageId: string };

/** What one send of one claimed row got to; shared by the gate and the outcome. */
interface Handoff {
  /** The mark was written and the end of the message went to nodemailer: the dot may be out. */
  ended: boolean;
  /** The mark in progress, so that the outcome is written after it. */
  marking?: Promise<void>;
  gate(input: Readable): Readable;
}

export function createMailer({
  db,
  from,
  sender,
  log,
  transport,
  jobs,
  beforeHandoffMark,
}: MailerOptions): Mailer {
  const ownTransport = typeof transport === 'string';
  const transporter: Transporter | undefined = ownTransport
    ? nodemailer.createTransport({
        url: transport,
        pool: true,
        maxConnections: CONCURRENCY,
        maxMessages: 1_000,
        ...SMTP_TIMEOUTS,
      })
    : transport;
  const domain = messageIdDomain(from);
  /** The sends in flight of this mailer, by Message-ID, for the stream plugin below. */
  const handoffs = new Map<string, Handoff>();

  if (transporter) {
    const name = (transporter.transporter as { name?: string }).name;
    if (name !== 'SMTP' && name !== 'SMTP (pool)') {
      // The handoff below rests on how nodemailer's SMTP client streams a message.
      throw new Error(`the mailer needs an SMTP transport, not ${name}`);
    }
    // A 'stream' plugin adds a processFunc (the hook nodemailer's own DKIM signing uses, in
    // mailer/index.js). It runs when the transport asks for the message stream, and the stream it
    // returns is the one the SMTP client sends. A `raw` stream would not do: nodemailer
    // (mime-node/index.js) pipes it into its own buffers as soon as the transport asks, before MAIL
    // FROM, so its end says nothing about where the SMTP exchange is (measured: a short message is
    // read to its end before the server sees MAIL FROM). The stream returned here is read only from
    // the DATA phase on (see handoffGate). DKIM, if it were ever configured, would read it whole
    // first: still never twice, but `handed_off_at` would be set before the envelope was sent.
    transporter.use('stream', (mail, done) => {
      const handoff = handoffs.get(String(mail.data.messageId));
      if (handoff) mail.message.processFunc((input) => handoff.gate(input));
      done();
    });
  }

  let recoveredAt = 0;

  /** The claim (id, attempts) and the status it left the row in: guards every write after the claim. */
  const ownClaim = (row: Claimed, ...statuses: string[]): SQL =>
    and(
      eq(emailOutbox.id, row.id),
      eq(emailOutbox.attempts, row.attempts),
      inArray(emailOutbox.status, statuses),
    )!;

  async function recover(): Promise<void> {
    const stale = await db
      .update(emailOutbox)
      .set({
        status: sql`case when ${emailOutbox.handedOffAt} is not null then 'unconfirmed'
          when ${emailOutbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
        lastError: sql`case when ${emailOutbox.handedOffAt} is not null
          then 'worker lost after handing the message to the mail server: not sent again'
          else 'worker lost before the end of the message went out' end`,
        nextAttemptAt: sql`now()`,
      })
      .where(
        and(
          eq(emailOutbox.status, 'sending'),
          lt(emailOutbox.claimedAt, sql`now() - ${CLAIM_TIMEOUT}::interval`),
        ),
      )
      .returning({ id: emailOutbox.id, status: emailOutbox.status, messageId: emailOutbox.messageId });
    for (const row of stale) {
      log.warn(
        { emailId: row.id, messageId: row.messageId, status: row.status },
        row.status === 'unconfirmed'
          ? 'e-mail unconfirmed: its worker died after handing it to the mail server; not sent again'
          : 'e-mail claimed by a worker that died before handing it off: back in the outbox',
      );
    }
  }

  /**
   * Commercial e-mails still waiting whose address has withdrawn consent since they were written
   * (a retry can wait 16 minutes) become `withdrawn` and are never sent: the footer says an
   * unsubscribe takes effect at once (decision 0044).
   */
  async function dropWithdrawn(): Promise<void> {
    const dropped = await db
      .update(emailOutbox)
      .set({ status: 'withdrawn', lastError: 'e-mail consent withdrawn before it was sent' })
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          eq(emailOutbox.kind, 'commercial'),
          notExists(
            db
              .select({ id: marketingConsents.id })
              .from(marketingConsents)
              .where(
                and(
                  eq(marketingConsents.email, sql`lower(${emailOutbox.to})`),
                  eq(marketingConsents.channel, 'email'),
                  eq(marketingConsents.granted, true),
                ),
              ),
          ),
        ),
      )
      .returning({ id: emailOutbox.id });
    for (const row of dropped) {
      log.info({ emailId: row.id }, 'commercial e-mail not sent: its address withdrew consent');
    }
  }

  async function claim(): Promise<Claimed[]> {
    await dropWithdrawn();
    // Committed before anything is sent: this is the claim that recovery and the guards check.
    const rows = await claimDue(db, emailOutbox, {
      due: and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
      orderBy: [emailOutbox.id],
      limit: BATCH,
      set: {
        status: 'sending',
        claimedAt: sql`now()`,
        handedOffAt: null,
        attempts: sql`${emailOutbox.attempts} + 1`,
        // Rows written before Message-IDs were fixed at enqueue get theirs now, once.
        messageId: sql`coalesce(${emailOutbox.messageId}, '<' || gen_random_uuid() || ${`@${domain}>`})`,
      },
    });
    return rows as Claimed[];
  }

  /** Records the handoff for this claim; throws when it cannot (the send is then abandoned). */
  async function markHandedOff(row: Claimed): Promise<void> {
    await beforeHandoffMark?.(row.id);
    const marked = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${MARK_LOCK_TIMEOUT}'`));
      return tx
        .update(emailOutbox)
        .set({ handedOffAt: sql`now()` })
        .where(ownClaim(row, 'sending'))
        .returning({ id: emailOutbox.id });
    });
    if (marked.length === 0) throw new Error('the claim on this e-mail was taken over; not sending');
  }

  /**
   * The message stream the SMTP client sends. nodemailer 10 (dist/esm/smtp-connection/index.js,
   * `send()`) pipes it into its DataStream only in the callback of `_setEnvelope`, once the server
   * answered DATA with 354, and DataStream (dist/esm/smtp-connection/data-stream.js) writes the
   * terminating "\r\n.\r\n" in its `_flush`, that is only after this stream ended. So: every
   * byte is passed on, then the mark is committed, and only then does the stream end. A failed
   * mark destroys the stream with the error: nodemailer fails the send (ESTREAM) and closes the
   * connection without the dot. The same stream cannot be read twice, and the pool resends a
   * message on another connection only if not a byte of it was read (smtp-pool/pool-resource.js,
   * `readableDidRead === false`), that is before any mark.
   */
  function handoffGate(row: Claimed, handoff: Handoff, input: Readable): Readable {
    async function* bytes() {
      for await (const chunk of input) yield chunk as Buffer;
      handoff.marking = markHandedOff(row);
      await handoff.marking;
      // Destroyed while marking (connection lost): the end never reaches nodemailer.
      if (gate.destroyed) throw new Error('message stream closed before the handoff');
      handoff.ended = true;
    }
    const gate = Readable.from(bytes(), { objectMode: false });
    return gate;
  }

  async function setOutcome(row: Claimed, statuses: string[], values: PgUpdateSetSource<typeof emailOutbox>) {
    const updated = await db
      .update(emailOutbox)
      .set(values)
      .where(ownClaim(row, ...statuses))
      .returning({ id: emailOutbox.id });
    if (updated.length === 0) {
      log.warn({ emailId: row.id, attempts: row.attempts }, 'e-mail outcome not recorded: claim taken over');
    }
  }

  /** Sends one claimed row; true when the server accepted it. Never throws. */
  async function deliverOne(row: Claimed): Promise<boolean> {
    // Written by this build or an older one: parsed, not trusted (decision 0047). Headers that do not
    // parse cannot be sent as they are, and no retry changes them: the e-mail fails at once.
    const headers = outboxHeadersColumnSchema.safeParse(row.headers);
    if (!headers.success) {
      log.error(
        { emailId: row.id, messageId: row.messageId, issues: headers.error.issues },
        'e-mail headers do not parse: failed, not sent',
      );
      try {
        await setOutcome(row, ['sending'], {
          status: 'failed',
          lastError: `headers do not parse: ${describeIssues(headers.error.issues)}`.slice(0, 500),
        });
      } catch (error) {
        log.error({ err: error, emailId: row.id }, 'recording an e-mail outcome failed');
      }
      return false;
    }
    const handoff: Handoff = {
      ended: false,
      gate: (input) => handoffGate(row, handoff, input),
    };
    handoffs.set(row.messageId, handoff);
    try {
      try {
        await transporter!.sendMail({
          from,
          to: row.to,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          messageId: row.messageId,
          // List-Unsubscribe and List-Unsubscribe-Post of a commercial e-mail (outbox.ts).
          ...(headers.data ? { headers: headers.data } : {}),
        });
      } catch (error) {
        currentSpanFailed(error);
        await handoff.marking?.catch(() => {});
        const responseCode = (error as { responseCode?: unknown }).responseCode;
        const answered = typeof responseCode === 'number';
        const message = String((error as Error).message ?? error).slice(0, 500);
        if (handoff.ended && !answered) {
          // The dot may have reached the server, and no answer came: it may have the message.
          log.warn(
            { err: error, emailId: row.id, messageId: row.messageId },
            'e-mail unconfirmed: connection lost after the message was handed off; not sent again',
          );
          await setOutcome(row, ['sending'], { status: 'unconfirmed', lastError: message });
          return false;
        }
        // The server refused it (it answered), or never got the end of it: safe to send again.
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        log.warn(
          { err: error, emailId: row.id, attempts: row.attempts },
          giveUp ? 'e-mail failed for good' : 'e-mail failed, will retry',
        );
        await setOutcome(row, ['sending'], {
          status: giveUp ? 'failed' : 'pending',
          lastError: message,
          handedOffAt: null,
          // 1, 2, 4, 8, 16 minutes.
          nextAttemptAt: sql`now() + ${`${2 ** (row.attempts - 1)} minutes`}::interval`,
        });
        return false;
      }
      if (!handoff.ended) {
        // Only a transport that did not stream the message through the gate gets here.
        log.error({ emailId: row.id }, 'e-mail sent without a recorded handoff');
      }
      // Also from `unconfirmed`: recovery may have given up on a slow but living worker.
      await setOutcome(row, ['sending', 'unconfirmed'], {
        status: 'sent',
        sentAt: new Date(),
        lastError: null,
      });
      return true;
    } catch (error) {
      // The outcome could not be written: the row stays `sending`, and recovery settles it.
      log.error({ err: error, emailId: row.id }, 'recording an e-mail outcome failed');
      return false;
    } finally {
      handoffs.delete(row.messageId);
    }
  }

  /** One round of MAIL_DELIVERY_JOB, started by the job runner. */
  async function round(stopping: () => boolean): Promise<number> {
    if (Date.now() - recoveredAt >= RECOVER_EVERY_MS) {
      recoveredAt = Date.now();
      await recover();
    }
    // CONCURRENCY senders take claimed rows one by one. When none is left and the last claim
    // came back full, the next batch is claimed at once (by one of them, the others wait for it):
    // a backlog drains in one round, without waiting for the slowest send of each batch.
    const queue: Claimed[] = [];
    let more = true;
    let claiming: Promise<void> | undefined;
    let sent = 0;
    const nextRow = async (): Promise<Claimed | undefined> => {
      for (;;) {
        const row = queue.shift();
        if (row) return row;
        if (!more || stopping()) return undefined;
        claiming ??= claim()
          .then((rows) => {
            queue.push(...rows);
            if (rows.length < BATCH) more = false;
          })
          .finally(() => {
            claiming = undefined;
          });
        await claiming;
      }
    };
    const sender = async () => {
      for (let row = await nextRow(); row; row = await nextRow()) {
        // Each e-mail a trace of its own (decision 0074): its id in the outbox, never its address.
        const delivered = await inSpan(
          'email send',
          {
            root: true,
            kind: SpanKind.CLIENT,
            attributes: { 'email.id': row.id, 'email.attempt': row.attempts },
          },
          () => deliverOne(row),
        );
        if (delivered) sent++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    return sent;
  }

  if (transporter) {
    jobs.add(MAIL_DELIVERY_JOB, {
      runDue: round,
      pollMs: POLL_MS,
      close: () => {
        if (ownTransport) transporter.close();
      },
    });
  }

  async function enqueueAll(executor: Executor, emails: readonly OutgoingEmail[]) {
    const ids = await enqueueEmails(executor, emails, { deliver: Boolean(transporter), domain, sender });
    emails.forEach((email, i) => {
      const fields = { emailId: ids[i], to: email.to, subject: email.subject };
      if (ids[i] === null) {
        log.info(fields, 'commercial e-mail not written: its address has not granted e-mail consent');
      } else if (!transporter) {
        log.info(fields, 'e-mail kept in the outbox (no SMTP_URL)');
      }
    });
    return ids;
  }

  return {
    delivers: Boolean(transporter),
    enqueueAll: enqueueAll as Mailer['enqueueAll'],
    enqueue: (async (executor: Executor, email: OutgoingEmail) => {
      const [id] = await enqueueAll(executor, [email]);
      return id;
    }) as Mailer['enqueue'],
    deliverSoon() {
      if (transporter) jobs.runSoon(MAIL_DELIVERY_JOB);
    },
  };
}
