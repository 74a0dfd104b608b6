/**
 * Delivers the outbox. With SMTP_URL: claims due `pending` rows with FOR UPDATE SKIP LOCKED (so
 * several instances share the work and each e-mail goes once), sends them through nodemailer, and
 * retries failures with exponential backoff up to MAX_ATTEMPTS. Without it: e-mails stay `stored`
 * in the outbox and are logged when written (see `announceStored`).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { enqueueEmail, type OutgoingEmail } from './outbox.js';

export const MAX_ATTEMPTS = 6;
const BATCH = 10;

export interface Mailer {
  /** True when e-mails are actually delivered (SMTP configured). */
  readonly delivers: boolean;
  /**
   * Writes an e-mail to the outbox with the caller's executor (pass a transaction to make it atomic);
   * call `deliverSoon()` once that transaction has committed.
   */
  enqueue(db: Pick<Database, 'insert'>, email: OutgoingEmail): Promise<number>;
  /** Starts a delivery round in the background (no-op without SMTP). */
  deliverSoon(): void;
  /** Sends what is due; returns how many were sent. Safe to run from several instances at once. */
  deliverDue(): Promise<number>;
  /** Polls the outbox every `intervalMs` until `stop()`. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  from: string;
  log: FastifyBaseLogger;
  /** An SMTP URL, or a ready transport (tests); undefined keeps e-mails in the outbox. */
  transport?: string | Transporter;
}

export function createMailer({ db, from, log, transport }: MailerOptions): Mailer {
  const transporter = typeof transport === 'string' ? nodemailer.createTransport(transport) : transport;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliverDue(): Promise<number> {
    if (!transporter) return 0;
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(emailOutbox.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      // Pushing the next attempt forward is the claim: other workers skip these rows until then.
      await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'`, attempts: sql`${emailOutbox.attempts} + 1` })
        .where(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
      return rows;
    });

    let sent = 0;
    for (const email of claimed) {
      try {
        await transporter.sendMail({
          from,
          to: email.to,
          replyTo: email.replyTo ?? undefined,
          subject: email.subject,
          text: email.text,
          html: email.html ?? undefined,
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, email.id));
        sent++;
      } catch (error) {
        const attempts = email.attempts + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        log.warn(
          { err: error, emailId: email.id, attempts },
          giveUp ? 'e-mail failed for good' : 'e-mail failed, will retry',
        );
        await db
          .update(emailOutbox)
          .set({
            status: giveUp ? 'failed' : 'pending',
            lastError: String((error as Error).message ?? error).slice(0, 500),
            // 1, 2, 4, 8, 16 minutes.
            nextAttemptAt: sql`now() + ${`${2 ** (attempts - 1)} minutes`}::interval`,
          })
          .where(eq(emailOutbox.id, email.id));
      }
    }
    return sent;
  }

  const runOnce = () => {
    running ??= deliverDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox delivery failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    delivers: Boolean(transporter),
    async enqueue(executor, email) {
      const id = await enqueueEmail(executor, email, Boolean(transporter));
      if (!transporter) {
        log.info(
          { emailId: id, to: email.to, subject: email.subject },
          'e-mail kept in the outbox (no SMTP_URL)',
        );
      }
      return id;
    },
    deliverDue: runOnce,
    deliverSoon() {
      if (transporter) void runOnce();
    },
    start(intervalMs = 15_000) {
      if (!transporter || timer) return;
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
