import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { createMailer, MAX_ATTEMPTS } from './mailer.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const log = pino({ level: 'silent' });

/** A transport that records what it sends and fails while `failing` is true. */
function recordingTransport() {
  const sent: { to: string; subject: string; from: string; replyTo?: string }[] = [];
  const state = { failing: false };
  const transport = {
    async sendMail(mail: { to: string; subject: string; from: string; replyTo?: string }) {
      if (state.failing) throw new Error('SMTP 421 try later');
      sent.push(mail);
      return { messageId: String(sent.length) };
    },
  } as unknown as Transporter;
  return { sent, state, transport };
}

const rowOf = async (id: number) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe('mailer', () => {
  it('keeps e-mails in the outbox as stored when no mail server is configured', async () => {
    const mailer = createMailer({ db: database.db, from: 'Shop <a@b.ca>', log });
    expect(mailer.delivers).toBe(false);
    const id = await mailer.enqueue(database.db, { to: 'x@y.ca', subject: 'Hi', text: 'Body' });
    expect(await rowOf(id)).toMatchObject({ status: 'stored', sentAt: null });
    expect(await mailer.deliverDue()).toBe(0);
  });

  it('delivers each pending e-mail exactly once, even with two workers', async () => {
    const { sent, transport } = recordingTransport();
    const a = createMailer({ db: database.db, from: 'Shop <a@b.ca>', log, transport });
    const b = createMailer({ db: database.db, from: 'Shop <a@b.ca>', log, transport });
    const ids = [];
    for (let i = 0; i < 15; i++) {
      ids.push(
        await a.enqueue(database.db, { to: `c${i}@y.ca`, replyTo: 'r@y.ca', subject: `S${i}`, text: 'T' }),
      );
    }
    // Two workers racing over the same rows (batches of 10), then once more to drain the rest.
    await Promise.all([a.deliverDue(), b.deliverDue()]);
    await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sent).toHaveLength(15);
    expect(sent.map((m) => m.to).sort()).toEqual(ids.map((_, i) => `c${i}@y.ca`).sort());
    expect(sent[0]).toMatchObject({ from: 'Shop <a@b.ca>', replyTo: 'r@y.ca' });
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    const { sent, state, transport } = recordingTransport();
    const mailer = createMailer({ db: database.db, from: 'Shop <a@b.ca>', log, transport });
    const id = await mailer.enqueue(database.db, { to: 'retry@y.ca', subject: 'Retry', text: 'T' });
    state.failing = true;
    await mailer.deliverDue();
    const failedOnce = await rowOf(id);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 421 try later' });
    expect(failedOnce!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing happens.
    state.failing = false;
    expect(await mailer.deliverDue()).toBe(0);

    // Due again: it goes out.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, id));
    expect(await mailer.deliverDue()).toBe(1);
    expect(sent.map((m) => m.to)).toContain('retry@y.ca');

    const doomed = await mailer.enqueue(database.db, { to: 'doomed@y.ca', subject: 'No', text: 'T' });
    state.failing = true;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(emailOutbox.id, doomed));
      await mailer.deliverDue();
    }
    expect(await rowOf(doomed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});
